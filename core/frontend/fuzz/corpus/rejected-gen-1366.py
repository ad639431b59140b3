# tessel-fuzz: kernel=kern signature=*fp32,*fp32,*fp32,i32:16,fp32 BLOCK=8 FLAG=True K=3
"""Generated kernel program."""
import triton
import triton.language as tl

C0 = 4
C1 = C0 * 2
HALF: tl.constexpr = tl.constexpr(8)
ON = True
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
    v1 = helper_0(tl.full_like(tl.reshape(tl.ravel(x), (BLOCK,)), 1.0), (pid if ((BLOCK > 8) and (BLOCK > 8)) else (pid + n)), BLOCK)
    pass
    for j0 in tl.static_range(1):
        pass
        tl.device_assert(mask, "device check")
    for i1 in range(0, (n * (0 % (max(C0, 2) + 1))), 2):
        v2 = tl.where((tl.arange(0, BLOCK) * offs).to(tl.int1), tl.arange(0, BLOCK), 0, pid)
    if tl.multiple_of(tl.program_id(0), 4) == tl.maximum(n, tl.program_id(0)):
        v3 = K
    else:
        tl.store(out_ptr + offs, (tl.sum(tl.reshape(tl.ravel(tl.zeros([BLOCK, BLOCK], dtype=tl.float32)), (BLOCK, BLOCK)), axis=0) + tl.load(y_ptr + v1)))
        v4 = tl.min(tl.permute(tl.zeros((BLOCK, BLOCK), dtype=tl.float32), (1, 0)).T, 1)
    v5 = offs
    tl.store(out_ptr + offs, x, mask=mask)

@tessel.jit
def helper_0(a, b, BLOCK: tl.constexpr):
    a += tl.max_contiguous(a, BLOCK)
    for i2 in tl.range(0, tl.maximum(b, b), 1, num_stages=3):
        w3 = b * 0
        while w3 < tl.program_id(0):
            tl.static_assert(BLOCK >= 1, "BLOCK must be positive")
            tl.static_print("K", (4 * BLOCK))
            w3 += 1
    return tl.multiple_of(tl.program_id(1), 4)
