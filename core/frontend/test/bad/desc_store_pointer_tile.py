# The value a descriptor stores must match its element type: not pointers.
# expect-error: 12:21: descriptor.store: the value must be a tile of numbers for the descriptor's fp32 elements, got tile of *fp32 [16, 16]
# kernel: kern
# signature: *fp32,i32
# define: BLOCK=16
import triton
import triton.language as tl

@triton.jit
def kern(x_ptr, n, BLOCK: tl.constexpr):
    d = tl.make_tensor_descriptor(x_ptr, shape=[n, BLOCK], strides=[BLOCK, 1], block_shape=[BLOCK, BLOCK])
    d.store([0, 0], x_ptr + tl.zeros((BLOCK, BLOCK), dtype=tl.int32))
