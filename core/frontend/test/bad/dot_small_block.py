# tl.dot needs every dimension to be at least 16.
# expect-error: 12:9: dot: every non-batch dimension must be at least 16, got M=8, N=8, K=8
# kernel: k
# signature: *fp16
import triton
import triton.language as tl

@triton.jit
def k(a_ptr):
    offs = tl.arange(0, 8)[:, None] * 8 + tl.arange(0, 8)[None, :]
    a = tl.load(a_ptr + offs)
    c = tl.dot(a, a)
