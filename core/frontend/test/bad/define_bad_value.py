# A -D value that is not an int, float, bool, string or dtype.
# expect-error: 10:14: cannot use '12x' as the value of constexpr parameter 'BLOCK' (expected an int, float,
# kernel: k
# signature: *fp32
# define: BLOCK=12x
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    pass
