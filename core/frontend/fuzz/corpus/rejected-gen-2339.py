# tessel-fuzz: kernel=kern signature=*fp32,*fp32,*fp32,i32,fp32 BLOCK=8 FLAG=False
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
    return tl.maximum(a, b)


@triton.jit
def helper_0(a, b, BLOCK: tl.constexpr):
    v0 = BLOCK
    return tl.fma(a.to(tl.int32).to(tl.float32), (a + -1.0), a)

@triton.jit
def kern(x_ptr, y_ptr, out_ptr, n, scale, BLOCK: tl.constexpr, FLAG: tl.constexpr, K: tl.constexpr = 2):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    v1 = helper_0(x.to(tl.float16).to(tl.float32).to(tl.float32, bitcast=False), n, BLOCK)
    if (tl.xor_sum(tl.arange(0, BLOCK), 0, out_ptr) + (tl.num_programs(0) if True else pid)) < tl.program_id(0):
        v3 = tl.make_tensor_descriptor(x_ptr, shape=[(pid * (K << 1)), BLOCK], strides=[BLOCK, 1], block_shape=[BLOCK, BLOCK])
        v4 = v3.load([(n + pid), 0])
        v5 = tl.make_tensor_descriptor(x_ptr, shape=[tl.xor_sum(offs, 0), BLOCK], strides=[BLOCK, 1], block_shape=[BLOCK, BLOCK])
        v6 = v5.load([(tl.num_programs(0) // 3), 0])
        v5.store([0, 0], v6)
    elif tl.argmin(v1, 0) != 3:
        v7 = tl.make_tensor_descriptor(out_ptr, shape=[(pid * abs(-C1)), BLOCK], strides=[BLOCK, 1], block_shape=[BLOCK, BLOCK])
        v8 = v7.load([tl.num_programs(0), 0])
        tl.store(out_ptr + (tl.program_id(0) * BLOCK + offs), tl.math.exp2(tl.cumsum(tl.cast(tl.arange(0, BLOCK), tl.float32), 0)), eviction_policy="evict_last")
    for j0 in tl.static_range(1):
        tl.static_print("K")
    tl.store(out_ptr + offs, x, mask=mask)
