# tessel-fuzz: kernel=kern signature=*fp32:16,*fp32:16,*fp32,i32,fp32 BLOCK=8 FLAG=True
"""Generated kernel program."""
import triton
import triton.language as tl

C0 = 3
C1 = C0 * 2
HALF: tl.constexpr = tl.constexpr(8)
ON = True
DT = tl.float32


@triton.jit
def combine_add(a, b):
    return a + b


@triton.autotune(configs=[triton.Config({"BLOCK": 16}, num_warps=4)], key=["n"])
@triton.jit
def kern(x_ptr, y_ptr, out_ptr, n, scale, BLOCK: tl.constexpr, FLAG: tl.constexpr, K: tl.constexpr = 2):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    v0 = tl.full_like(tl.cast(tl.argmax(tl.zeros((BLOCK, BLOCK), dtype=tl.float32), 1), tl.float32), 0.5)
    for j0 in tl.static_range(3):
        v1 = tl.cast(tl.multiple_of(offs, BLOCK), tl.float32)
        v2 = x
    tl.store(out_ptr + offs, tl.cumsum(tl.full_like(x, 3.0), 0), mask=mask)
