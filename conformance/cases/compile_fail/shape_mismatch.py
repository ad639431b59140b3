# conformance: compile-fail
# kernel: k
# signature: *fp32
# expect-error: 14: incompatible shapes for broadcasting
# Tiles of incompatible shapes do not broadcast.
import triton
import triton.language as tl


@triton.jit
def k(p):
    a = tl.load(p + tl.arange(0, 16))
    b = tl.load(p + tl.arange(0, 32))
    tl.store(p + tl.arange(0, 16), a + b)
