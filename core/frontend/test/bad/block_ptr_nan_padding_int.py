# NaN padding needs floating-point elements.
# expect-error: 12:41: load: padding_option="nan" needs floating-point elements, but the block pointer's are i32
# kernel: k
# signature: *i32,i32
import triton
import triton.language as tl

@triton.jit
def k(q_ptr, n):
    p = tl.make_block_ptr(base=q_ptr, shape=(n, 64), strides=(64, 1), offsets=(0, 0),
                          block_shape=(16, 64), order=(1, 0))
    x = tl.load(p, boundary_check=(0,), padding_option="nan")
