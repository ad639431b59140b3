# tessel-fuzz: kernel=kern signature=*bf16,*bf16,*fp32,i64,fp32 BLOCK=64 FLAG=False
"""Generated kernel program."""
import triton
import triton.language as tl
import tessel

C0 = 2
C1 = C0 * 2
HALF: tl.constexpr = tl.constexpr(8)
ON = False
DT = tl.float32


@triton.jit
def combine_add(a, b):
    return a + b


@triton.jit
def kern(x_ptr, y_ptr, out_ptr, n, scale, BLOCK: tl.constexpr, FLAG: tl.constexpr, K: tl.constexpr = 2):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    pass
    tl.static_assert(BLOCK >= 1, "BLOCK must be positive")
    tl.static_assert(BLOCK >= 1, "BLOCK must be positive")
    pass
    tl.store(out_ptr + offs, tl.cast(tl.where(mask, tl.arange(0, BLOCK), 0), tl.float32), mask=mask)
