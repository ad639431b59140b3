# tessel-fuzz: kernel=kern signature=*fp32,*fp32,*fp32,i32,fp32 BLOCK=16 FLAG=False
"""Generated kernel program."""
import triton
import triton.language as tl

C0 = 1
C1 = C0 * 2
HALF: tl.constexpr = tl.constexpr(8)
ON = C0 > 1
DT = tl.float32


@triton.jit
def combine_add(a, b):
    return a + b


@triton.jit
def helper_0(a, b, BLOCK: tl.constexpr):
    v0 = (((tl.arange(0, BLOCK) ^ tl.arange(0, BLOCK)) | tl.multiple_of(tl.arange(0, BLOCK), BLOCK)) < b)
    return a

@triton.autotune(configs=[triton.Config({"BLOCK": 16}, num_warps=4)], key=["n"])
@triton.jit
def kern(x_ptr, y_ptr, out_ptr, n, scale, BLOCK: tl.constexpr, FLAG: tl.constexpr, K: tl.constexpr = 2):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    v1 = helper_0(tl.fma(tl.full((BLOCK,), 0.0, DT), x, x).to(tl.float32, bitcast=False), tl.cdiv(pid, BLOCK), BLOCK)
    v3 = (~mask)
    pass
    tl.store(out_ptr + offs, tl.log((-v1)), mask=mask)
