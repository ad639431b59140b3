# Kernels return nothing; results go through pointers.
# expect-error: 9:5: kernel 'k' returns a value; kernels write their results through pointers
# kernel: k
# signature: *fp32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
    return tl.load(x_ptr)
