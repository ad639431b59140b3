# tessel-fuzz: kernel=kern signature=*fp16,*fp16,*fp32,i64,fp32 BLOCK=64 FLAG=True
"""Generated kernel program."""
import triton
import triton.language as tl
import tessel

C0 = 4
C1 = C0 * 2
HALF: tl.constexpr = tl.constexpr(8)
ON = True
DT = tl.float32


@triton.jit
def combine_add(a, b):
    return a + b


@triton.jit
def helper_0(a, b, BLOCK: tl.constexpr):
    v0 = ((4 // (BLOCK + 1)) + BLOCK)
    for it in range(0, b):
        a, b = helper_1(a, ((b * (3 << 1)) // 2), BLOCK)
    if tl.cdiv((b * v0), BLOCK) == tl.program_id(1):
        w0 = tl.maximum(b, b) * 0
        while w0 < w0:
            v1 = (-tl.full((BLOCK,), -1.0, DT).to(tl.int32).to(tl.float32).to(tl.float32, bitcast=False))
            w0 += 1
    elif (b if ((BLOCK > 8) or True) else b) != 3:
        pass
    return tl.cast(tl.arange(0, BLOCK), tl.float32), (b << 1)

@triton.jit
def helper_1(a, b, BLOCK: tl.constexpr):
    pass
    return tl.where(((tl.arange(0, BLOCK) < (BLOCK * BLOCK)) & (tl.arange(0, BLOCK) < (BLOCK * BLOCK))), a, (tl.zeros((BLOCK,), dtype=tl.float32) + -1.0)), tl.argmin(a, 0)

@triton.jit
def kern(x_ptr, y_ptr, out_ptr, n, scale, BLOCK: tl.constexpr, FLAG: tl.constexpr, K: tl.constexpr = 2):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    v2, v3 = helper_0(tl.div_rn(tl.div_rn(tl.zeros((BLOCK,), dtype=tl.float32), x), (x + x)), tl.sum((offs + offs), axis=0), BLOCK)
    w1 = (pid + tl.num_programs(0)) * 0
    while w1 < tl.maximum(tl.num_programs(0), pid):
        tl.device_print("v", tl.load(x_ptr + offs))
        w1 += 1
    for i2 in range(0, tl.cdiv(n, BLOCK), 2):
        v4 = tl.max((-tl.fma(x, x, v2)), 0)
        v5 = tl.load(out_ptr + offs.to(tl.int64).to(tl.int32), mask=(tl.reduce(tl.zeros((BLOCK, BLOCK), dtype=tl.float32), 1, v3) > 2.5), other=2.5)
    w3 = tl.argmin(x, 0) * 0
    while w3 < tl.sum(tl.arange(0, BLOCK), axis=0):
        for j4 in tl.static_range():
            pass
            pass
        w3 += 1
    tl.static_print("K", BLOCK)
    tl.store(out_ptr + offs, tl.zeros_like(v2.to(tl.float32, bitcast=False)), mask=mask)
