# conformance: compile-fail
# kernel: k
# signature: *fp32,fp32
# expect-error: 12: pointer offsets must be integers
# Pointer arithmetic takes integer offsets only.
import triton
import triton.language as tl


@triton.jit
def k(p, f):
    tl.store(p + f, 1.0)
