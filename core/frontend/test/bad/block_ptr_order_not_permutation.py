# order is a permutation of the dimensions.
# expect-error: 11:49: make_block_ptr: 'order' must be a permutation of 0..1, got [1, 1]
# kernel: k
# signature: *fp16,i32
import triton
import triton.language as tl

@triton.jit
def k(q_ptr, n):
    p = tl.make_block_ptr(base=q_ptr, shape=(n, 64), strides=(64, 1), offsets=(0, 0),
                          block_shape=(16, 64), order=(1, 1))
