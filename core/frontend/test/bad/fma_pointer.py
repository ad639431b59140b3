# tl.fma is not defined on pointers.
# expect-error: 11:19: fma is not defined on pointers, got scalar of type *fp32
# kernel: k
# signature: *fp32,*fp32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, out_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    y = tl.fma(x, out_ptr, 1.0)
    tl.store(out_ptr + tl.arange(0, 16), y)
