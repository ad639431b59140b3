# conformance: compile-fail
# kernel: k
# signature: *fp32
# expect-error: 11: constexpr parameter 'BLOCK' needs a value
# A constexpr parameter without a default needs a value.
import triton
import triton.language as tl


@triton.jit
def k(p, BLOCK: tl.constexpr):
    tl.store(p + tl.arange(0, BLOCK), 1.0)
