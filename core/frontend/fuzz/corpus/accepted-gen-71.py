# tessel-fuzz: kernel=kern signature=*fp32,*fp32,*fp32,i32:16,fp32 BLOCK=8 FLAG=True
"""Generated kernel program."""
import triton
import triton.language as tl
import tessel

C0 = 1
C1 = C0 * 2
HALF: tl.constexpr = tl.constexpr(8)
ON = False
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
    v0, v1 = helper_0(tl.fma(tl.fma(x, x, x), x, x), ((tl.num_programs(0) if (not True) else pid) & 7), BLOCK)
    for i0 in range(0, tl.program_id(0), 2):
        for i1 in range(0, (n >> 1), 2):
            tl.static_print("K", K)
        for i2 in range(0, (v1 + n), 1):
            pass
            pass
    v2 = ((v0 + scale) - tl.full((BLOCK,), 2.5, DT)).to(tl.int32).to(tl.float32)
    tl.device_assert((v2 > -1.0), "device check")
    pid -= ((n % 5) + tl.multiple_of(pid, 4))
    tl.store(out_ptr + offs, tl.full((BLOCK,), 1.0, DT), mask=mask)

@triton.jit
def helper_0(a, b, BLOCK: tl.constexpr):
    v3 = tl.clamp(a, -1.0, 1.0)
    pass
    tl.static_assert(((BLOCK > BLOCK)) or True, "static")
    return v3, (tl.program_id(0) // 3)
