# Two 1-D tiles of different lengths do not broadcast.
# expect-error: 12:11: incompatible shapes for broadcasting: [16] and [32]
# kernel: k
# signature: *fp32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
    a = tl.arange(0, 16)
    b = tl.arange(0, 32)
    c = a + b
