# conformance: compile-fail
# kernel: k
# signature: *fp32
# expect-error: 16: is host code and cannot be called from a kernel
# Helpers called from kernels must be @jit functions.
import triton
import triton.language as tl


def scale(v):
    return v * 2


@triton.jit
def k(p):
    tl.store(p, scale(1.0))
