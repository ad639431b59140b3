# Every way published kernels import libdevice and the math namespace.
import triton
import triton.language as tl
import triton.language.extra.libdevice as ld
from triton.language.extra import libdevice
from triton.language.extra.cuda.libdevice import pow as cuda_pow
from triton.language.math import rsqrt as math_rsqrt

try:
    from triton.language.extra.libdevice import tanh
except ModuleNotFoundError:
    from triton.language.math import tanh

if triton.__version__ >= "3.0":
    from triton.language.extra.libdevice import erf
else:
    from triton.language.math import erf

# Re-exported through module-level aliases.
fast_exp = libdevice.exp
fast_log = tl.math.log


@triton.jit
def all_forms(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask, other=1.0)
    y = libdevice.asin(x) + ld.acos(x) + tanh(x) + erf(x)
    y += tl.extra.cuda.libdevice.pow(x, 2.0) + cuda_pow(x, 3)
    y += math_rsqrt(x) + triton.language.math.rsqrt(x) + tl.math.tanh(x)
    y += fast_exp(x) + fast_log(x)
    tl.store(out_ptr + offsets, y, mask=mask)
