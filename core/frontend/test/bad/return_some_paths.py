# A helper that returns a value on one path and falls off its end on the other.
# expect-error: 10:5: 'pick' returns a value on some paths but reaches its end without 'return' on others
# expect-note: 16:21: in a call to 'pick' from here
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl

@triton.jit
def pick(x_ptr, n):
    if n > 0:
        return tl.load(x_ptr)

@triton.jit
def k(x_ptr, n):
    tl.store(x_ptr, pick(x_ptr, n))
