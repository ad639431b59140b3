# tl.static_range unrolls, so its bounds must be constexpr.
# expect-error: 9:14: tl.static_range needs constexpr bounds
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl
@triton.jit
def k(x_ptr, n):
    for i in tl.static_range(n):
        pass
