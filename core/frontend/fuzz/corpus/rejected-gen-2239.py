# tessel-fuzz: kernel=kern signature=*fp32,*fp32,*fp32,i64,fp32 BLOCK=64 FLAG=False K=3
"""Generated kernel program."""
import triton
import triton.language as tl

C0 = 2
C1 = C0 * 2
HALF: tl.constexpr = tl.constexpr(8)
ON = True
DT = tl.float32


@triton.jit
def combine_add(a, b):
    return tl.maximum(a, b)


@triton.jit
def helper_0(a, b, BLOCK: tl.constexpr):
    for i0 in range(b, tl.maximum(tl.program_id(0), b), 1):
        if (not (not (BLOCK > 8))):
            v0 = tl.sum(tl.zeros((BLOCK, BLOCK), dtype=tl.float32), axis=None)
    for i1 in tl.range(0, b, 1, num_stages=3):
        v1 = (int(2.5 * C0) + (BLOCK | BLOCK))
        if (i1 + i1) == b:
            v2 = (tl.arange(0, BLOCK) < C0)
        elif tl.multiple_of(b, 4) != 3:
            v3 = a
        else:
            v5 = helper_1(a, b, BLOCK)
            tl.static_assert(BLOCK >= 1, "BLOCK must be positive")
    for it in range(0, b):
        b = helper_1(a.to(tl.float32, bitcast=False), (tl.argmin(a, 0) % 7), BLOCK)
    return a

@triton.jit
def helper_1(a, b, BLOCK: tl.constexpr):
    v6 = (a - tl.sum(tl.zeros([BLOCK], dtype=tl.float32), axis=0))
    return tl.num_programs(0)

@triton.jit
def kern(x_ptr, y_ptr, out_ptr, n, scale, BLOCK: tl.constexpr, FLAG: tl.constexpr, K: tl.constexpr = 2):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    v7 = helper_0((tl.full_like(x, 3.0, offs) * 1e-3), ((tl.num_programs(0) // 2) % K), BLOCK)
    v9 = tl.trans((tl.max_contiguous(x, BLOCK)[:, None] * tl.exp(tl.full((BLOCK,), 0.5, DT))[None, :]))
    v10 = K
    tl.store(out_ptr + offs, tl.minimum(tl.load(x_ptr + offs, mask=mask, other=2.5), tl.full_like(tl.zeros((BLOCK,), dtype=tl.float32), 0.0)), mask=mask)
