# conformance: the math functions of triton.language.extra.libdevice that
# tl.* does not have, elementwise on fp32 and fp64. FN picks the function
# at compile time.
import triton
import triton.language as tl

try:
    from triton.language.extra import libdevice
except ImportError:
    from triton.language.extra.cuda import libdevice


@triton.jit
def unary(x_ptr, out_ptr, n, FN: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.5)
    if FN == "asin":
        y = libdevice.asin(x)
    elif FN == "acos":
        y = libdevice.acos(x)
    elif FN == "atan":
        y = libdevice.atan(x)
    elif FN == "sinh":
        y = libdevice.sinh(x)
    elif FN == "cosh":
        y = libdevice.cosh(x)
    elif FN == "tan":
        y = libdevice.tan(x)
    elif FN == "log1p":
        y = libdevice.log1p(x)
    elif FN == "expm1":
        y = libdevice.expm1(x)
    elif FN == "erfc":
        y = libdevice.erfc(x)
    elif FN == "cbrt":
        y = libdevice.cbrt(x)
    elif FN == "log10":
        y = libdevice.log10(x)
    tl.store(out_ptr + offs, y, mask=mask)


@triton.jit
def binary(x_ptr, y_ptr, out_ptr, n, FN: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=1)
    y = tl.load(y_ptr + offs, mask=mask, other=1)
    if FN == "atan2":
        r = libdevice.atan2(x, y)
    elif FN == "pow":
        r = libdevice.pow(x, y)
    elif FN == "fmod":
        r = libdevice.fmod(x, y)
    elif FN == "hypot":
        r = libdevice.hypot(x, y)
    tl.store(out_ptr + offs, r, mask=mask)
