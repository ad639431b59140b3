# int8 operands accumulate in i32, not fp32.
# expect-error: 10:22: dot: i8 operands accumulate in i32, but the accumulator is tile of fp32 [16, 16]
# kernel: k
# signature: *fp16,i32
import triton
import triton.language as tl
@triton.jit
def k(x_ptr, n):
    a = tl.zeros((16,16), dtype=tl.int8)
    c = tl.dot(a, a, tl.zeros((16, 16), dtype=tl.float32))
