# tl.inline_asm_elementwise as NVIDIA kernels use it: a funnel shift in PTX,
# and a byte permutation over four packed int8 values.
import triton
import triton.language as tl


@triton.jit
def rotl3_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.inline_asm_elementwise("shf.l.wrap.b32 $0, $1, $1, 3;", "=r,r", [x],
                                  dtype=tl.uint32, is_pure=True, pack=1)
    tl.store(out_ptr + offs, y, mask=mask)


@triton.jit
def byte_reverse_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.inline_asm_elementwise("prmt.b32 $0, $1, 0, 0x0123;", "=r,r", [x],
                                  dtype=tl.int8, is_pure=True, pack=4)
    tl.store(out_ptr + offs, y)
