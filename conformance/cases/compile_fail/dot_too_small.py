# conformance: compile-fail
# kernel: k
# signature: *fp32
# expect-error: 14: every non-batch dimension must be at least 16
# tl.dot dimensions must be at least 16.
import triton
import triton.language as tl


@triton.jit
def k(p):
    r = tl.arange(0, 8)
    a = tl.load(p + r[:, None] * 8 + r[None, :])
    c = tl.dot(a, a)
    tl.store(p + r[:, None] * 8 + r[None, :], c)
