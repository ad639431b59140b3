# tessel-fuzz: kernel=kern signature=*fp16,*fp16,*fp32,i32,fp32 BLOCK=16 FLAG=False K=4
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
    v0 = ((int(True) - K) | (BLOCK + BLOCK))
    v1 = K
    tl.store(out_ptr + tl.zeros([BLOCK], dtype=tl.float32).to(tl.int32), ((-tl.sum(tl.cumsum(tl.zeros((BLOCK, BLOCK), dtype=tl.float32), 1), axis=0)) - ((scale * 3.0) - (tl.sum(tl.zeros((BLOCK,), dtype=tl.float32), axis=0) - scale))), mask=mask, eviction_policy="evict_last")
    tl.device_assert(mask, "device check")
    v2 = tl.maximum(max((n % 5), n), ((n % 5) >> 1))
    tl.store(out_ptr + offs, tl.cast((tl.arange(0, BLOCK) + offs), tl.float32), mask=mask)

def launch(x, y, out, n):
    grid = lambda meta: (triton.cdiv(n, meta["BLOCK"]),)
    kern[grid](x, y, out, n, 1.0, BLOCK=16, FLAG=True)
