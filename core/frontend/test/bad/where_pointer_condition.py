# tl.where's condition must be a boolean or integer tile, not a pointer.
# expect-error: 11:18: where: the condition must be a boolean tile, got scalar of type *fp32
# kernel: kern
# signature: *fp32,*fp32
# define: BLOCK=16
import triton
import triton.language as tl

@triton.jit
def kern(x_ptr, out_ptr, BLOCK: tl.constexpr):
    x = tl.where(x_ptr, tl.zeros((BLOCK,), dtype=tl.float32), 1.0)
    tl.store(out_ptr + tl.arange(0, BLOCK), x)
