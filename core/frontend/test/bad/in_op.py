# The 'in' operator is not part of the kernel language.
# expect-error: 10:14: 'in' is not supported inside kernels
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl
@triton.jit
def k(x_ptr, n):
    a = tl.arange(0, 16)
    b = n in a
