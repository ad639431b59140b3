# tessel-fuzz: kernel=kern signature=*fp32:16,*fp32:16,*fp32,i32,fp32 BLOCK=16 FLAG=True K=4
"""Generated kernel program."""
import triton
import triton.language as tl

C0 = 4
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
    w0 = tl.program_id(1) * 0
    while w0 < tl.program_id(2, ()):
        pass
        w0 += 1
    if ((4 - BLOCK) <= K):
        for i1 in tl.range(0, pid, 1, num_stages=2):
            tl.store(out_ptr + tl.where(mask, offs, 0), tl.full((BLOCK,), 2.5, DT), mask=mask)
            pass
    elif ((BLOCK > 8) or (not (BLOCK > 8))):
        if (tl.sum(offs, axis=0) >> 1) < tl.argmax(tl.full((BLOCK,), 1e-3, DT), 0):
            offs = (((pid % 5) * BLOCK + (tl.program_id(0) * BLOCK + offs)) & 15)
            w0 += tl.sum(2 ** 40, axis=0)
        elif tl.program_id(2) != 3:
            pid -= tl.argmin(tl.log2(offs), 0)
        else:
            tl.static_print("K", 1)
    else:
        w2 = max(pid, w0) * 0
        while w2 < max(tl.program_id(0), tl.num_programs(0)):
            pass
            tl.static_print("K", BLOCK)
            w2 += 1
        """A docstring."""
    v0 = tl.make_tensor_descriptor(x_ptr, shape=[(w0 << 1), BLOCK], strides=[BLOCK, 1], block_shape=[BLOCK, BLOCK])
    v1 = v0.load([tl.program_id(0), 0])
    for j3 in tl.static_range(K):
        scale = tl.max(tl.full_like(tl.minimum(tl.full([BLOCK], 2.5, DT), tl.zeros((BLOCK,), dtype=tl.float32)), 2.5), 0)
        assert (not True) or True, "checked"
    tl.store(out_ptr + offs, tl.cast(offs.to(tl.int64).to(tl.int32), tl.float32), mask=mask)
