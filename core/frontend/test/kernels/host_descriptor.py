import triton
import triton.language as tl


@triton.jit
def scale_tiles(x_desc, y_desc, alpha, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # x_desc and y_desc come from TensorDescriptor.from_tensor on the host.
    off_m = tl.program_id(0) * BLOCK_M
    off_n = tl.program_id(1) * BLOCK_N
    x = x_desc.load([off_m, off_n])
    y_desc.store([off_m, off_n], x * alpha)
