# conformance: 1-D, 2-D and 3-D grids: program ids and grid sizes.
import triton
import triton.language as tl


@triton.jit
def grid_ids(out_ptr):
    # Each program writes its ids and the grid size at its linear index.
    x = tl.program_id(0)
    y = tl.program_id(1)
    z = tl.program_id(2)
    nx = tl.num_programs(0)
    ny = tl.num_programs(1)
    nz = tl.num_programs(2)
    base = ((z * ny + y) * nx + x) * 6
    tl.store(out_ptr + base, x)
    tl.store(out_ptr + base + 1, y)
    tl.store(out_ptr + base + 2, z)
    tl.store(out_ptr + base + 3, nx)
    tl.store(out_ptr + base + 4, ny)
    tl.store(out_ptr + base + 5, nz)


@triton.jit
def grid_stride(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # Fewer programs than blocks: each walks the blocks num_programs apart.
    nblocks = tl.cdiv(n, BLOCK)
    for blk in range(tl.program_id(0), nblocks, tl.num_programs(0)):
        offs = blk * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) + 1, mask=mask)
