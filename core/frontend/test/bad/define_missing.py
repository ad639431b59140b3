# A constexpr parameter without a default needs a -D value.
# expect-error: 9:14: constexpr parameter 'BLOCK' needs a value (give it with -D BLOCK=VALUE)
# kernel: k
# signature: *fp32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    pass
