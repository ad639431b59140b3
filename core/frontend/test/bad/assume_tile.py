# tl.assume takes a boolean scalar, not a tile.
# expect-error: 10:15: assume: the condition must be a boolean scalar, got tile of i1 [16]
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl

@triton.jit
def k(out_ptr, n):
    tl.assume(tl.arange(0, 16) < n)
