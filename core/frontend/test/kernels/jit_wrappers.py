# Kernels made by calling the decorators, as Liger, Unsloth and vLLM write
# them, and decorators whose arguments are host code (comprehensions,
# lambdas).
import itertools

import triton
import triton.language as tl


def _scale(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    tl.store(out_ptr + offsets, tl.load(x_ptr + offsets, mask=mask) * 2.0, mask=mask)


_scale = triton.jit(_scale)


def _shift_impl(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    tl.store(out_ptr + offsets, tl.load(x_ptr + offsets, mask=mask) + 1.0, mask=mask)


shift = triton.autotune(
    configs=[triton.Config({"BLOCK_SIZE": b}, num_warps=w)
             for b, w in itertools.product([64, 128], [2, 4])],
    key=["n_elements"],
)(triton.jit(_shift_impl))


@triton.autotune(configs=[triton.Config({"BLOCK_K": bk}) for bk in [32, 64]], key=["K"])
@triton.heuristics({
    "EVEN_K": lambda args: args["K"] % args["BLOCK_K"] == 0,
    "BLOCK_N": lambda args: triton.next_power_of_2(args["N"]),
})
@triton.jit
def row_sums(x_ptr, out_ptr, K, N: tl.constexpr, BLOCK_K: tl.constexpr,
             EVEN_K: tl.constexpr, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    acc = tl.zeros([BLOCK_N], dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        ks = k * BLOCK_K + tl.arange(0, BLOCK_K)
        ptrs = x_ptr + row * K * N + ks[:, None] * N + cols[None, :]
        if EVEN_K:
            x = tl.load(ptrs, mask=cols[None, :] < N)
        else:
            x = tl.load(ptrs, mask=(ks[:, None] < K) & (cols[None, :] < N), other=0.0)
        acc += tl.sum(x, axis=0)
    tl.store(out_ptr + row * N + cols, acc, mask=cols < N)


@triton.jit
@triton.heuristics({"HAS_BIAS": lambda args: args["bias_ptr"] is not None})
def _add_bias(x_ptr, bias_ptr, n_elements, HAS_BIAS: tl.constexpr,
              BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    if HAS_BIAS:
        x += tl.load(bias_ptr + offsets, mask=mask)
    tl.store(x_ptr + offsets, x, mask=mask)


def _half(x_ptr, n_elements, BLOCK_SIZE: tl.constexpr, ROUND: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask) * 0.5
    if ROUND:
        x = tl.floor(x)
    tl.store(x_ptr + offsets, x, mask=mask)


half = triton.heuristics({"ROUND": lambda args: args["BLOCK_SIZE"] > 128})(triton.jit(_half))
