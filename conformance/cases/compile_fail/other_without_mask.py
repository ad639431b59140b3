# conformance: compile-fail
# kernel: k
# signature: *fp32
# expect-error: 13: 'other' needs a mask
# `other` needs a mask.
import triton
import triton.language as tl


@triton.jit
def k(p):
    offs = tl.arange(0, 16)
    x = tl.load(p + offs, other=0.0)
    tl.store(p + offs, x)
