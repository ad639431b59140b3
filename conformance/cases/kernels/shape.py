# conformance: data movement inside tiles: tl.gather, tl.sort, tl.flip,
# tl.join / tl.interleave / tl.split, tl.histogram.
import triton
import triton.language as tl


@triton.jit
def gather1d(x_ptr, idx_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    idx = tl.load(idx_ptr + offs)
    tl.store(out_ptr + offs, tl.gather(x, idx, 0))


@triton.jit
def gather2d(x_ptr, idx_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    # out[m, k] = x[m, idx[m, k]]
    rows = tl.arange(0, M)[:, None]
    x = tl.load(x_ptr + rows * N + tl.arange(0, N)[None, :])
    idx_offs = rows * K + tl.arange(0, K)[None, :]
    idx = tl.load(idx_ptr + idx_offs)
    tl.store(out_ptr + idx_offs, tl.gather(x, idx, axis=1))


@triton.jit
def sort_rows(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr, DESCENDING: tl.constexpr):
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, tl.sort(x, descending=DESCENDING))


@triton.jit
def flip2d(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr, DIM: tl.constexpr):
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, tl.flip(x, DIM))


@triton.jit
def join_split(a_ptr, b_ptr, ab_ptr, a2_ptr, b2_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    # join puts the pair on a new last axis: row-major, a and b interleave
    ab = tl.reshape(tl.join(a, b), [2 * BLOCK])
    tl.store(ab_ptr + tl.arange(0, 2 * BLOCK), ab)
    # split takes them apart again; interleave is join + reshape
    a2, b2 = tl.split(tl.reshape(tl.interleave(b, a), [BLOCK, 2]))
    tl.store(a2_ptr + offs, a2)
    tl.store(b2_ptr + offs, b2)


@triton.jit
def histogram(x_ptr, out_ptr, n, BLOCK: tl.constexpr, BINS: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0)
    h = tl.histogram(x, BINS, mask=offs < n)
    tl.store(out_ptr + tl.arange(0, BINS), h)
