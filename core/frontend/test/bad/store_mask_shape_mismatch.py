# A store mask whose shape does not fit the pointer tile.
# expect-error: 12:33: store: the mask has shape [8], which does not broadcast to the shape of the pointer [16]
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, n):
    offs = tl.arange(0, 16)
    m = tl.arange(0, 8) < n
    tl.store(x_ptr + offs, 1.0, mask=m)
