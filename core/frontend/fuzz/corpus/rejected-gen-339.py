# tessel-fuzz: kernel=kern signature=*fp16,*fp16,*fp32,i32,fp32 BLOCK=8 FLAG=False
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
def kern(x_ptr, y_ptr, out_ptr, n, scale, BLOCK: tl.constexpr, FLAG: tl.constexpr, K: tl.constexpr = 2):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    v1 = helper_0((tl.load(y_ptr + offs, mask=mask, other=1e-3) + scale), tl.cdiv(tl.xor_sum(offs, offs), BLOCK), BLOCK)
    for j0 in tl.static_range(1):
        tl.device_print("v", tl.fma(x, x, x))
        tl.store(out_ptr + tl.multiple_of(offs, BLOCK), tl.full((BLOCK,), 0.5, DT), mask=(mask & mask), eviction_policy="evict_last")
    for i1 in range(0, v1, BLOCK):
        tl.static_print("BLOCK", BLOCK)
        assert ((BLOCK > 8) or True) or True, "checked"
    tl.store(out_ptr + offs, tl.zeros_like(tl.atomic_max(out_ptr + offs, x)), mask=mask)

@tessel.jit
def helper_0(a, b, BLOCK: tl.constexpr):
    for j2 in tl.static_range(C0):
        v2 = (min(tl.maximum(tl.program_id(0), b), tl.multiple_of(b, 4)) + tl.cdiv(b, BLOCK))
        v3 = tl.broadcast_to(tl.sum(tl.cumsum(tl.zeros((BLOCK, BLOCK), dtype=tl.float32), 1), b, axis=0).to(tl.float32, bitcast=False)[:, None], (BLOCK, BLOCK))
    a = helper_1(tl.zeros_like(a), (tl.program_id(0) + b), BLOCK)
    return tl.cdiv((b % C1), BLOCK)

@triton.jit
def helper_1(a, b, BLOCK: tl.constexpr):
    for i3 in tl.range(0, tl.argmax(tl.full((BLOCK,), 2.5, DT), 0), 1, num_stages=2):
        pass
        pass
    tl.static_assert(((0 <= BLOCK)) or True, "static")
    return a

def launch(x, y, out, n):
    grid = lambda meta: (triton.cdiv(n, meta["BLOCK"]),)
    kern[grid](x, y, out, n, 1.0, BLOCK=16, FLAG=True)
