# tl.reshape must keep the number of elements.
# expect-error: 11:9: reshape: cannot reshape 16 elements into [4, 8]
# kernel: k
# signature: *fp32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    y = tl.reshape(x, (4, 8))
