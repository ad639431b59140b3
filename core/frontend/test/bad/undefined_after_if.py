# A variable assigned in one branch of a runtime if only.
# expect-error: 12:21: 'y' is assigned on only one path of the if on line 10, so it is undefined here; assign it
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, n):
    if n > 0:
        y = 1.0
    tl.store(x_ptr, y)
