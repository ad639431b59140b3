# The '@' operator is not supported; tl.dot is.
# expect-error: 10:11: '@' is not supported; use tl.dot(a, b)
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl
@triton.jit
def k(x_ptr, n):
    a = tl.zeros((16,16), dtype=tl.float16)
    b = a @ a
