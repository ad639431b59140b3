# boundary_check names axes of the block pointer.
# expect-error: 12:20: load: boundary_check axis 2 is out of range for a block pointer of rank 2 (axes are 0..1)
# kernel: k
# signature: *fp16,i32
import triton
import triton.language as tl

@triton.jit
def k(q_ptr, n):
    p = tl.make_block_ptr(base=q_ptr, shape=(n, 64), strides=(64, 1), offsets=(0, 0),
                          block_shape=(16, 64), order=(1, 0))
    x = tl.load(p, boundary_check=(0, 2))
