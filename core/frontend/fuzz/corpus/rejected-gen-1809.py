# tessel-fuzz: kernel=kern signature=*fp32,*fp32,*fp32,i32:16,fp32 BLOCK=16 FLAG=False
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
    for j0 in tl.static_range(1):
        x -= (-tl.full((BLOCK,), 3.0, DT))
        pass
    if (pid // 2) > tl.sum(offs, axis=0):
        v0 = tl.argmax((tl.zeros((BLOCK, BLOCK), dtype=tl.float32) * 2.5), 1)
        v1 = K
    tl.store(out_ptr + tl.arange(0, BLOCK), tl.associative_scan((tl.associative_scan(x, 0, combine_add) * tl.cast(offs, tl.float32)), 0, combine_add), (BLOCK, 3))
    tl.store(out_ptr + offs, tl.sum(tl.cumsum(tl.permute(tl.zeros([BLOCK, BLOCK], dtype=tl.float32), offs), 1), axis=0), mask=mask)
