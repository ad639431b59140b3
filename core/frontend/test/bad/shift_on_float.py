# Shifts take integers only.
# expect-error: 10:15: '<<' needs integer operands, got scalar of type fp32 and scalar of type fp32
# kernel: k
# signature: fp32
import triton
import triton.language as tl

@triton.jit
def k(scale):
    y = scale << 2
