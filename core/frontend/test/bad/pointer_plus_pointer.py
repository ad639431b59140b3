# Two pointers cannot be added.
# expect-error: 10:15: '+' between two pointers is not supported
# kernel: k
# signature: *fp32,*fp32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, y_ptr):
    z = x_ptr + y_ptr
