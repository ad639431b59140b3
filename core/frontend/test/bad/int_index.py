# Integer indexing of a tile is not supported.
# expect-error: 9:26: tiles can only be indexed with ':' and None (e.g. x[:, None])
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl
@triton.jit
def k(x_ptr, n):
    a = tl.arange(0, 16)[0]
