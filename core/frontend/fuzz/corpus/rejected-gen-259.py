# tessel-fuzz: kernel=kern signature=*fp32:16,*fp32:16,*fp32,i32,fp32 BLOCK=8 FLAG=True K=4
"""Generated kernel program."""
import triton
import triton.language as tl

C0 = 3
C1 = C0 * 2
HALF: tl.constexpr = tl.constexpr(8)
ON = False
DT = tl.float16


@triton.jit
def combine_add(a, b):
    return a + b


@triton.jit
def kern(x_ptr, y_ptr, out_ptr, n, scale, BLOCK: tl.constexpr, FLAG: tl.constexpr, K: tl.constexpr = 2):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    if (not (BLOCK > 8)):
        if (not ((BLOCK > 8) or True)):
            pass
            scale = (tl.argmax(x, 0).to(tl.float32) * 2.5)
        elif FLAG:
            tl.store(out_ptr + (tl.program_id(0) * BLOCK + offs), [], mask=mask)
            tl.static_assert(BLOCK >= 1, "BLOCK must be positive")
        elif (not (BLOCK > 8)):
            pass
            pid -= pid
    else:
        if tl.maximum(min(n, n), (pid if (True and (BLOCK > 8)) else pid)) > (n & 7):
            v0 = (x.to(tl.int32).to(tl.float32)[:, None] * (-x)[None, :])
        elif (n ^ 3) != 3:
            v1 = tl.multiple_of(tl.where(mask, offs, 0), BLOCK).to(tl.int64).to(tl.int32)
        else:
            tl.device_print("v", tl.sum(tl.cumsum(tl.zeros((BLOCK, BLOCK), dtype=tl.float32), 1), axis=0))
    v2 = x
    tl.store(out_ptr + offs, tl.full((BLOCK,), 1.0, DT))
    for j0 in tl.static_range():
        v3 = (-tl.load(out_ptr + tl.arange(0, BLOCK), mask=(~mask), other=0.0))
    tl.store(out_ptr + offs, tl.cast(offs, tl.float32), mask=mask)
