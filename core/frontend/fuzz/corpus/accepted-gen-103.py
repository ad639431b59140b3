# tessel-fuzz: kernel=kern signature=*fp16,*fp16,*fp32,i64,fp32 BLOCK=8 FLAG=False
"""Generated kernel program."""
import triton
import triton.language as tl
import tessel

C0 = 3
C1 = C0 * 2
HALF: tl.constexpr = tl.constexpr(8)
ON = True
DT = tl.float16


@triton.jit
def combine_add(a, b):
    return tl.maximum(a, b)


@triton.jit
def kern(x_ptr, y_ptr, out_ptr, n, scale, BLOCK: tl.constexpr, FLAG: tl.constexpr, K: tl.constexpr = 2):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    for i0 in range(0, (tl.num_programs(0) if (K == int(True)) else n), 2):
        for j1 in tl.static_range(K):
            v0 = x
        w2 = tl.num_programs(0) * 0
        while w2 < (pid * K):
            pass
            v1 = (~(mask | offs.to(tl.int1)))
            w2 += 1
    if n == tl.maximum(tl.program_id(0), tl.program_id(0)):
        scale = scale
        tl.static_print("BLOCK", BLOCK)
    else:
        for i3 in range(0, pid, 2):
            tl.device_print("v", x.to(tl.bfloat16).to(tl.float32))
            tl.store(out_ptr + tl.arange(0, BLOCK), tl.load(x_ptr + tl.arange(0, BLOCK), mask=mask, other=1.0))
    scale = scale
    tl.device_print("v", x)
    for i4 in tl.range(0, tl.xor_sum(offs, 0), 1, num_stages=3):
        v2 = mask
        if FLAG:
            tl.static_print("K", 0x10)
        else:
            pass
    tl.store(out_ptr + offs, x, mask=mask)
