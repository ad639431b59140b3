# conformance: compile-fail
# kernel: k
# signature: *fp32
# expect-error: 12: the range length must be a power of two
# A tile length must be a power of two.
import triton
import triton.language as tl


@triton.jit
def k(p):
    offs = tl.arange(0, 100)
    tl.store(p + offs, offs.to(tl.float32))
