# padding_option is "zero", "nan" or "".
# expect-error: 12:41: load: unknown padding_option 'ones' (expected "zero", "nan" or "")
# kernel: k
# signature: *fp16,i32
import triton
import triton.language as tl

@triton.jit
def k(q_ptr, n):
    p = tl.make_block_ptr(base=q_ptr, shape=(n, 64), strides=(64, 1), offsets=(0, 0),
                          block_shape=(16, 64), order=(1, 0))
    x = tl.load(p, boundary_check=(0,), padding_option="ones")
