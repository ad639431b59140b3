# tl.static_assert evaluates at compile time.
# expect-error: 11:5: static assertion failed: BLOCK too large
# kernel: k
# signature: *fp32
# define: BLOCK=32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    tl.static_assert(BLOCK <= 16, "BLOCK too large")
