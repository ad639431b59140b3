# return inside a runtime loop of an inlined helper.
# expect-error: 12:9: 'return' inside a loop or an if on a runtime value is not supported; assign to a variable
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
