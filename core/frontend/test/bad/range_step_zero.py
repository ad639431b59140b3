# A range with step 0.
# expect-error: 9:26: range step must not be zero
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl
@triton.jit
def k(x_ptr, n):
    for i in range(0, n, 0):
        pass
