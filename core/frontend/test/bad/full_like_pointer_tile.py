# full_like of a tile of pointers is not supported: there are no pointer constants.
# expect-error: 10:22: full_like: the input must be a tile of numbers, got tile of *fp32 [16]
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl

@triton.jit
def k(out_ptr, n):
    a = tl.full_like(out_ptr + tl.arange(0, 16), 1)
