# tessel-fuzz: kernel=kern signature=*fp16,*fp16,*fp32,i32:16,fp32 BLOCK=32 FLAG=True
"""Generated kernel program."""
import triton
import triton.language as tl

C0 = 3
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
    for i0 in range(0, (tl.program_id(0) % 7)):
        v0 = (K - max(C0, 2))
        v1 = tl.make_tensor_descriptor(out_ptr, shape=[tl.argmin(x, 0), BLOCK], strides=[BLOCK, 1], block_shape=[BLOCK, BLOCK])
        v2 = v1.load([tl.xor_sum(offs, 0), 0], bogus=1)
    v3 = tl.broadcast_to(x[:, None], [BLOCK, BLOCK])
    pass
    tl.store(out_ptr + offs, tl.associative_scan(x, 0, combine_add), mask=mask)
