# Both branches of a runtime if must give a variable the same type.
# expect-error: 10:5: variable 'y' is scalar of type fp32 in the then-branch but scalar of type i32 in the
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, n):
    if n > 0:
        y = tl.load(x_ptr)
    else:
        y = n
    tl.store(x_ptr, y)
