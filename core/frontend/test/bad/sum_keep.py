# A flag argument (keep_dims) must be constexpr.
# expect-error: 9:41: argument 'keep_dims' of sum must be a constexpr flag, got scalar of type i32
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl
@triton.jit
def k(x_ptr, n):
    a = tl.sum(tl.arange(0,16), axis=0, keep_dims=n)
