# tl.split needs a last dimension of size 2.
# expect-error: 11:21: split: the last dimension must have size 2, got tile of fp32 [16]
# kernel: k
# signature: *fp32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    a, b = tl.split(x)
