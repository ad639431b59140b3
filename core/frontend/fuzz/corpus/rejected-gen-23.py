# tessel-fuzz: kernel=kern signature=*fp16,*fp16,*fp32,i32:1,fp32 BLOCK=16 FLAG=True
"""Generated kernel program."""
import triton
import triton.language as tl

C0 = 3
C1 = C0 * 2
HALF: tl.constexpr = tl.constexpr(8)
ON = C0 > 1
DT = tl.float32


@triton.jit
def combine_add(a, b):
    return a + b


@triton.jit
def helper_0(a, b, BLOCK: tl.constexpr):
    w0 = (b & 7) * 0
    while w0 < tl.num_programs(0):
        pass
        w1 = (b % C1) * 0
        while w1 < tl.xor_sum(tl.arange(0, BLOCK), 0):
            pass
            w1 += 1
        w0 += 1
    if ((C0 % (BLOCK + 1)) == (BLOCK + BLOCK)):
        v0 = tl.sum(tl.sum(tl.permute(tl.zeros((BLOCK, BLOCK), dtype=tl.float32), (1, 0)), 1, keep_dims=False), axis=0)
        b -= (b ^ 3)
    else:
        for i2 in range(0, tl.sum(tl.arange(0, BLOCK), axis=0), 2):
            pass
            pass
        tl.static_assert(((True or (BLOCK > 8))) or True, "static")
    pass
    return tl.cdiv((w0 * (BLOCK + C1)), BLOCK)

@triton.jit
def kern(x_ptr, y_ptr, out_ptr, n, scale, BLOCK: tl.constexpr, FLAG: tl.constexpr, K: tl.constexpr = 2):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    v2 = helper_0(tl.load(y_ptr + offs, mask=mask, other=1.0), (n if (BLOCK > K) else min(2 ** 40, tl.program_id(0))), BLOCK)
    v3 = ((x + 1e-3)[:, None] * (tl.cast(offs, tl.float32) if FLAG else (-x))[None, :])
    for i3 in tl.range(0, (n // BLOCK), 1, num_stages=2):
        v4 = (tl.expand_dims(tl.reshape(tl.ravel(...), (BLOCK,)), 1) + tl.zeros((BLOCK, BLOCK), dtype=tl.float32))
    v5 = v2
    for j4 in tl.static_range(2):
        v6 = tl.multiple_of(offs, BLOCK).to(tl.int64).to(tl.int32)
        v7 = tl.sqrt(tl.abs(tl.sum(tl.cumsum(x, 0), axis=0)))
    v8 = tl.program_id(1)
    tl.store(out_ptr + offs, tl.zeros_like(tl.cumsum(x, 0)), mask=mask)
