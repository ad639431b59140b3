"""libdevice functions (triton.language.extra.libdevice) on fp32 and fp64,
against NumPy references computed in float64 and rounded to the tested type."""
import math
import sys
from fractions import Fraction

import numpy as np

from harness import check_equal, run

rng = np.random.default_rng(0)
n = 1000
BLOCK = 256
grid = (n + BLOCK - 1) // BLOCK


def erf(x):
    return np.vectorize(math.erf)(x)


def erfc(x):
    return np.vectorize(math.erfc)(x)


def c_round(x):
    t = np.trunc(x)
    return np.where(np.abs(x - t) >= 0.5, t + np.sign(x), t)


def exact_fma(x, y):
    """x * y + 0.5 rounded once, as fma does."""
    return np.array([float(Fraction(float(u)) * Fraction(float(v)) + Fraction(1, 2))
                     for u, v in zip(x, y)])


def check_ulp(name, got, want, dtype, ulps):
    got = np.asarray(got)
    want = np.asarray(want, dtype=np.float64).astype(dtype)
    if got.dtype != want.dtype:
        sys.exit("FAIL %s: dtype %s, expected %s" % (name, got.dtype, want.dtype))
    same = (got == want) | (np.isnan(got) & np.isnan(want))
    diff = np.abs(got.astype(np.float64) - want.astype(np.float64))
    bad = ~same & ~(diff <= ulps * np.spacing(np.abs(want)).astype(np.float64))
    if bad.any():
        i = int(np.argmax(bad))
        sys.exit("FAIL %s: %d of %d elements over %d ulp; first at %d: got %r, expected %r"
                 % (name, int(bad.sum()), bad.size, ulps, i, got[i], want[i]))
    print("ok %s" % name)


normal = rng.standard_normal(n) * 3
unit = rng.uniform(-0.999, 0.999, n)
positive = rng.uniform(1e-3, 50, n)
small = rng.standard_normal(n) * 1e-4
specials = np.array([np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0, 1.5, -2.5, 2.5, 0.5,
                     -0.5, 3.0] * 84)[:n]

UNARY = {
    "abs": (normal, np.abs),
    "fabs": (normal, np.abs),
    "acos": (unit, np.arccos),
    "acosh": (positive + 1, np.arccosh),
    "asin": (unit, np.arcsin),
    "asinh": (normal, np.arcsinh),
    "atan": (normal, np.arctan),
    "atanh": (unit, np.arctanh),
    "cbrt": (normal, np.cbrt),
    "ceil": (normal, np.ceil),
    "cos": (normal, np.cos),
    "cosh": (normal, np.cosh),
    "erf": (normal, erf),
    "erfc": (normal, erfc),
    "exp": (normal, np.exp),
    "exp2": (normal, np.exp2),
    "exp10": (normal, lambda x: np.power(10.0, x)),
    "expm1": (np.concatenate([small[:500], normal[500:]]), np.expm1),
    "floor": (normal, np.floor),
    "log": (positive, np.log),
    "log10": (positive, np.log10),
    "log1p": (np.concatenate([small[:500], positive[500:]]), np.log1p),
    "log2": (positive, np.log2),
    "rint": (np.round(normal * 2) / 2, np.rint),
    "nearbyint": (np.round(normal * 2) / 2, np.rint),
    "round": (np.round(normal * 2) / 2, c_round),
    "rsqrt": (positive, lambda x: 1 / np.sqrt(x)),
    "sin": (normal, np.sin),
    "sinh": (normal, np.sinh),
    "sqrt": (positive, np.sqrt),
    "tan": (unit, np.tan),
    "tanh": (normal, np.tanh),
    "trunc": (normal, np.trunc),
}
EXACT = ("abs", "fabs", "ceil", "floor", "rint", "nearbyint", "round", "trunc")

