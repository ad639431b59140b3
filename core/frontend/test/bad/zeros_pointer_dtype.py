# tl.zeros with a pointer dtype is not supported: there are no pointer constants.
# expect-error: 10:25: zeros: the dtype must be a number type, got *fp32
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl

@triton.jit
def k(out_ptr, n):
    b = tl.zeros((16,), dtype="*fp32")
