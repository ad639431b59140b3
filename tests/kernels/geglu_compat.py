import triton
import triton.language as tl

try:
    # Triton >= 3.0
    from triton.language.extra.libdevice import tanh
except ModuleNotFoundError:
    # Triton 2.x
    from triton.language.math import tanh

if triton.__version__ >= "3.0":
    from triton.language.extra import libdevice
else:
    from triton.language import math as libdevice

rsqrt = libdevice.rsqrt

SQRT_2_OVER_PI: tl.constexpr = tl.constexpr(0.7978845608028654)
GELU = {"COEFF": 0.044715, "HALF": 0.5}


@triton.autotune(
    configs=[triton.Config({"BLOCK_SIZE": bs}, num_warps=nw)
             for bs, nw in [(128, 4), (256, 8)]],
    key=["n_cols"],
)
@triton.heuristics({"EVEN_COLS": lambda args: args["n_cols"] % args["BLOCK_SIZE"] == 0})
@triton.jit
def _geglu_tanh_forward_kernel(a, b, c, stride, n_cols, BLOCK_SIZE: tl.constexpr,
                               EVEN_COLS: tl.constexpr):
    program_id = tl.program_id(0).to(tl.int64)
    a += program_id * stride
    b += program_id * stride
    c += program_id * stride
    for start in range(0, n_cols, BLOCK_SIZE):
        col_offsets = start + tl.arange(0, BLOCK_SIZE)
        mask = col_offsets < n_cols
        if EVEN_COLS:
            a_row = tl.load(a + col_offsets).to(tl.float32)
            b_row = tl.load(b + col_offsets)
        else:
            a_row = tl.load(a + col_offsets, mask=mask, other=0).to(tl.float32)
            b_row = tl.load(b + col_offsets, mask=mask, other=0)
        a_cubed = a_row * a_row * a_row
        tanh_arg = SQRT_2_OVER_PI * (a_row + GELU["COEFF"] * a_cubed)
        geglu_a = GELU["HALF"] * a_row * (1 + tanh(tanh_arg))
        c_row = geglu_a.cast(b_row.dtype) * b_row
        tl.store(c + col_offsets, c_row, mask=mask)


def _rms_norm_impl(X, Y, W, stride, n_cols, eps, N_COLS: tl.constexpr,
                   BLOCK_SIZE: tl.constexpr, casting_mode: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    x = tl.load(X + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
    w = tl.load(W + cols, mask=mask, other=0.0)
    rstd = rsqrt(tl.sum(x * x, axis=0) / n_cols + eps)
    if casting_mode == "llama":
        y = (x * rstd).to(w.dtype) * w
    else:
        y = x * rstd * w
    tl.store(Y + row * stride + cols, y, mask=mask)


_rms_norm_kernel = triton.heuristics(
    {"BLOCK_SIZE": lambda args: triton.next_power_of_2(args["N_COLS"])})(
        triton.jit(_rms_norm_impl))
