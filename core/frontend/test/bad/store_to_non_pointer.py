# tl.store needs a pointer.
# expect-error: 10:14: store: 'pointer' must be a pointer or a tile of pointers, got scalar of type i32
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, n):
    tl.store(n, 1.0)
