# A name that is never assigned.
# expect-error: 10:25: undefined name 'offsets'
# kernel: k
# signature: *fp32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr + offsets)
