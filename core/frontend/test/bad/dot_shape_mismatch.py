# tl.dot with mismatched inner dimensions.
# expect-error: 12:9: dot: inner dimensions differ: [16, 32] and [16, 16]
# kernel: k
# signature: *fp16,*fp32
import triton
import triton.language as tl

@triton.jit
def k(a_ptr, c_ptr):
    a = tl.load(a_ptr + tl.arange(0, 16)[:, None] * 32 + tl.arange(0, 32)[None, :])
    b = tl.load(a_ptr + tl.arange(0, 16)[:, None] * 16 + tl.arange(0, 16)[None, :])
    c = tl.dot(a, b)
