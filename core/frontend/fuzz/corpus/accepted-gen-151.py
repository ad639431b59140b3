# tessel-fuzz: kernel=kern signature=*fp16,*fp16,*fp32,i64,fp32 BLOCK=16 FLAG=True
"""Generated kernel program."""
import triton
import triton.language as tl

C0 = 1
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
    if tl.cdiv(tl.maximum(pid, pid), BLOCK) < tl.multiple_of(tl.num_programs(0), 4):
        if FLAG:
            tl.store(out_ptr + (tl.arange(0, BLOCK) & 15), tl.min((tl.expand_dims(tl.zeros((BLOCK,), dtype=tl.float32).to(tl.float32, bitcast=False), 0) + tl.zeros((BLOCK, BLOCK), dtype=tl.float32)), 0), mask=mask)
        else:
            tl.static_assert(BLOCK >= 1)
    elif tl.program_id(0) != 3:
        for i0 in tl.range(0, (tl.program_id(0) % 5), 1, num_stages=3):
            v0 = tl.fma(tl.div_rn(tl.minimum(x, x), x), tl.zeros_like(tl.reduce(tl.zeros((BLOCK, BLOCK), dtype=tl.float32), 1, combine_add)), tl.max_contiguous(x, BLOCK))
            scale = scale
    for i1 in range(0, pid, BLOCK):
        v1 = ((BLOCK - len((1, 2, 3))) % ((BLOCK | K) + 1))
        v2 = (tl.maximum(n, (n * 3)) + n)
    pass
    tl.store(out_ptr + tl.cumsum(offs, 0), x)
    tl.store(out_ptr + offs, tl.argmin(tl.zeros((BLOCK, BLOCK), dtype=tl.float32), 1).to(tl.float32), mask=mask)
