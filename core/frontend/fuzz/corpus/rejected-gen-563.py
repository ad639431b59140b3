# tessel-fuzz: kernel=kern signature=*fp16,*fp16,*fp32,i32,fp32 BLOCK=64 FLAG=False
"""Generated kernel program."""
import triton
import triton.language as tl
import tessel

C0 = 1
C1 = C0 * 2
HALF: tl.constexpr = tl.constexpr(8)
ON = C0 > 1
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
    v0 = tl.make_tensor_descriptor(out_ptr, shape=[n, BLOCK], strides=[BLOCK, 1], block_shape=[BLOCK, BLOCK], bogus=1)
    v1 = v0.load([(pid * (K | K)), 0])
    w0 = (pid * K) * 0
    while w0 < tl.multiple_of(pid, 4):
        for i1 in range(0, tl.maximum(n, n), 1):
            tl.store(out_ptr + x.to(tl.int32), tl.floor((-tl.full((BLOCK,), -1.0, DT))))
        for i2 in range(0, (w0 // 3), 1):
            v1 = v1
            v2 = (tl.trans(tl.permute(v1, (1, 0))) * -1.0)
        w0 += 1
    for j3 in tl.static_range(2):
        v3 = tl.load(x_ptr + tl.arange(0, BLOCK).to(tl.int64).to(tl.int32), mask=(~(mask ^ mask)), other=1.0)
    scale *= tl.maximum((scale - scale), 0.0)
    tl.store(out_ptr + offs, tl.where(mask, tl.arange(0, BLOCK), 0).to(tl.float32), mask=mask)

def launch(x, y, out, n):
    grid = lambda meta: (triton.cdiv(n, meta["BLOCK"]),)
    kern[grid](x, y, out, n, 1.0, BLOCK=16, FLAG=True)
