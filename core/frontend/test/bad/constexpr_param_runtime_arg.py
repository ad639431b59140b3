# A runtime value passed to a tl.constexpr parameter of a helper: as in
# Triton, the annotation of an inlined call's parameter is not checked, and
# the value fails where a constant is needed.
# expect-error: 12:33: argument 'end' of arange must be a constexpr integer, got scalar of type i32
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl

@triton.jit
def fill(ptr, N: tl.constexpr):
    tl.store(ptr + tl.arange(0, N), 0.0)

@triton.jit
def k(x_ptr, n):
    fill(x_ptr, n)
