# tl.arange bounds must be constexpr.
# expect-error: 10:25: argument 'end' of arange must be a constexpr integer, got scalar of type i32
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, n):
    offs = tl.arange(0, n)
