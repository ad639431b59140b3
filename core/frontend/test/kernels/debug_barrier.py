# A block-wide exchange through global memory, ordered by tl.debug_barrier:
# each program stores its tile, then loads it back reversed.
import triton
import triton.language as tl


@triton.jit
def reverse_through_memory(x_ptr, scratch_ptr, out_ptr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + pid * BLOCK + offs)
    tl.store(scratch_ptr + pid * BLOCK + offs, x)
    tl.debug_barrier()
    y = tl.load(scratch_ptr + pid * BLOCK + (BLOCK - 1 - offs))
    tl.store(out_ptr + pid * BLOCK + offs, y)
