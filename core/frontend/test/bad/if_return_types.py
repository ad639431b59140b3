# The paths of a helper return values of different types.
# expect-error: 11:5: this if returns scalar of type fp32 on one path and scalar of type i32 on the other; a function returns one type
# expect-note: 19:21: in a call to 'pick' from here
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl

@triton.jit
def pick(x_ptr, n):
    if n > 0:
        return tl.load(x_ptr)
    else:
        return n
    return 0.0

@triton.jit
def k(x_ptr, n):
    tl.store(x_ptr, pick(x_ptr, n))
