# `from .utils import rsqrt`: kernels cannot read the project's modules.
# expect-error: 12:9: 'rsqrt' is imported from 'utils', a module kernels cannot use; import it from the language: 'from triton.language.extra.libdevice import rsqrt'
# kernel: k
# signature: *fp32
import triton
import triton.language as tl
from .utils import rsqrt

@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr)
    y = rsqrt(x)
    tl.store(x_ptr, y)
