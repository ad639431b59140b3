# A store through a block pointer takes a value of the block's shape.
# expect-error: 12:17: store: the value has shape [16, 32] but the block pointer's block is [16, 64]
# kernel: k
# signature: *fp16,i32
import triton
import triton.language as tl

@triton.jit
def k(q_ptr, n):
    p = tl.make_block_ptr(base=q_ptr, shape=(n, 64), strides=(64, 1), offsets=(0, 0),
                          block_shape=(16, 64), order=(1, 0))
    tl.store(p, tl.zeros((16, 32), dtype=tl.float16), boundary_check=(0,))
