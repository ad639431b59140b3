# Loads through a block pointer are bounded by boundary_check, not a mask.
# expect-error: 13:20: load: 'mask' and 'other' cannot be given with a block pointer; use boundary_check and padding_option
# kernel: k
# signature: *fp16,i32
import triton
import triton.language as tl

@triton.jit
def k(q_ptr, n):
    p = tl.make_block_ptr(base=q_ptr, shape=(n, 64), strides=(64, 1), offsets=(0, 0),
                          block_shape=(16, 64), order=(1, 0))
    rows = tl.arange(0, 16)[:, None] < n
    x = tl.load(p, mask=rows)
