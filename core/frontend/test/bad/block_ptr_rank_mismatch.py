# shape, strides, offsets and order need one entry per block dimension.
# expect-error: 10:54: make_block_ptr: 'strides' has 3 entries but the block shape [16, 64] has 2 dimensions
# kernel: k
# signature: *fp16,i32
import triton
import triton.language as tl

@triton.jit
def k(q_ptr, n):
    p = tl.make_block_ptr(base=q_ptr, shape=(n, 64), strides=(64, 1, 1), offsets=(0, 0),
                          block_shape=(16, 64), order=(1, 0))
