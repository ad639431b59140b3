# tessel-fuzz: kernel=kern signature=*fp32,*fp32,*fp32,i32,fp32 BLOCK=8 FLAG=True
"""Generated kernel program."""
import triton
import triton.language as tl

C0 = 4
C1 = C0 * 2
HALF: tl.constexpr = tl.constexpr(8)
ON = True
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
    v0 = tl.maximum(tl.zeros((BLOCK,), dtype=tl.float32), tl.full_like(tl.fdiv(x, x), 0.0))
    if ((not (BLOCK > 8)) or True):
        w0 = (pid % 7) * 0
        while w0 < tl.program_id(0):
            v1 = tl.sum(tl.dot((tl.zeros((BLOCK,), dtype=tl.float32)[:, None] * v0[None, :]), out_ptr, input_precision="ieee"), axis=None)
            v2 = tl.zeros((BLOCK, BLOCK), dtype=tl.float32)
            w0 += 1
        w1 = (tl.program_id(0) >> 1) * 0
        while w1 < tl.xor_sum(tl.arange(0, BLOCK), 0):
            v3 = tl.cdiv(tl.num_programs(0), BLOCK)
            w1 += 1
    else:
        w2 = tl.sum(tl.arange(0, BLOCK), axis=0) * 0
        while w2 < (pid // BLOCK):
            v4 = tl.zeros([BLOCK], dtype=tl.float32)
            w2 += 1
        if (BLOCK > 8):
            pass
            v5 = tl.program_id(0, n)
        elif ((BLOCK > K) or (not (BLOCK > 8))):
            tl.static_print("K", BLOCK)
        elif FLAG:
            v6 = tl.sum(tl.view(tl.zeros((BLOCK, BLOCK), dtype=tl.float32), [BLOCK, BLOCK]), axis=None)
    v7 = tl.where((tl.fdiv(x, v0) > 1.0), offs, 0)
    for j3 in tl.static_range(1):
        pass
    tl.store(out_ptr + offs, tl.sum(tl.cumsum(tl.permute(tl.zeros((BLOCK, BLOCK), dtype=tl.float32), (1, 0)), 1), axis=0), mask=mask)
