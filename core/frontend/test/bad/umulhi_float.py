# tl.umulhi takes integers.
# expect-error: 11:19: umulhi: the operands must be integers, got tile of fp32 [16]
# kernel: k
# signature: *fp32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    y = tl.umulhi(x, 3)
