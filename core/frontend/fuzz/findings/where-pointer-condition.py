# tessel-fuzz: kernel=kern signature=*fp32,*fp32 BLOCK=16
# Triggers "internal compiler error: ... does not verify: 'arith.select' op operand #0 must be bool-like": tl.where accepts a pointer as its condition instead of rejecting it at the argument.
import triton
import triton.language as tl


@triton.jit
def kern(x_ptr, out_ptr, BLOCK: tl.constexpr):
    x = tl.where(x_ptr, tl.zeros((BLOCK,), dtype=tl.float32), 1.0)
    tl.store(out_ptr + tl.arange(0, BLOCK), x)