for dtype in (np.float32, np.float64):
    tname = np.dtype(dtype).name
    for fn, (data, ref) in UNARY.items():
        x = data.astype(dtype)
        out = run("libdevice_math.py", "unary_kernel",
                  [("x_ptr", x), ("out_ptr", np.zeros(n, dtype)), ("n_elements", n)],
                  grid=grid, constexprs={"FN": fn, "BLOCK_SIZE": BLOCK},
                  outputs=["out_ptr"])["out_ptr"]
        check_ulp("%s %s" % (fn, tname), out, ref(x.astype(np.float64)), dtype,
                  0 if fn in EXACT else 4)
    for fn, ref in (("isnan", np.isnan), ("isinf", np.isinf),
                    ("isfinite", np.isfinite), ("signbit", np.signbit)):
        x = specials.astype(dtype)
        out = run("libdevice_math.py", "unary_kernel",
                  [("x_ptr", x), ("out_ptr", np.zeros(n, np.int32)), ("n_elements", n)],
                  grid=grid, constexprs={"FN": fn, "BLOCK_SIZE": BLOCK},
                  outputs=["out_ptr"])["out_ptr"]
        check_equal("%s %s" % (fn, tname), out, ref(x).astype(np.int32))
    for fn, ref in (("llrint", np.rint), ("llround", c_round)):
        x = (np.round(normal * 2) / 2 * 1000).astype(dtype)
        out = run("libdevice_math.py", "unary_kernel",
                  [("x_ptr", x), ("out_ptr", np.zeros(n, np.int64)), ("n_elements", n)],
                  grid=grid, constexprs={"FN": fn, "BLOCK_SIZE": BLOCK},
                  outputs=["out_ptr"])["out_ptr"]
        check_equal("%s %s" % (fn, tname), out, ref(x.astype(np.float64)).astype(np.int64))

    a = normal.astype(dtype)
    b = (rng.standard_normal(n) * 3).astype(dtype)
    pb = positive.astype(dtype)
    BINARY = {
        "atan2": (a, b, np.arctan2),
        "copysign": (a, b, np.copysign),
        "fmod": (a, b, np.fmod),
        "hypot": (a, b, np.hypot),
        "fmax": (a, np.where(np.arange(n) % 7 == 0, np.nan, b).astype(dtype), np.fmax),
        "fmin": (a, np.where(np.arange(n) % 7 == 0, np.nan, b).astype(dtype), np.fmin),
        "div_rn": (a, b, np.divide),
        "pow": (pb, b, np.power),
        "fma": (a, b, exact_fma),
    }
    if dtype == np.float32:
        BINARY["fast_dividef"] = (a, b, np.divide)
    for fn, (x, y, ref) in BINARY.items():
        out = run("libdevice_math.py", "binary_kernel",
                  [("x_ptr", x), ("y_ptr", y), ("out_ptr", np.zeros(n, dtype)),
                   ("n_elements", n)],
                  grid=grid, constexprs={"FN": fn, "BLOCK_SIZE": BLOCK},
                  outputs=["out_ptr"])["out_ptr"]
        check_ulp("%s %s" % (fn, tname), out,
                  ref(x.astype(np.float64), y.astype(np.float64)), dtype,
                  0 if fn in ("copysign", "fmod", "fmax", "fmin", "div_rn") else 4)

    # pow with an integer exponent, negative bases included.
    e = rng.integers(-4, 5, n).astype(np.int32)
    out = run("libdevice_math.py", "pow_int_kernel",
              [("x_ptr", a), ("e_ptr", e), ("out_ptr", np.zeros(n, dtype)),
               ("n_elements", n)],
              grid=grid, constexprs={"BLOCK_SIZE": BLOCK}, outputs=["out_ptr"])["out_ptr"]
    a64 = a.astype(np.float64)
    want = (np.power(a64, e.astype(np.float64)).astype(dtype) + (a64 * a64).astype(dtype))
    check_ulp("pow int exponent %s" % tname, out, want, dtype, 8)

# div_rz: the exact quotient truncated toward zero (fp32; the float64
# quotient of two fp32 values decides the direction).
x = (rng.standard_normal(n) * 3).astype(np.float32)
y = (rng.standard_normal(n) * 3).astype(np.float32)
out = run("libdevice_math.py", "binary_kernel",
          [("x_ptr", x), ("y_ptr", y), ("out_ptr", np.zeros(n, np.float32)),
           ("n_elements", n)],
          grid=grid, constexprs={"FN": "div_rz", "BLOCK_SIZE": BLOCK},
          outputs=["out_ptr"])["out_ptr"]
q64 = x.astype(np.float64) / y.astype(np.float64)
q32 = q64.astype(np.float32)
want = np.where(np.abs(q32.astype(np.float64)) > np.abs(q64),
                np.nextafter(q32, np.float32(0)), q32)
check_equal("div_rz float32", out, want)
if np.array_equal(want, q32):
    sys.exit("FAIL div_rz: the inputs never round away from zero")
