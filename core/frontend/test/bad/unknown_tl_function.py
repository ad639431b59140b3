# A tl function the kernel language does not have.
# expect-error: 11:12: unknown name 'tl.softmax_fast': not an operation or type of the kernel language
# kernel: k
# signature: *fp32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    y = tl.softmax_fast(x)
