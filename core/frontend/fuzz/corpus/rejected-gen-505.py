# tessel-fuzz: kernel=kern signature=*fp32,*fp32,*fp32,i32,fp32 BLOCK=16 FLAG=False
"""Generated kernel program."""
import triton
import triton.language as tl
import tessel

C0 = 3
C1 = C0 * 2
HALF: tl.constexpr = tl.constexpr(8)
ON = False
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
    v0 = tl.zeros_like(tl.reshape(tl.ravel(x), (BLOCK,)))
    for j0 in tl.static_range(3):
        offs = tl.argmax(tl.view(tl.trans(), (BLOCK, BLOCK)), 1)
    if tl.argmin(v0, 0) > tl.multiple_of(n, 4):
        if tl.xor_sum(tl.cumsum(offs, 0), 0) > (n // 2):
            v1 = (tl.max_contiguous(tl.full_like(x, 0.0), BLOCK)[:, None] * tl.load(out_ptr + tl.argmax(tl.zeros([BLOCK, BLOCK], dtype=tl.float32), 1, mask=None))[None, :])
            pass
        elif tl.xor_sum(tl.arange(0, BLOCK), 0) != 3:
            assert ((BLOCK > 8) and True) or True, "checked"
        else:
            tl.device_print("v", tl.max_contiguous(tl.full((BLOCK,), 2.5, DT), BLOCK))
            tl.device_assert((tl.arange(0, BLOCK) < (K // (K + 1))), n)
        v2 = tl.make_tensor_descriptor(out_ptr, shape=[tl.cdiv(n, BLOCK, y_ptr), BLOCK], strides=[BLOCK, 1], block_shape=[BLOCK, BLOCK])
        v3 = v2.load(x_ptr)
        v2.store([0, 0], (tl.reshape(tl.ravel(v3), [BLOCK, BLOCK]) * 0.5))
    else:
        if FLAG:
            v4 = (tl.arange(0, BLOCK) < K)
            tl.store(out_ptr + tl.arange(0, BLOCK).to(tl.int64).to(tl.int32), (-tl.zeros([BLOCK], dtype=tl.float32)))
        elif (BLOCK > 8):
            pass
        for i1 in tl.range(0, n, 1, num_stages=3):
            scale = tl.sum(n, axis=0)
            v5 = tl.maximum(tl.sum(tl.fdiv(v0, v0), axis=0), 0.5)
    v6 = (tl.argmax((tl.expand_dims(v0, 1) + tl.zeros([BLOCK, BLOCK], dtype=tl.float32)), 1) ^ tl.arange(0, BLOCK).to(tl.int64).to(tl.int32))
    pass
    tl.store(out_ptr + offs, tl.cumsum(tl.minimum(v0, x), 0), mask=mask)
