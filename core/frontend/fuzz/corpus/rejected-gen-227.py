# tessel-fuzz: kernel=kern signature=*fp32,*fp32,*fp32,i32:1,fp32 BLOCK=16 FLAG=True K=3
"""Generated kernel program."""
import triton
import triton.language as tl

C0 = 2
C1 = C0 * 2
HALF: tl.constexpr = tl.constexpr(8)
ON = C0 > 1
DT = tl.float32


@triton.jit
def combine_add(a, b):
    return a + b


@tessel.jit
def helper_0(a, b, BLOCK: tl.constexpr):
    w0 = (tl.program_id(0) // 2) * 0
    while w0 < (tl.program_id(0) % 7):
        v0 = (tl.program_id(0) % 5)
        for j1 in tl.static_range(1):
            tl.static_assert(BLOCK >= 1, "BLOCK must be positive")
            tl.device_assert((tl.arange(0, BLOCK) < BLOCK), "device check")
        w0 += 1
    v1 = tl.min(tl.fma((a + a), tl.arange(0, BLOCK).to(tl.float32), (a + -1.0)), 0)
    return (tl.full((BLOCK,), 2.5, DT).to(tl.float32, bitcast=False) * tl.sin(a)), max((tl.num_programs(0) % 7), b)

@triton.jit
def kern(x_ptr, y_ptr, out_ptr, n, scale, BLOCK: tl.constexpr, FLAG: tl.constexpr, K: tl.constexpr = 2):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    v2, v3 = helper_0(x, pid, BLOCK)
    if (0 > (BLOCK + min(HALF, 4))):
        v3 = tl.program_id(0)
        for i2 in range(0, tl.multiple_of(n, 4), 2):
            tl.store(out_ptr + tl.multiple_of(offs, BLOCK), tl.max_contiguous(x, BLOCK), mask=(tl.zeros((BLOCK,), dtype=tl.float32) <= 0.5))
            pass
    else:
        v4 = tl.make_tensor_descriptor(x_ptr, shape=[tl.xor_sum(offs, 0), BLOCK], strides=[BLOCK, 1], block_shape=[BLOCK, BLOCK])
        v5 = v4.load([(tl.num_programs(0) + pid), 0])
    pass
    v6 = tl.broadcast_to(tl.max(tl.reshape(tl.ravel(()), (BLOCK, BLOCK)), 0)[:, None], [BLOCK, BLOCK])
    for i3 in range(0, (pid // 3), 2):
        pass
    tl.store(out_ptr + offs, tl.math.log2(tl.reshape(tl.ravel(x), (BLOCK,))), mask=mask)
