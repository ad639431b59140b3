"""Kernel-language names (see tessel.language): usable only inside kernels."""
from tessel.language import _KernelOnly


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    return _KernelOnly(f"{__name__.replace('tessel.language', 'tl')}.{name}")
