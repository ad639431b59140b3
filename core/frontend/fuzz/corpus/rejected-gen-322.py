# tessel-fuzz: kernel=kern signature=*bf16,*bf16,*fp32,i32,fp32 BLOCK=-16 FLAG=True
"""Generated kernel program."""
import triton
import triton.language as tl
import tessel

C0 = 3
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
    v1 = helper_0(x, (tl.cdiv(tl.num_programs(0), BLOCK) % K), BLOCK)
    x *= tl.associative_scan((-x), 0, combine_add)
    tl.store(out_ptr + tl.multiple_of(offs, BLOCK), x)
    for j0 in tl.static_range(3):
        v2 = tl.cast(offs, tl.float32).to(tl.int32).to(tl.float32).to(tl.float32, bitcast=False)
        tl.static_print("K", K)
    if True:
        v3 = x
    else:
        v4 = tl.make_tensor_descriptor(out_ptr, shape=[tl.xor_sum(offs, 0), BLOCK], strides=[BLOCK, 1], block_shape=[BLOCK, BLOCK])
        v5 = v4.load([tl.xor_sum(offs, 0), 0])
        v4.store([0, 0], v5)
        v6 = tl.clamp(x, -1.0, 1.0)
    v7 = BLOCK
    tl.store(out_ptr + offs, tl.full_like(tl.max_contiguous(tl.zeros((BLOCK,), dtype=tl.float32), BLOCK), 1e-3), mask=mask)

@triton.jit
def helper_0(a, b, BLOCK: tl.constexpr):
    if ON:
        for i1 in range(0, max(b, b), BLOCK):
            v8 = tl.program_id(0)
            v9 = (tl.arange(0, BLOCK) < (abs(-C1) | BLOCK))
    elif (not True):
        pass
        pass
    else:
        pass
        tl.static_assert((ON) or True, "static")
    for i2 in tl.range(0, min(b, b), 1, num_stages=3):
        pass
        for i3 in range(0, (b * (BLOCK & BLOCK)), BLOCK):
            v10 = tl.sum(tl.cumsum(tl.reshape(tl.ravel(tl.dot(tl.zeros([BLOCK, BLOCK], dtype=tl.float32), tl.zeros((BLOCK, BLOCK), dtype=tl.float32), input_precision="ieee")), (BLOCK, BLOCK)), 1), axis=0)
            v10 = tl.reduce(tl.view(tl.zeros([BLOCK, BLOCK], dtype=tl.float32), [BLOCK, BLOCK]), 1, combine_add)
    tl.device_print("v", tl.cast(tl.arange(0, BLOCK), tl.float32))
    return b
