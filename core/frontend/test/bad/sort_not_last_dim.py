# tl.sort sorts the last dimension only, as in Triton.
# expect-error: 12:20: sort: only the last dimension can be sorted (as in Triton)
# kernel: k
# signature: *fp32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
    r = tl.arange(0, 16)
    x = tl.load(x_ptr + r[:, None] * 16 + r[None, :])
    y = tl.sort(x, dim=0)
