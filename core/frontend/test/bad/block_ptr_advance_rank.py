# tl.advance moves every dimension.
# expect-error: 12:23: advance: 'offsets' has 1 entries but the block pointer has rank 2
# kernel: k
# signature: *fp16,i32
import triton
import triton.language as tl

@triton.jit
def k(q_ptr, n):
    p = tl.make_block_ptr(base=q_ptr, shape=(n, 64), strides=(64, 1), offsets=(0, 0),
                          block_shape=(16, 64), order=(1, 0))
    p = tl.advance(p, (16,))
