"""Tessel for Python: kernels in Triton's language, compiled by Tessel for the
target chosen at launch.

    import tessel
    import tessel.language as tl

    @tessel.jit
    def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
        ...

    add_kernel[(tessel.cdiv(n, 1024),)](x, y, out, n, BLOCK=1024)

See docs/python.md.
"""
from . import language
from .autotune import Autotuner, Config, Heuristics, autotune, heuristics
from .buffer import Buffer
from .errors import CompilationError, NotInCacheError, TesselError
from .jit import JITFunction, cdiv, jit, load
from .runtime import device, get_target, plugins, set_target, synchronize

__version__ = "0.3.0"


def next_power_of_2(n):
    return 1 if n <= 1 else 1 << (int(n) - 1).bit_length()


__all__ = [
    "Autotuner", "Buffer", "CompilationError", "Config", "Heuristics", "JITFunction",
    "NotInCacheError", "TesselError", "autotune", "cdiv", "device", "get_target",
    "heuristics", "jit", "language", "load", "next_power_of_2", "plugins", "set_target",
    "synchronize",
]
