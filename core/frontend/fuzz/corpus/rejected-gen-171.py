# tessel-fuzz: kernel=kern signature=*fp16,*fp16,*fp32,i32:16,fp32 BLOCK=16 FLAG=False K=2
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
    pass
    for i0 in range(0, tl.multiple_of(pid, 4), 1):
        offs = tl.argmin(tl.broadcast_to(tl.sum(tl.zeros((BLOCK, BLOCK), dtype=tl.float32), 1, keep_dims=False)[:, None]), 1, mask=None)
    tl.store(out_ptr + offs, tl.associative_scan(tl.div_rn(x, tl.zeros((BLOCK,), dtype=tl.float32)), 0, combine_add), mask=mask)

def launch(x, y, out, n):
    grid = lambda meta: (triton.cdiv(n, meta["BLOCK"]),)
    kern[grid](x, y, out, n, 1.0, BLOCK=16, FLAG=True)
