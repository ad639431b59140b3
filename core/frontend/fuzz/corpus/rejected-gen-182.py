# tessel-fuzz: kernel=kern signature=*fp32,*fp32,*fp32,i64,fp32 BLOCK=16 FLAG=True K=2
"""Generated kernel program."""
import triton
import triton.language as tl
import tessel

C0 = 1
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
    v0 = helper_0(x, (tl.argmin(x, 0) >> 1), BLOCK)
    if tl.argmax(tl.zeros_like(x), 0) > (pid // 3):
        if ((C1 - K) <= (BLOCK % (BLOCK + 1))):
            tl.device_assert((offs != n), "device check")
        elif FLAG:
            scale = scale
        else:
            v2 = tl.maximum(tl.program_id(0), n)
            v3 = helper_1(tl.associative_scan(tl.load(y_ptr + tl.arange(0, BLOCK), mask=mask, other=0.0), 0, combine_add), tl.program_id(2), BLOCK)
    else:
        v5 = tl.make_tensor_descriptor(y_ptr, shape=[tl.sum(offs, axis=0), BLOCK], strides=[BLOCK, 1], block_shape=[BLOCK, BLOCK])
        v6 = v5.load([tl.maximum(n, pid), 0], mask=None)
        for j0 in tl.static_range(1):
            v7 = x
    assert (not True) or True, "checked"
    for i1 in range(0, tl.maximum(n, pid), BLOCK):
        for i2 in range(0, tl.cdiv(tl.num_programs(0), BLOCK), 2):
            v8 = offs
            offs = (tl.where((v8 == i1), offs, 0) - 1)
    tl.store(out_ptr + offs, tl.cumsum(x, 0), mask=mask)

@tessel.jit
def helper_0(a, b, BLOCK: tl.constexpr):
    tl.static_assert(BLOCK >= 1, "BLOCK must be positive")
    a = helper_1(a, ((b * abs(-C1)) // 3), BLOCK)
    v9 = tl.sum(tl.zeros((BLOCK, BLOCK), dtype=tl.float32), axis=None)
    return tl.max_contiguous(tl.full_like(a, 0.0), BLOCK)

@tessel.jit
def helper_1(a, b, BLOCK: tl.constexpr):
    for i3 in tl.range(0, tl.argmin(a, 0), 1, num_stages=2):
        v10 = tl.sum(tl.cumsum(tl.zeros((BLOCK, BLOCK), dtype=tl.float32), 1), axis=0)
    """A docstring."""
    return a
