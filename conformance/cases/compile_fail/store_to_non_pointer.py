# conformance: compile-fail
# kernel: k
# signature: *fp32,i32
# expect-error: 12: must be a pointer or a tile of pointers
# tl.store needs a pointer.
import triton
import triton.language as tl


@triton.jit
def k(p, n):
    tl.store(n, 1.0)
