# tessel-fuzz: kernel=kern signature=*fp32,*fp32,*fp32,i32:16,fp32 BLOCK=16 FLAG=True
"""Generated kernel program."""
import triton
import triton.language as tl
import tessel

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
    tl.store(out_ptr + tl.where(mask, tl.arange(0, BLOCK), 0), (-tl.zeros([BLOCK], dtype=tl.float32)), mask=(mask ^ mask), eviction_policy="evict_last")
    v0 = tl.zeros((BLOCK, BLOCK), dtype=tl.float32)
    if ((pid * (K + BLOCK)) // BLOCK) > tl.cdiv(tl.zeros((BLOCK, BLOCK), dtype=tl.int8), BLOCK):
        tl.store(out_ptr + tl.where(mask, offs, 0), (-((x if True else x) * pid.to(tl.float32))))
        for i0 in tl.range(0, (pid + pid), 1, num_stages=3):
            pass
            tl.device_print("v", tl.full_like(x, 0.0))
    elif tl.program_id(0) != 3:
        for i1 in tl.range(0, n, 1, num_stages=3):
            tl.device_print("v", x)
    else:
        v1 = (tl.expand_dims(tl.min(tl.trans(out_ptr), 1), 1) + v0)
        v2 = tl.trans(tl.zeros([BLOCK, BLOCK], dtype=tl.float32))
    if (not (not (BLOCK > 8))):
        if n == pid:
            v3 = (tl.multiple_of(tl.where(mask, offs, 0), BLOCK) != tl.program_id(0))
        else:
            tl.store(out_ptr + offs.to(tl.int64).to(tl.int32), tl.full_like(x, 1e-3), eviction_policy="evict_last", bogus=1)
        for i2 in range(0, (n % 7), BLOCK):
            v4 = x
    elif (BLOCK == BLOCK):
        v5 = tl.rsqrt(tl.maximum(tl.sum(tl.zeros((BLOCK, BLOCK), dtype=tl.float32), 1, keep_dims=False), (-x)))
    tl.store(out_ptr + offs, tl.reshape(tl.ravel(tl.fma(x, tl.full((BLOCK,), 1e-3, DT), x)), (BLOCK,)), mask=mask)
