# A missing required argument of a builtin.
# expect-error: 11:5: store() missing required argument 'value'
# kernel: k
# signature: *fp32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr)
    tl.store(x_ptr)
