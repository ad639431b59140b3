# tl.load's 'other' only makes sense with a mask.
# expect-error: 10:43: load: 'other' needs a mask
# kernel: k
# signature: *fp32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16), other=0.0)
