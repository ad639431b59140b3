# A block type has element_ty, scalar, shape, numel and is_block().
# expect-error: 11:16: a block type has no attribute 'itemsize' (it has element_ty, scalar, shape, numel and is_block())
# kernel: k
# signature: *fp32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    y = x.type.itemsize
