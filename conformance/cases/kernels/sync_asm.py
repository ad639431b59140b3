# conformance: tl.debug_barrier ordering a store and a load of one program,
# and tl.inline_asm_elementwise (PTX) one element per instance of the text
# and four packed int8 values per register (a bytewise operation, so the
# result does not depend on which elements share a register).
import triton
import triton.language as tl


@triton.jit
def reverse_through_memory(x_ptr, scratch_ptr, out_ptr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + pid * BLOCK + offs)
    tl.store(scratch_ptr + pid * BLOCK + offs, x)
    tl.debug_barrier()
    y = tl.load(scratch_ptr + pid * BLOCK + (BLOCK - 1 - offs))
    tl.store(out_ptr + pid * BLOCK + offs, y)


@triton.jit
def asm_rotl3(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.inline_asm_elementwise("shf.l.wrap.b32 $0, $1, $1, 3;", "=r,r", [x],
                                  dtype=tl.uint32, is_pure=True, pack=1)
    tl.store(out_ptr + offs, y, mask=mask)


@triton.jit
def asm_clear_sign_bytes(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.inline_asm_elementwise("and.b32 $0, $1, 0x7f7f7f7f;", "=r,r", [x],
                                  dtype=tl.int8, is_pure=True, pack=4)
    tl.store(out_ptr + offs, y)
