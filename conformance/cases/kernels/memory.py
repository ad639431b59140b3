# conformance: loads and stores. Masks, `other`, strides, broadcasting,
# ragged edges and non-contiguous (transposed) access; the element type
# comes from the signature, so each kernel serves every dtype.
import triton
import triton.language as tl


@triton.jit
def masked_copy(src, dst, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(dst + offs, tl.load(src + offs, mask=mask), mask=mask)


@triton.jit
def load_other(src, dst, n, BLOCK: tl.constexpr, OTHER: tl.constexpr):
    # Every lane is stored: lanes past n must hold OTHER.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(src + offs, mask=offs < n, other=OTHER)
    tl.store(dst + offs, x)


@triton.jit
def strided_gather(src, dst, n, stride, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(src + offs * stride, mask=mask)
    tl.store(dst + offs, x, mask=mask)


@triton.jit
def strided_scatter(src, dst, n, stride, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(src + offs, mask=mask)
    tl.store(dst + offs * stride, x, mask=mask)


@triton.jit
def broadcast_row(row, dst, M, N, BM: tl.constexpr, BN: tl.constexpr):
    # One row, loaded once, broadcast over BM rows of the output.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.arange(0, BN)
    x = tl.load(row + rn, mask=rn < N)
    tile = tl.broadcast_to(x[None, :], (BM, BN))
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    tl.store(dst + rm[:, None] * N + rn[None, :], tile, mask=mask)


@triton.jit
def broadcast_col(col, dst, M, N, BM: tl.constexpr, BN: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.arange(0, BN)
    x = tl.load(col + rm, mask=rm < M)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    # The pointer tile is 2-D and the value 1-D along rows: store broadcasts.
    tl.store(dst + rm[:, None] * N + rn[None, :], x[:, None], mask=mask)


@triton.jit
def transpose2d(src, dst, M, N, BM: tl.constexpr, BN: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    x = tl.load(src + rm[:, None] * N + rn[None, :], mask=mask)
    tl.store(dst + rn[None, :] * M + rm[:, None], x, mask=mask)


@triton.jit
def trans_op(src, dst, M: tl.constexpr, N: tl.constexpr):
    # tl.trans on a loaded tile, stored contiguously.
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    x = tl.load(src + rm[:, None] * N + rn[None, :])
    y = tl.trans(x)
    tl.store(dst + rn[:, None] * M + rm[None, :], y)


@triton.jit
def fill_scalar(dst, value, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(dst + offs, value, mask=offs < n)


@triton.jit
def reverse_copy(src, dst, n, BLOCK: tl.constexpr):
    # Descending addresses within a tile.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(src + (n - 1 - offs), mask=mask)
    tl.store(dst + offs, x, mask=mask)


@triton.jit
def mask_from_data(src, flags, dst, n, BLOCK: tl.constexpr):
    # A mask computed from loaded data rather than from indices.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    inb = offs < n
    f = tl.load(flags + offs, mask=inb, other=0)
    x = tl.load(src + offs, mask=inb & (f != 0))
    tl.store(dst + offs, x, mask=inb & (f != 0))


@triton.jit
def reshape_copy(src, dst, M: tl.constexpr, N: tl.constexpr):
    offs = tl.arange(0, M * N)
    x = tl.load(src + offs)
    y = tl.reshape(x, (M, N))
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    tl.store(dst + rm[:, None] * N + rn[None, :], y)


@triton.jit
def copy3d(src, dst, A, B, C, BA: tl.constexpr, BB: tl.constexpr, BC: tl.constexpr):
    ra = tl.arange(0, BA)
    rb = tl.arange(0, BB)
    rc = tl.arange(0, BC)
    idx = ra[:, None, None] * (B * C) + rb[None, :, None] * C + rc[None, None, :]
    mask = (ra[:, None, None] < A) & (rb[None, :, None] < B) & (rc[None, None, :] < C)
    x = tl.load(src + idx, mask=mask)
    tl.store(dst + idx, x, mask=mask)


@triton.jit
def load_past_2g(src, dst, base, n, BLOCK: tl.constexpr):
    # `base` is an int64 past 2**31: `src + base` must not wrap to 32 bits.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(dst + offs, tl.load(src + base + offs, mask=mask), mask=mask)


@triton.jit
def store_past_2g(src, dst, base, end, BLOCK: tl.constexpr):
    # An int64 scalar plus an int32 tile is an int64 tile: the offsets, and
    # the mask compared with `end`, are 64-bit.
    local = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    offs = base + local
    mask = offs < end
    tl.store(dst + offs, tl.load(src + local, mask=mask), mask=mask)
