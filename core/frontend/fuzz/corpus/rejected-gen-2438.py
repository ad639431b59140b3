# tessel-fuzz: kernel=kern signature=*fp32:16,*fp32:16,*fp32,i32:1,fp32 BLOCK=16 FLAG=True
"""Generated kernel program."""
import triton
import triton.language as tl

C0 = 1
C1 = C0 * 2
HALF: tl.constexpr = tl.constexpr(8)
ON = C0 > 1
DT = tl.float32


@triton.jit
def combine_add(a, b):
    return a + b


@triton.jit
def helper_0(a, b, BLOCK: tl.constexpr):
    pass
    if ((not True) or (not True)):
        for j0 in tl.static_range(1):
            b -= tl.cdiv(tl.xor_sum(tl.arange(0, BLOCK), 0), BLOCK)
    elif ((BLOCK > BLOCK) or (not (BLOCK > 8))):
        v0 = ((-a).to(tl.int32).to(tl.float32) <= 0.5)
    if (not (BLOCK <= BLOCK)):
        tl.device_print("v", tl.zeros_like(tl.zeros((BLOCK,), dtype=tl.float32)))
    return a

@triton.autotune(configs=[triton.Config({"BLOCK": 16}, num_warps=4)], key=["n"])
@triton.jit
def kern(x_ptr, y_ptr, out_ptr, n, scale, BLOCK: tl.constexpr, FLAG: tl.constexpr, K: tl.constexpr = 2):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    v1 = helper_0(x, tl.cdiv((pid * (HALF % (K + 1))), BLOCK), BLOCK)
    w1 = (n & 7) * 0
    while w1 < tl.xor_sum(offs, x_ptr):
        w2 = tl.sum(tl.arange(0, BLOCK), axis=0) * 0
        while w2 < tl.cdiv(w1, BLOCK):
            tl.static_assert(BLOCK >= 1, "BLOCK must be positive")
            w2 += 1
        w1 += 1
    v3 = K
    tl.store(out_ptr + offs, tl.where((tl.zeros([BLOCK], dtype=tl.float32) <= 1.0), tl.zeros((BLOCK,), dtype=tl.float32), x), mask=mask)
