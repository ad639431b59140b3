# Pointer offsets must be integers, as in Triton.
# expect-error: 12:23: pointer offsets must be integers, got tile of fp32 [16]
# kernel: k
# signature: *fp32,i32
# define: BLOCK=16
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK).to(tl.float32)
    x = tl.load(x_ptr + offs)
