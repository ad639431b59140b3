import triton
import triton.language as tl


@triton.jit
def join_split_kernel(a_ptr, b_ptr, joined_ptr, lo_ptr, hi_ptr, inter_ptr,
                      BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    c = tl.join(a, b)
    pair = tl.arange(0, 2)
    tl.store(joined_ptr + offs[:, None] * 2 + pair[None, :], c)
    lo, hi = c.split()
    tl.store(lo_ptr + offs, lo)
    tl.store(hi_ptr + offs, hi)
    tl.store(inter_ptr + tl.arange(0, 2 * BLOCK), tl.interleave(a, b))


@triton.jit
def split_bits_kernel(x_ptr, lo_ptr, hi_ptr, BLOCK: tl.constexpr):
    # Splits (re, im) pairs of a float tensor: NaN payloads and -0.0 survive.
    offs = tl.arange(0, BLOCK)
    pair = tl.arange(0, 2)
    x = tl.load(x_ptr + offs[:, None] * 2 + pair[None, :])
    re, im = tl.split(x)
    tl.store(lo_ptr + offs, re)
    tl.store(hi_ptr + offs, im)


@triton.jit
def flip_kernel(x_ptr, out_ptr, out0_ptr, M: tl.constexpr, N: tl.constexpr):
    rows = tl.arange(0, M)
    cols = tl.arange(0, N)
    x = tl.load(x_ptr + rows[:, None] * N + cols[None, :])
    tl.store(out_ptr + rows[:, None] * N + cols[None, :], tl.flip(x))
    tl.store(out0_ptr + rows[:, None] * N + cols[None, :], x.flip(0))


@triton.jit
def gather_kernel(src_ptr, idx_ptr, out_ptr, out1_ptr, M: tl.constexpr, N: tl.constexpr,
                  K: tl.constexpr):
    # out[i, j] = src[idx[i, j], j] along axis 0; src is M x N, idx K x N.
    rows = tl.arange(0, M)
    cols = tl.arange(0, N)
    src = tl.load(src_ptr + rows[:, None] * N + cols[None, :])
    krows = tl.arange(0, K)
    idx = tl.load(idx_ptr + krows[:, None] * N + cols[None, :])
    tl.store(out_ptr + krows[:, None] * N + cols[None, :], tl.gather(src, idx, 0))
    # along axis 1 (M == N): out1[i, j] = src[i, idx1[i, j]], idx1 = idx.T % N
    idx1 = tl.trans(idx) % N
    tl.store(out1_ptr + rows[:, None] * K + krows[None, :], src.gather(idx1, axis=1))


@triton.jit
def histogram_kernel(x_ptr, out_ptr, masked_ptr, n, BLOCK: tl.constexpr,
                     BINS: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + tl.arange(0, BINS), tl.histogram(x, BINS))
    h = tl.histogram(x, BINS, mask=offs < n)
    tl.store(masked_ptr + tl.arange(0, BINS), h)


@triton.jit
def sort_kernel(x_ptr, asc_ptr, desc_ptr, M: tl.constexpr, N: tl.constexpr):
    rows = tl.arange(0, M)
    cols = tl.arange(0, N)
    offs = rows[:, None] * N + cols[None, :]
    x = tl.load(x_ptr + offs)
    tl.store(asc_ptr + offs, tl.sort(x))
    tl.store(desc_ptr + offs, tl.sort(x, dim=1, descending=True))


@triton.jit
def umulhi_kernel(a_ptr, b_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    tl.store(out_ptr + offs, tl.umulhi(a, b))
