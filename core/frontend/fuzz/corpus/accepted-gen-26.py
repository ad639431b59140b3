# tessel-fuzz: kernel=kern signature=*fp32:16,*fp32:16,*fp32,i32,fp32 BLOCK=32 FLAG=True
"""Generated kernel program."""
import triton
import triton.language as tl

C0 = 3
C1 = C0 * 2
HALF: tl.constexpr = tl.constexpr(8)
ON = False
DT = tl.float32


@triton.jit
def combine_add(a, b):
    return a + b


@triton.autotune(configs=[triton.Config({"BLOCK": 16}, num_warps=4)], key=["n"])
@triton.jit
def kern(x_ptr, y_ptr, out_ptr, n, scale, BLOCK: tl.constexpr, FLAG: tl.constexpr, K: tl.constexpr = 2):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    for i0 in range(0, tl.cdiv(n, BLOCK), BLOCK):
        for i1 in tl.range(0, (i0 * (BLOCK & K)), 1, num_stages=3):
            v0 = tl.cumsum(x.to(tl.int32), 0)
            n = tl.argmin((tl.sum(tl.cumsum(tl.zeros((BLOCK, BLOCK), dtype=tl.float32), 1), axis=0) if (K <= BLOCK) else tl.full((BLOCK,), -1.0, DT)), 0)
    pass
    v1 = ((min(HALF, 4) * K) % (BLOCK + 1))
    v2 = tl.math.exp2(tl.exp2(tl.full((BLOCK,), 1.0, DT).to(tl.int32).to(tl.float32)))
    tl.store(out_ptr + offs, tl.atomic_xchg(out_ptr + (offs * offs), tl.math.exp2(v2)), mask=mask)

def launch(x, y, out, n):
    grid = lambda meta: (triton.cdiv(n, meta["BLOCK"]),)
    kern[grid](x, y, out, n, 1.0, BLOCK=16, FLAG=True)
