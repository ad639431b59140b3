# tl.where with a condition that does not broadcast.
# expect-error: 12:9: incompatible shapes for broadcasting: [32] and [16]
# kernel: k
# signature: *fp32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    c = tl.arange(0, 32) > 4
    y = tl.where(c, x, 0.0)
