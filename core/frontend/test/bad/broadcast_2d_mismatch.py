# A [16, 8] tile and a [16] tile do not broadcast (trailing dimensions differ).
# expect-error: 13:16: incompatible shapes for broadcasting: [16, 8] and [16]
# kernel: k
# signature: *fp32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
    rows = tl.arange(0, 16)[:, None]
    cols = tl.arange(0, 8)[None, :]
    grid = rows * 8 + cols
    bad = grid + tl.arange(0, 16)
