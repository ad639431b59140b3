# tl.gather: the index matches the source in every dimension but the axis.
# expect-error: 13:26: gather: index dimension 1 must match the source's ([16, 8] and [16, 16])
# kernel: k
# signature: *fp32,*i32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, i_ptr):
    r = tl.arange(0, 16)
    src = tl.load(x_ptr + r[:, None] * 16 + r[None, :])
    idx = tl.load(i_ptr + r[:, None] * 8 + tl.arange(0, 8)[None, :])
    out = tl.gather(src, idx, 0)
