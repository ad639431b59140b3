# tessel-fuzz: kernel=kern signature=*fp32,*fp32,*fp32,i64,fp32 BLOCK=8 FLAG=True
"""Generated kernel program."""
import triton
import triton.language as tl

C0 = 2
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
    if n > pid:
        v0 = tl.trans((x[:, None] * x[None, :]).T)
    else:
        if (not FLAG):
            v1 = (x.to(tl.int32).to(tl.float32)[:, None] * x[None, :])
            v2 = (tl.sum(tl.trans(v1), axis=1) <= 0.5)
    v3 = (tl.program_id(0) >> 1)
    v4 = tl.load(y_ptr + max(tl.argmin(x, 0), n))
    v5 = tl.make_tensor_descriptor(out_ptr, shape=[(pid // 3), BLOCK], strides=[BLOCK, 1], block_shape=[BLOCK, BLOCK])
    v6 = v5.load([min(n, v3), 0])
    tl.store(out_ptr + tl.multiple_of(offs, BLOCK), (tl.reduce(tl.permute(v6, (1, 0)), 1, combine_add) - tl.math.exp2(tl.associative_scan(tl.full((BLOCK,), 0.5, DT), 0, combine_add))), mask=(~mask))
    tl.store(out_ptr + offs, x, mask=mask)
