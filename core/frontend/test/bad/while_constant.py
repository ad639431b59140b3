# A while loop on a constant true condition with no way out.
# expect-error: 10:11: a while loop on a constant true condition needs a 'break' or 'return' to end
# kernel: k
# signature: *fp32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
    while True:
        tl.store(x_ptr, 1.0)
