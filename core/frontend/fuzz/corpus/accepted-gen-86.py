# tessel-fuzz: kernel=kern signature=*fp16,*fp16,*fp32,i64,fp32 BLOCK=64 FLAG=False
"""Generated kernel program."""
import triton
import triton.language as tl

C0 = 4
C1 = C0 * 2
HALF: tl.constexpr = tl.constexpr(8)
ON = False
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
    tl.device_assert((~mask), "device check")
    v0 = tl.make_tensor_descriptor(y_ptr, shape=[tl.cdiv(pid, BLOCK), BLOCK], strides=[BLOCK, 1], block_shape=[BLOCK, BLOCK])
    v1 = v0.load([min(tl.num_programs(0), pid), 0])
    pid = tl.multiple_of(pid, 4)
    tl.store(out_ptr + offs, tl.sum((tl.full((BLOCK,), 1.0, DT)[:, None] * tl.full((BLOCK,), 2.5, DT)[None, :]), axis=1), mask=mask)
