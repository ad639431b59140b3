# tessel-fuzz: kernel=kern signature=*bf16,*bf16,*fp32,i32,fp32 BLOCK=16 FLAG=True K=3
"""Generated kernel program."""
import triton
import triton.language as tl

C0 = 2
C1 = C0 * 2
HALF: tl.constexpr = tl.constexpr(8)
ON = True
DT = tl.float16


@triton.jit
def combine_add(a, b):
    return a + b


@triton.jit
def helper_0(a, b, BLOCK: tl.constexpr):
    v0 = (-a.to(tl.float32, bitcast=False))
    return tl.sum(tl.cumsum(tl.dot(tl.zeros((BLOCK, BLOCK), dtype=tl.float32), tl.zeros([BLOCK, BLOCK], dtype=tl.float32)), 1, (1, 2)), axis=0)

@triton.jit
def kern(x_ptr, y_ptr, out_ptr, n, scale, BLOCK: tl.constexpr, FLAG: tl.constexpr, K: tl.constexpr = 2):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    v1 = helper_0(x, pid, BLOCK)
    v3 = tl.where(mask, tl.cumsum(tl.zeros((BLOCK,), dtype=tl.float32), 0), v1)
    tl.static_print("K", (0 // (int(2.5 * C0) + 1)))
    tl.store(out_ptr + offs, tl.clamp(tl.reduce(tl.zeros((BLOCK, BLOCK), dtype=tl.float32), 1, combine_add), -1.0, 1.0), mask=mask)
