# A loop-carried variable may not change shape.
# expect-error: 11:5: loop-carried variable 'acc' enters the loop as tile of fp32 [16] but an iteration leaves
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, n):
    acc = tl.zeros((16,), dtype=tl.float32)
    for i in range(n):
        acc = acc[:, None] + tl.zeros((16, 16), dtype=tl.float32)
