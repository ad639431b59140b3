# A while loop on a constant condition.
# expect-error: 10:11: a while loop on a constant condition never ends (or never runs); kernels have no 'break'
# kernel: k
# signature: *fp32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
    while True:
        tl.store(x_ptr, 1.0)
