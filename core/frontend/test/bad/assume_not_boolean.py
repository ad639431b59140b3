# tl.assume takes a boolean scalar.
# expect-error: 10:15: assume: the condition must be a boolean scalar, got scalar of type i32
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl

@triton.jit
def k(out_ptr, n):
    tl.assume(n)
