# range() bounds must be integers.
# expect-error: 10:23: range bounds must be integers, got scalar of type fp32
# kernel: k
# signature: *fp32,fp32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, limit):
    for i in range(0, limit):
        pass
