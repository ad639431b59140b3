# tessel-fuzz: kernel=kern signature=*fp16,*fp16,*fp32,i32:1,fp32 BLOCK=16 FLAG=True
"""Generated kernel program."""
import triton
import triton.language as tl
import tessel

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
    v0 = b
    v1 = tl.sum((tl.arange(0, BLOCK) - 1), axis=0)
    return a

@triton.autotune(configs=[triton.Config({"BLOCK": 16}, num_warps=4)], key=["n"])
@triton.jit
def kern(x_ptr, y_ptr, out_ptr, n, scale, BLOCK: tl.constexpr, FLAG: tl.constexpr, K: tl.constexpr = 2):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    v2 = helper_0(tl.full((BLOCK,), 1.0, DT), pid, BLOCK)
    x = v2
    tl.device_print("v", tl.full((BLOCK,), 0.0, DT))
    pass
    tl.store(out_ptr + offs, tl.where((~mask), tl.math.exp2(v2), (x / v2)), mask=mask)
