import triton
import triton.language as tl


@triton.jit
def join_split(a_ptr, b_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    lo, hi = tl.split(tl.join(a, b))
    tl.store(out_ptr + tl.arange(0, 2 * BLOCK), tl.interleave(hi, lo))


@triton.jit
def sort_flip(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, tl.flip(tl.sort(x, descending=True)))


@triton.jit
def gather_histogram(src_ptr, idx_ptr, out_ptr, hist_ptr, BLOCK: tl.constexpr,
                     BINS: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    src = tl.load(src_ptr + offs)
    idx = tl.load(idx_ptr + offs)
    tl.store(out_ptr + offs, tl.gather(src, idx, 0))
    tl.store(hist_ptr + tl.arange(0, BINS), tl.histogram(idx, BINS))


@triton.jit
def random_numbers(out_ptr, uni_ptr, seed, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.randint(seed, offs))
    tl.store(uni_ptr + offs, tl.rand(seed, offs))


@triton.jit
def mul_high(a_ptr, b_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.umulhi(tl.load(a_ptr + offs), tl.load(b_ptr + offs)))


@triton.jit
def softmax_rows(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr):
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, tl.softmax(x, dim=1, keep_dims=True, ieee_rounding=True))


@triton.jit
def swizzled_tile(out_ptr, GROUP: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    i, j = tl.swizzle2d(pid_m, pid_n, tl.num_programs(0), tl.num_programs(1), GROUP)
    tl.store(out_ptr + pid_m * tl.num_programs(1) + pid_n, i * 1000 + j)


@triton.jit
def scaled_dot(a_ptr, a_scale_ptr, b_ptr, b_scale_ptr, c_ptr, FMT: tl.constexpr):
    offs = tl.arange(0, 32)
    half = tl.arange(0, 16)
    one = tl.arange(0, 1)
    a = tl.load(a_ptr + offs[:, None] * 16 + half[None, :])
    b = tl.load(b_ptr + half[:, None] * 32 + offs[None, :])
    a_scale = tl.load(a_scale_ptr + offs[:, None] + one[None, :])
    b_scale = tl.load(b_scale_ptr + offs[:, None] + one[None, :])
    c = tl.dot_scaled(a, a_scale, FMT, b, b_scale, FMT)
    tl.store(c_ptr + offs[:, None] * 32 + offs[None, :], c)
