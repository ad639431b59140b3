# A mask must be boolean.
# expect-error: 11:31: load: the mask must be a boolean tile or scalar, got tile of i32 [16]
# kernel: k
# signature: *fp32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
    offs = tl.arange(0, 16)
    x = tl.load(x_ptr + offs, mask=offs)
