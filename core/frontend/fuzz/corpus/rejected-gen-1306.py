# tessel-fuzz: kernel=kern signature=*fp32,*fp32,*fp32,i32:16,fp32 BLOCK=16 FLAG=True K=2
"""Generated kernel program."""
import triton
import triton.language as tl

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
    for j0 in tl.static_range(2):
        scale = (tl.program_id(0) % 5).to(tl.float32)
    tl.store(out_ptr + tl.arange(0, BLOCK), tl.zeros_like(tl.cast(tl.where(mask, tl.arange(0, BLOCK), 0), x_ptr)), eviction_policy="evict_last")
    if (FLAG and (not True)):
        v0 = tl.make_tensor_descriptor(out_ptr, shape=[tl.num_programs(0), BLOCK], strides=[BLOCK, 1], block_shape=[BLOCK, BLOCK])
        v1 = v0.load([n, 0])
        n = min(((n + tl.num_programs(0)) >> 1), (pid + pid))
    elif ((K - max(C0, 2)) <= K):
        v2 = tl.make_tensor_descriptor(out_ptr, shape=[tl.maximum(tl.program_id(0), pid), BLOCK], strides=[BLOCK, 1], block_shape=[BLOCK, BLOCK])
        v3 = v2.load([tl.sum(offs, axis=0), 0])
    else:
        pass
        v4 = tl.min(x, 0)
    v5 = ((tl.full([BLOCK], 0.0, DT) + 3.0).to(tl.int32).to(tl.float32) - x)
    v6 = n.to(tl.float32)
    tl.store(out_ptr + offs, tl.math.log2(x), mask=mask)
