# tessel-fuzz: kernel=kern signature=*fp32,*fp32,*fp32,i32,fp32 BLOCK=16 FLAG=True K=3
"""Generated kernel program."""
import triton
import triton.language as tl
import tessel

C0 = 1
C1 = C0 * 2
HALF: tl.constexpr = tl.constexpr(8)
ON = True
DT = tl.float16


@triton.jit
def combine_add(a, b):
    return a + b


@triton.jit
def helper_0(a, b, BLOCK: tl.constexpr):
    w0 = tl.num_programs(0) * 0
    while w0 < tl.program_id(0):
        v0 = BLOCK
        pass
        w0 += 1
    a, b = helper_1(tl.sum((tl.zeros((BLOCK, BLOCK), dtype=tl.float32) * 0.5), 1, keep_dims=False), tl.xor_sum(tl.arange(0, BLOCK), 0), BLOCK)
    if tl.program_id(2) == (w0 >> 1):
        pass
    else:
        if ON:
            a = tl.min(tl.dot(tl.view(tl.zeros((BLOCK, BLOCK), dtype=tl.float32), (BLOCK, BLOCK)), (tl.zeros([BLOCK], dtype=tl.float32)[:, None] * a[None, :]), input_precision="ieee"), 0)
            v1 = tl.broadcast_to((-tl.sum(tl.zeros((BLOCK, BLOCK), dtype=tl.float32), axis=0))[:, None], (BLOCK, BLOCK))
        elif (not (not True)):
            v2 = tl.multiple_of(tl.cdiv(tl.maximum(b, b), BLOCK), 4)
            tl.static_assert(((BLOCK == BLOCK)) or True, "static")
    return a, max(tl.program_id(2), (tl.num_programs(0) if (True or True) else w0), bogus=1)

@triton.jit
def helper_1(a, b, BLOCK: tl.constexpr):
    pass
    tl.static_print("BLOCK", BLOCK)
    pass
    return tl.fma((-tl.full((BLOCK,), 3.0, DT)), (a - tl.sum(tl.zeros([BLOCK], dtype=tl.float32), axis=0)), a), tl.maximum((tl.num_programs(0) % 5), (b & 7))

@triton.jit
def kern(x_ptr, y_ptr, out_ptr, n, scale, BLOCK: tl.constexpr, FLAG: tl.constexpr, K: tl.constexpr = 2):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    v3, v4 = helper_0(tl.sum(tl.zeros((BLOCK, BLOCK), dtype=tl.float32), axis=1), tl.multiple_of((n % K), 4), BLOCK)
    pass
    v5 = (tl.maximum(tl.sum(tl.zeros((BLOCK,), dtype=tl.float32), axis=0), 2.5) - tl.sum(tl.full([BLOCK], -1.0, DT).to(tl.float64).to(tl.float32), axis=0))
    for i1 in range(0, tl.argmin(v3, 0), 2):
        v6 = x
        pass
    tl.store(out_ptr + offs, tl.sum((tl.expand_dims(v3, 0) + tl.zeros((BLOCK, BLOCK), dtype=tl.float32)), axis=0), mask=mask)
