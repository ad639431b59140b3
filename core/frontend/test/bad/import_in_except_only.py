# A name that only an `except` branch imports is host code for the kernel.
# expect-error: 16:9: 'rsqrt' is imported by host code on line 10 (inside a function, an 'except' or 'else' branch, or another block that runs on the host), which kernels do not see; import it at module level: 'from triton.language.extra.libdevice import rsqrt'
# kernel: k
# signature: *fp32
import triton
import triton.language as tl
try:
    from triton.language.extra.libdevice import tanh
except ImportError:
    from triton.language.math import rsqrt

@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr)
    x = tanh(x)
    x = rsqrt(x)
    tl.store(x_ptr, x)
