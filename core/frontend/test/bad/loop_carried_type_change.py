# A loop-carried variable may not change type (int accumulator, float values).
# expect-error: 11:5: loop-carried variable 'acc' enters the loop as scalar of type i32 but an iteration leaves
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, n):
    acc = 0
    for i in range(n):
        acc = acc + tl.load(x_ptr + i)
    tl.store(x_ptr, acc)
