# Block dimensions are powers of two.
# expect-error: 11:27: make_block_ptr: block dimensions must be powers of two, got [16, 48]
# kernel: k
# signature: *fp16,i32
import triton
import triton.language as tl

@triton.jit
def k(q_ptr, n):
    p = tl.make_block_ptr(base=q_ptr, shape=(n, 64), strides=(64, 1), offsets=(0, 0),
                          block_shape=(16, 48), order=(1, 0))
