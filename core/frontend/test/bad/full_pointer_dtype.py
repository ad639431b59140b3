# tl.full with a pointer dtype is not supported: there are no pointer constants.
# expect-error: 10:27: full: the dtype must be a number type, got *i32
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl

@triton.jit
def k(out_ptr, n):
    c = tl.full((16,), 3, dtype="*i32")
