# A block pointer is not a tile of pointers: no pointer arithmetic on it.
# expect-error: 12:11: '+' is not defined on a block pointer: it is not a tile of pointers; move it with tl.advance(ptr, offsets)
# kernel: k
# signature: *fp16,i32
import triton
import triton.language as tl

@triton.jit
def k(q_ptr, n):
    p = tl.make_block_ptr(base=q_ptr, shape=(n, 64), strides=(64, 1), offsets=(0, 0),
                          block_shape=(16, 64), order=(1, 0))
    q = p + 64
