# Tuple unpacking with the wrong number of names.
# expect-error: 9:5: cannot unpack a tuple of 3 elements into 2 names
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl
@triton.jit
def k(x_ptr, n):
    a, b = 1, 2, 3
