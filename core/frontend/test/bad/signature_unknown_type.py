# The signature names a type that does not exist.
# expect-error: 9:5: invalid signature for 'k': signature entry 1: unknown type 'int33' (expected e.g. i32,
# kernel: k
# signature: *fp32,int33
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, n):
    pass
