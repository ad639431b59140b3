# tl.join takes two tiles of one dtype, as in Triton.
# expect-error: 11:9: join: the operands must have the same dtype, got fp32 and fp16
# kernel: k
# signature: *fp32,*fp16
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, y_ptr):
    offs = tl.arange(0, 16)
    c = tl.join(tl.load(x_ptr + offs), tl.load(y_ptr + offs))
