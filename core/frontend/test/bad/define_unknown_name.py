# A -D for a constexpr parameter the kernel does not have.
# expect-error: 10:5: kernel 'k' has no constexpr parameter named 'BLOKC'
# kernel: k
# signature: *fp32
# define: BLOCK=16, BLOKC=32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    pass
