# conformance: compile-fail
# kernel: k
# signature: *fp32
# expect-error: 12: unsupported Python construct: lambda expression
# Python constructs outside the kernel subset are rejected where they are.
import triton
import triton.language as tl


@triton.jit
def k(p):
    f = lambda v: v * 2
    tl.store(p, 1.0)
