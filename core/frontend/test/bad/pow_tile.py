# '**' works on constants only.
# expect-error: 10:11: '**' is only supported between constants; use tl.exp2/tl.log2 or multiplication for tiles
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl
@triton.jit
def k(x_ptr, n):
    a = tl.arange(0, 16)
    b = a ** a
