# tessel-fuzz: kernel=kern signature=*fp16,*fp16,*fp32,i64,fp32 BLOCK=64 FLAG=True
"""Generated kernel program."""
import triton
import triton.language as tl

C0 = 4
C1 = C0 * 2
HALF: tl.constexpr = tl.constexpr(8)
ON = True
DT = tl.float32


@triton.jit
def combine_add(a, b):
    return a + b


@triton.jit
def helper_0(a, b, BLOCK: tl.constexpr):
    v0 = (tl.where((~(tl.arange(0, BLOCK) < (BLOCK + BLOCK))), tl.argmax(tl.zeros((BLOCK, BLOCK), dtype=tl.float32), 1), 0) >= b)
    return tl.math.exp2(tl.cast(tl.arange(0, BLOCK), tl.float32)), tl.argmax(a, 0)

@triton.autotune(configs=[triton.Config({"BLOCK": 16}, num_warps=4)], key=["n"])
@triton.jit
def kern(x_ptr, y_ptr, out_ptr, n, scale, BLOCK: tl.constexpr, FLAG: tl.constexpr, K: tl.constexpr = 2):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    v1, v2 = helper_0(tl.sum(tl.cumsum(tl.trans(tl.zeros([BLOCK, BLOCK], dtype=tl.float32)), 1), axis=0), pid, BLOCK)
    tl.store(out_ptr + (offs & 15), tl.sum(tl.cumsum(y_ptr, 1), axis=0), eviction_policy="evict_last")
    tl.store(out_ptr + offs, tl.sum(((v1[:, None] * x[None, :]) * 2.5), axis=1))
    tl.store(out_ptr + tl.cumsum(offs, 0), tl.load(y_ptr + tl.multiple_of(offs, BLOCK)), mask=(offs == tl.num_programs(0)), eviction_policy="evict_last")
    for j0 in tl.static_range(1):
        tl.device_assert(((tl.arange(0, BLOCK) < (BLOCK + j0)) | mask))
    """A docstring."""
    tl.store(out_ptr + offs, tl.cumsum(x, 0), mask=mask)
