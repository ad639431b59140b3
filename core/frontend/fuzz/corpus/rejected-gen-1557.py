# tessel-fuzz: kernel=kern signature=*bf16,*bf16,*fp32,i32:16,fp32 BLOCK=16 FLAG=True
"""Generated kernel program."""
import triton
import triton.language as tl

C0 = 1
C1 = C0 * 2
HALF: tl.constexpr = tl.constexpr(8)
ON = C0 > 1
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
    v0 = (K + (K % (K + 1)))
    x = (tl.atomic_add(out_ptr + (offs % 7), tl.load(x_ptr + offs, mask=mask, other=3.0)) if (not (BLOCK > 8)) else x)
    for j0 in tl.static_range(K):
        pass
        pass
    v1 = tl.permute(tl.dot(tl.reshape(out_ptr, [BLOCK, BLOCK]), tl.permute(tl.zeros((BLOCK, BLOCK), dtype=tl.float32), (1, 0))), (1, 0))
    w1 = (pid // 2) * 0
    while w1 < pid:
        w2 = (n + n) * 0
        while w2 < (n * (v0 * v0)):
            tl.device_print("v", tl.zeros_like(x))
            w2 += 1
        w1 += 1
    tl.store(out_ptr + offs, x, mask=mask)
