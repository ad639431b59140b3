# A reduction axis must be constexpr.
# expect-error: 11:19: argument 'axis' of sum must be a constexpr integer, got scalar of type i32
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, axis):
    x = tl.load(x_ptr + tl.arange(0, 16))
    s = tl.sum(x, axis=axis)
