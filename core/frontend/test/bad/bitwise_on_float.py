# Bitwise operators take integers only.
# expect-error: 12:11: '&' needs integer operands, got tile of fp32 [16] and scalar of type fp32
# kernel: k
# signature: *fp32
# define: BLOCK=16
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    y = x & 1
