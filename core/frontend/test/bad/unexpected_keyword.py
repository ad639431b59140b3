# A misspelled keyword argument.
# expect-error: 10:24: load() got an unexpected keyword argument 'maks'
# kernel: k
# signature: *fp32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr, maks=True)
