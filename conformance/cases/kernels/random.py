# conformance: counter-based random numbers (Philox 4x32-10, as
# triton.language.random) and tl.umulhi.
import triton
import triton.language as tl


@triton.jit
def randint(out_ptr, n, seed, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.randint(seed, offs), mask=offs < n)


@triton.jit
def randint4x(out_ptr, n, seed, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    r0, r1, r2, r3 = tl.randint4x(seed, offs)
    mask = offs < n
    tl.store(out_ptr + 4 * offs, r0, mask=mask)
    tl.store(out_ptr + 4 * offs + 1, r1, mask=mask)
    tl.store(out_ptr + 4 * offs + 2, r2, mask=mask)
    tl.store(out_ptr + 4 * offs + 3, r3, mask=mask)


@triton.jit
def rand(out_ptr, n, seed, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.rand(seed, offs), mask=offs < n)


@triton.jit
def umulhi(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, tl.umulhi(x, y), mask=mask)
