# A return with a value inside a runtime loop of an inlined helper.
# expect-error: 12:9: 'return' with a value inside a runtime loop is not supported; assign the value to a variable, break, and return it after the loop
# expect-note: 17:21: in a call to 'first' from here
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl

@triton.jit
def first(x_ptr, n):
    for i in range(n):
        return tl.load(x_ptr + i)
    return 0.0

@triton.jit
def k(x_ptr, n):
    tl.store(x_ptr, first(x_ptr, n))
