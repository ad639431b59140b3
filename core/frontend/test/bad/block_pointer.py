# Block pointers are not supported; the message says what to do instead.
# expect-error: 10:12: block pointers ('tl.make_block_ptr') are not supported; build tiles of pointers with
# kernel: k
# signature: *fp16,i32
import triton
import triton.language as tl

@triton.jit
def k(q_ptr, n):
    p = tl.make_block_ptr(base=q_ptr, shape=(n, 64), strides=(64, 1), offsets=(0, 0),
                          block_shape=(16, 64), order=(1, 0))
