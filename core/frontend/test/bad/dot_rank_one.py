# tl.dot needs 2-D (or batched 3-D) operands.
# expect-error: 11:9: dot: both operands must be 2-D (or 3-D batched) tiles, got tile of fp16 [16] and tile of
# kernel: k
# signature: *fp16
import triton
import triton.language as tl

@triton.jit
def k(a_ptr):
    a = tl.load(a_ptr + tl.arange(0, 16))
    c = tl.dot(a, a)
