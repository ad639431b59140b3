# 'break' parses but kernels do not support it.
# expect-error: 12:13: 'break' is not supported in kernels; use a loop condition or a mask
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, n):
    for i in range(n):
        if i > 3:
            break
