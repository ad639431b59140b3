# tl.histogram counts integers.
# expect-error: 11:52: histogram: the input must be an integer tile, got tile of fp32 [16]
# kernel: k
# signature: *fp32,*i32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, h_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    tl.store(h_ptr + tl.arange(0, 8), tl.histogram(x, 8))
