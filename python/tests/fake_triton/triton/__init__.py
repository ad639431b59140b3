"""A stand-in for Triton's decorators where Triton is not installed: just
enough for a `@triton.jit` file to be imported, so that the tests can hand
Triton-shaped objects to tessel.jit."""


class JITFunction:
    def __init__(self, fn):
        self.fn = fn


def jit(fn):
    return JITFunction(fn)
