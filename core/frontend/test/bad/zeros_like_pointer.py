# zeros_like of a pointer is not supported: there is no zero pointer constant.
# expect-error: 11:23: zeros_like: the input must be a tile of numbers, got scalar of type *fp32
# kernel: kern
# signature: *fp32
# define: BLOCK=16
import triton
import triton.language as tl

@triton.jit
def kern(out_ptr, BLOCK: tl.constexpr):
    z = tl.zeros_like(out_ptr)
