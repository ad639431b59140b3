# A tile with more than 2**20 elements.
# expect-error: 9:18: zeros: a tile of shape [1048576, 1048576] has more than 1048576 elements
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl
@triton.jit
def k(x_ptr, n):
    a = tl.zeros((1 << 20, 1 << 20), dtype=tl.float32)
