# conformance: reductions and scans along each axis of 1-D, 2-D and 3-D
# tiles. OP picks the reduction at compile time.
import triton
import triton.language as tl


@triton.jit
def _mul(a, b):
    return a * b


@triton.jit
def _max_combine(a, b):
    return tl.maximum(a, b)


@triton.jit
def reduce2d(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr, AXIS: tl.constexpr,
             OP: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :])
    if OP == "sum":
        r = tl.sum(x, axis=AXIS)
    elif OP == "max":
        r = tl.max(x, axis=AXIS)
    elif OP == "min":
        r = tl.min(x, axis=AXIS)
    elif OP == "argmax":
        r = tl.argmax(x, axis=AXIS)
    elif OP == "argmin":
        r = tl.argmin(x, axis=AXIS)
    elif OP == "xor_sum":
        r = tl.xor_sum(x, axis=AXIS)
    elif OP == "prod":
        r = tl.reduce(x, AXIS, _mul)
    if AXIS == 0:
        tl.store(out_ptr + rn, r)
    else:
        tl.store(out_ptr + rm, r)


@triton.jit
def reduce1d_masked(x_ptr, out_ptr, n, OP: tl.constexpr, BLOCK: tl.constexpr):
    # One program per row of BLOCK; `other` is the reduction's identity.
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    if OP == "sum":
        x = tl.load(x_ptr + row * n + offs, mask=mask, other=0)
        r = tl.sum(x, axis=0)
    elif OP == "max":
        x = tl.load(x_ptr + row * n + offs, mask=mask, other=-float("inf"))
        r = tl.max(x, axis=0)
    tl.store(out_ptr + row, r)


@triton.jit
def sum3d(x_ptr, out_ptr, A: tl.constexpr, B: tl.constexpr, C: tl.constexpr,
          AXIS: tl.constexpr):
    ra = tl.arange(0, A)
    rb = tl.arange(0, B)
    rc = tl.arange(0, C)
    x = tl.load(x_ptr + ra[:, None, None] * (B * C) + rb[None, :, None] * C + rc[None, None, :])
    r = tl.sum(x, axis=AXIS)
    if AXIS == 0:
        tl.store(out_ptr + rb[:, None] * C + rc[None, :], r)
    elif AXIS == 1:
        tl.store(out_ptr + ra[:, None] * C + rc[None, :], r)
    else:
        tl.store(out_ptr + ra[:, None] * B + rb[None, :], r)


@triton.jit
def scan2d(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr, AXIS: tl.constexpr,
           OP: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :])
    if OP == "cumsum":
        r = tl.cumsum(x, axis=AXIS)
    elif OP == "cummax":
        r = tl.associative_scan(x, AXIS, _max_combine)
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], r)


@triton.jit
def cumsum1d(x_ptr, out_ptr, N: tl.constexpr):
    r = tl.arange(0, N)
    tl.store(out_ptr + r, tl.cumsum(tl.load(x_ptr + r), axis=0))
