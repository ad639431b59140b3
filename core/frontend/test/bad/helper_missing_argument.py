# A missing argument in a call to a @jit helper.
# expect-error: 15:21: scale() missing required argument 'factor'
# kernel: k
# signature: *fp32
import triton
import triton.language as tl

@triton.jit
def scale(x, factor):
    return x * factor

@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr)
    tl.store(x_ptr, scale(x))
