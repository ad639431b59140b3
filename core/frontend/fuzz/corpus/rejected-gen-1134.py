# tessel-fuzz: kernel=kern signature=*fp16,*fp16,*fp32,i32:16,fp32 BLOCK=8 FLAG=False
"""Generated kernel program."""
import triton
import triton.language as tl

C0 = 2
C1 = C0 * 2
HALF: tl.constexpr = tl.constexpr(8)
ON = True
DT = tl.float16


@triton.jit
def combine_add(a, b):
    return a + b


@triton.jit
def helper_0(a, b, BLOCK: tl.constexpr):
    v0 = ((abs(-C1) | abs(-C1)) + BLOCK)
    for i0 in range(0, tl.sum(tl.arange(0, BLOCK), axis=0), 2):
        for i1 in range(0, (i0 % 5), BLOCK):
            tl.static_assert((((BLOCK > 8) and True)) or True, "static")
        for j2 in tl.static_range(C0):
            tl.static_assert(((not (BLOCK > 8))) or True, "static")
    return tl.maximum(b, (tl.num_programs(0) + b))

@triton.autotune(configs=[triton.Config({"BLOCK": 16}, num_warps=4)], key=["n"])
@triton.jit
def kern(x_ptr, y_ptr, out_ptr, n, scale, BLOCK: tl.constexpr, FLAG: tl.constexpr, K: tl.constexpr = 2):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    v2 = helper_0(x, pid, BLOCK)
    w3 = (n // 2) * 0
    while w3 < v2:
        tl.store(out_ptr + x.to(tl.int32), x.to(tl.int32).to(tl.float32), v2, mask=(x <= 2.5))
        v3 = 4
        w3 += 1
    v4 = tl.make_tensor_descriptor(x_ptr, shape=[tl.argmax(x, 0, (1, 2)), BLOCK], strides=[BLOCK, 1], block_shape=[BLOCK, BLOCK])
    v5 = v4.load([tl.program_id(1), 0])
    if tl.cdiv(tl.xor_sum(offs, 0), BLOCK) < (v2 // 3):
        pass
    else:
        pass
    v6 = 0x10
    v7 = x
    tl.store(out_ptr + offs, x, mask=mask)
