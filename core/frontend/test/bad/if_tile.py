# The condition of an if must be a scalar.
# expect-error: 9:8: the condition of an if must be a scalar, got tile of i1 [16]; use tl.where or a mask for
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl
@triton.jit
def k(x_ptr, n):
    if tl.arange(0, 16) > 2:
        pass
