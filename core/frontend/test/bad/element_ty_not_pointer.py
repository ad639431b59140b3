# 'element_ty' exists only on pointer dtypes (what the pointer points to).
# expect-error: 10:22: 'element_ty' is an attribute of pointer dtypes, not of fp32
# kernel: k
# signature: *fp32
import triton
import triton.language as tl
@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr)
    y = x.to(x.dtype.element_ty)
