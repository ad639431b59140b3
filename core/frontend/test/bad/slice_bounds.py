# Tiles can be indexed only with ':' and None.
# expect-error: 10:11: tiles can only be indexed with ':' and None (e.g. x[:, None])
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl
@triton.jit
def k(x_ptr, n):
    a = tl.arange(0, 16)
    b = a[2:4]
