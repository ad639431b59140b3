"""Row mean and variance: a Welford reduction in the style of the kernels
TorchInductor generates (per-lane running statistics over blocks, then
tl.reduce with a three-operand combine function), and a two-pass version over
2-D tiles with keep_dims."""
import triton
import triton.language as tl


@triton.jit
def welford_reduce(value, mean, m2, weight, first_iteration):
    if first_iteration:
        new_weight = tl.full(weight.shape, 1, weight.dtype)
        new_mean = value
        new_m2 = tl.zeros_like(m2)
    else:
        delta = value - mean
        new_weight = weight + 1
        new_mean = mean + delta / new_weight
        new_m2 = m2 + delta * (value - new_mean)
    return new_mean, new_m2, new_weight


@triton.jit
def welford_combine(mean_1, m2_1, weight_1, mean_2, m2_2, weight_2):
    delta = mean_2 - mean_1
    new_weight = weight_1 + weight_2
    w2_over_w = tl.where(new_weight == 0.0, 0.0, weight_2 / new_weight)
    return (
        mean_1 + delta * w2_over_w,
        m2_1 + m2_2 + delta * delta * weight_1 * w2_over_w,
        new_weight,
    )


@triton.jit
def welford(mean, m2, weight, dim):
    return tl.reduce((mean, m2, weight), dim, welford_combine)


@triton.heuristics({"EVEN_N": lambda args: args["N"] % args["BLOCK_SIZE"] == 0})
@triton.jit
def welford_mean_var_kernel(X, Mean, Var, stride, N, correction, BLOCK_SIZE: tl.constexpr,
                            EVEN_N: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    X += row * stride
    cols = tl.arange(0, BLOCK_SIZE)
    mean = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    m2 = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    weight = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for off in range(0, N, BLOCK_SIZE):
        offs = off + cols
        if EVEN_N:
            x = tl.load(X + offs).to(tl.float32)
            mean, m2, weight = welford_reduce(x, mean, m2, weight, off == 0)
        else:
            mask = offs < N
            x = tl.load(X + offs, mask=mask, other=0.0).to(tl.float32)
            mean_next, m2_next, weight_next = welford_reduce(x, mean, m2, weight, off == 0)
            mean = tl.where(mask, mean_next, mean)
            m2 = tl.where(mask, m2_next, m2)
            weight = tl.where(mask, weight_next, weight)
    row_mean, row_m2, row_weight = welford(mean, m2, weight, 0)
    tl.store(Mean + row, row_mean)
    tl.store(Var + row, row_m2 / tl.maximum(row_weight - correction, 0.0))


@triton.jit
def var_mean_kernel(X, Mean, Var, n_rows, N, correction, BLOCK_M: tl.constexpr,
                    BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)[:, None]
    cols = tl.arange(0, BLOCK_N)[None, :]
    mask = (rows < n_rows) & (cols < N)
    x = tl.load(X + rows * N + cols, mask=mask, other=0.0).to(tl.float32)
    mean = tl.sum(x, axis=1, keep_dims=True) / N
    diff = tl.where(mask, x - mean, 0.0)
    var = tl.sum(diff * diff, axis=1, keep_dims=True) / (N - correction)
    tl.store(Mean + rows, mean, mask=rows < n_rows)
    tl.store(Var + rows, var, mask=rows < n_rows)
