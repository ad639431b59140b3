# A load mask whose shape does not fit the pointer tile.
# expect-error: 12:31: load: the mask has shape [32], which does not broadcast to the shape of the pointer [16]
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, n):
    offs = tl.arange(0, 16)
    m = tl.arange(0, 32) < n
    x = tl.load(x_ptr + offs, mask=m)
