# tl.arange needs a power-of-two length.
# expect-error: 10:12: arange: the range length must be a power of two, got 100
# kernel: k
# signature: *fp32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
    offs = tl.arange(0, 100)
