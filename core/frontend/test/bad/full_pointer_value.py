# tl.full's value must be a number or a scalar of numbers, not a pointer.
# expect-error: 10:24: full: the value must be a number or a scalar, got scalar of type *fp32
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl

@triton.jit
def k(out_ptr, n):
    e = tl.full((16,), out_ptr, dtype=tl.float32)
