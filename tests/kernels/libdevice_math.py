import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def unary_kernel(x_ptr, out_ptr, n_elements, FN: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask, other=1.0)
    if FN == "abs":
        y = libdevice.abs(x)
    elif FN == "fabs":
        y = libdevice.fabs(x)
    elif FN == "acos":
        y = libdevice.acos(x)
    elif FN == "acosh":
        y = libdevice.acosh(x)
    elif FN == "asin":
        y = libdevice.asin(x)
    elif FN == "asinh":
        y = libdevice.asinh(x)
    elif FN == "atan":
        y = libdevice.atan(x)
    elif FN == "atanh":
        y = libdevice.atanh(x)
    elif FN == "cbrt":
        y = libdevice.cbrt(x)
    elif FN == "ceil":
        y = libdevice.ceil(x)
    elif FN == "cos":
        y = libdevice.cos(x)
    elif FN == "cosh":
        y = libdevice.cosh(x)
    elif FN == "erf":
        y = libdevice.erf(x)
    elif FN == "erfc":
        y = libdevice.erfc(x)
    elif FN == "exp":
        y = libdevice.exp(x)
    elif FN == "exp2":
        y = libdevice.exp2(x)
    elif FN == "exp10":
        y = libdevice.exp10(x)
    elif FN == "expm1":
        y = libdevice.expm1(x)
    elif FN == "floor":
        y = libdevice.floor(x)
    elif FN == "log":
        y = libdevice.log(x)
    elif FN == "log10":
        y = libdevice.log10(x)
    elif FN == "log1p":
        y = libdevice.log1p(x)
    elif FN == "log2":
        y = libdevice.log2(x)
    elif FN == "rint":
        y = libdevice.rint(x)
    elif FN == "nearbyint":
        y = libdevice.nearbyint(x)
    elif FN == "round":
        y = libdevice.round(x)
    elif FN == "rsqrt":
        y = libdevice.rsqrt(x)
    elif FN == "sin":
        y = libdevice.sin(x)
    elif FN == "sinh":
        y = libdevice.sinh(x)
    elif FN == "sqrt":
        y = libdevice.sqrt(x)
    elif FN == "tan":
        y = libdevice.tan(x)
    elif FN == "tanh":
        y = libdevice.tanh(x)
    elif FN == "trunc":
        y = libdevice.trunc(x)
    elif FN == "saturatef":
        y = libdevice.saturatef(x)
    elif FN == "isnan":
        y = libdevice.isnan(x)
    elif FN == "isinf":
        y = libdevice.isinf(x)
    elif FN == "isfinite":
        y = libdevice.isfinite(x)
    elif FN == "signbit":
        y = libdevice.signbit(x)
    elif FN == "llrint":
        y = libdevice.llrint(x)
    else:
        tl.static_assert(FN == "llround")
        y = libdevice.llround(x)
    tl.store(out_ptr + offsets, y, mask=mask)


@triton.jit
def binary_kernel(x_ptr, y_ptr, out_ptr, n_elements, FN: tl.constexpr,
                  BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask, other=1.0)
    y = tl.load(y_ptr + offsets, mask=mask, other=1.0)
    if FN == "atan2":
        z = libdevice.atan2(x, y)
    elif FN == "copysign":
        z = libdevice.copysign(x, y)
    elif FN == "fmod":
        z = libdevice.fmod(x, y)
    elif FN == "hypot":
        z = libdevice.hypot(x, y)
    elif FN == "fmax":
        z = libdevice.fmax(x, y)
    elif FN == "fmin":
        z = libdevice.fmin(x, y)
    elif FN == "div_rn":
        z = libdevice.div_rn(x, y)
    elif FN == "div_rz":
        z = libdevice.div_rz(x, y)
    elif FN == "fast_dividef":
        z = libdevice.fast_dividef(x, y)
    elif FN == "pow":
        z = libdevice.pow(x, y)
    else:
        tl.static_assert(FN == "fma")
        z = libdevice.fma(x, y, 0.5)
    tl.store(out_ptr + offsets, z, mask=mask)


@triton.jit
def pow_int_kernel(x_ptr, e_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask, other=1.0)
    e = tl.load(e_ptr + offsets, mask=mask, other=0)
    tl.store(out_ptr + offsets, libdevice.pow(x, e) + libdevice.pow(x, 2), mask=mask)
