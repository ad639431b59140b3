# tessel-fuzz: kernel=kern signature=*bf16,*bf16,*fp32,i32,fp32 BLOCK=16 FLAG=False
"""Generated kernel program."""
import triton
import triton.language as tl
import tessel

C0 = 2
C1 = C0 * 2
HALF: tl.constexpr = tl.constexpr(8)
ON = True
DT = tl.float32


@triton.jit
def combine_add(a, b):
    return a + b


@triton.autotune(configs=[triton.Config({"BLOCK": 16}, num_warps=4)], key=["n"])
@triton.jit
def kern(x_ptr, y_ptr, out_ptr, n, scale, BLOCK: tl.constexpr, FLAG: tl.constexpr, K: tl.constexpr = 2):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    v0 = tl.make_tensor_descriptor(y_ptr, shape=[pid, BLOCK], strides=[BLOCK, 1], block_shape=[BLOCK, BLOCK])
    v1 = v0.load([min(pid, pid), 0])
    v0.store([0, 0], tl.reshape(tl.ravel(tl.broadcast_to(x[:, None], (BLOCK, BLOCK))), (BLOCK, BLOCK)), mask=None)
    for j0 in tl.static_range(K):
        v1 = tl.trans(tl.view(v1, [BLOCK, BLOCK]).T)
    tl.static_assert(BLOCK >= 1, "BLOCK must be positive")
    v2 = ((BLOCK % (0 + 1)) // ((K % (BLOCK + 1)) + 1))
    for i1 in tl.range(0, pid, 1, num_stages=2):
        tl.store(out_ptr + tl.multiple_of(tl.arange(0, BLOCK), BLOCK), tl.full([BLOCK], 2.5, DT))
    tl.store(out_ptr + offs, tl.maximum(x.to(tl.float8e5).to(tl.float32), tl.load(y_ptr + tl.arange(0, BLOCK), offs, mask=(tl.arange(0, BLOCK) < v2), other=2.5)), mask=mask)
