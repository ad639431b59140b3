# 'and' needs scalars; tiles use '&'.
# expect-error: 9:9: 'and' needs scalars; use '&' or '|' on tiles
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl
@triton.jit
def k(x_ptr, n):
    a = tl.arange(0, 16) > 2 and n > 1
