# tessel-fuzz: kernel=kern signature=*fp32,*fp32,*fp32,i64,fp32 BLOCK=16 FLAG=False
"""Generated kernel program."""
import triton
import triton.language as tl
import tessel

C0 = 4
C1 = C0 * 2
HALF: tl.constexpr = tl.constexpr(8)
ON = C0 > 1
DT = tl.float32


@triton.jit
def combine_add(a, b):
    return tl.maximum(a, b)


@triton.jit
def kern(x_ptr, y_ptr, out_ptr, n, scale, BLOCK: tl.constexpr, FLAG: tl.constexpr, K: tl.constexpr = 2):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    if (K <= BLOCK):
        tl.static_assert(BLOCK >= 1, "BLOCK must be positive")
        if FLAG:
            pass
            pass
        elif (BLOCK > 8):
            v0 = min(tl.program_id(0), min(pid, tl.multiple_of(n, 4)))
        else:
            v1 = ((tl.cdiv(n, BLOCK) * K) * BLOCK + tl.arange(0, BLOCK))
    elif (BLOCK > 8):
        for i0 in range(0, tl.sum(offs, axis=0), 1):
            v2 = tl.reshape(tl.ravel(x), (BLOCK,))
            pass
        if (not FLAG):
            tl.device_print("v", (tl.zeros((BLOCK,), dtype=tl.float32) if True else x))
            tl.store(out_ptr + tl.arange(0, BLOCK), tl.math.log2((tl.clamp(tl.zeros((BLOCK,), dtype=tl.float32), -1.0, 1.0) + tl.maximum(tl.sum(tl.zeros((BLOCK,), dtype=tl.float32), axis=0), 1.0))), mask=offs.to(tl.int1))
        elif (BLOCK > 8):
            v3 = tl.full((BLOCK,), 0.0, DT)
        elif ((True or True) and FLAG):
            v4 = ((tl.argmax(x, 0) // 2) * BLOCK + offs)
            pass
    for i1 in range(0, (n + n), BLOCK):
        for i2 in tl.range(0, tl.xor_sum(tl.arange(0, BLOCK), 0, offs), 1, num_stages=2):
            pass
        v5 = tl.make_tensor_descriptor(x_ptr, shape=[tl.xor_sum(offs, 0), BLOCK], strides=[BLOCK, 1], block_shape=[BLOCK, BLOCK])
        v6 = v5.load([n, 0])
        v5.store([0, 0], tl.dot(tl.reshape(tl.ravel(v6), offs), v6))
    tl.store(out_ptr + offs, tl.div_rn(x, tl.zeros([BLOCK], dtype=tl.float32), offs).to(tl.float8e5).to(tl.float32), mask=mask)
