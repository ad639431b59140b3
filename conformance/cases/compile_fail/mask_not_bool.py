# conformance: compile-fail
# kernel: k
# signature: *fp32,*i32
# expect-error: 14: the mask must be a boolean
# A mask must be boolean.
import triton
import triton.language as tl


@triton.jit
def k(p, m):
    offs = tl.arange(0, 16)
    mm = tl.load(m + offs)
    x = tl.load(p + offs, mask=mm)
    tl.store(p + offs, x)
