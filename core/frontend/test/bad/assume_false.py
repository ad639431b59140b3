# tl.assume of a constant False can never hold.
# expect-error: 10:15: assume: the condition is always False
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl

@triton.jit
def k(out_ptr, n):
    tl.assume(False)
