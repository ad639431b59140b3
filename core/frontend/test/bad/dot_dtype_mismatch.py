# tl.dot with operands of different types.
# expect-error: 13:9: dot: operand types differ: fp16 and fp32; convert one with .to()
# kernel: k
# signature: *fp16,*fp32
import triton
import triton.language as tl

@triton.jit
def k(a_ptr, b_ptr):
    offs = tl.arange(0, 16)[:, None] * 16 + tl.arange(0, 16)[None, :]
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    c = tl.dot(a, b)
