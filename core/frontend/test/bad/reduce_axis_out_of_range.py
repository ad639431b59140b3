# A reduction axis must name a dimension of the tile.
# expect-error: 11:9: axis 1 is out of range for a tile of 1 dimension
# kernel: k
# signature: *fp32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    s = tl.max(x, axis=1)
