import triton
import triton.language as tl


@triton.jit
def randint_kernel(out_ptr, seed, n, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n
    r = tl.randint(seed, offsets)
    tl.store(out_ptr + offsets, r, mask=mask)


@triton.jit
def randint4x_kernel(o0, o1, o2, o3, seed, BLOCK_SIZE: tl.constexpr):
    offsets = tl.arange(0, BLOCK_SIZE)
    r0, r1, r2, r3 = tl.randint4x(seed, offsets)
    tl.store(o0 + offsets, r0)
    tl.store(o1 + offsets, r1)
    tl.store(o2 + offsets, r2)
    tl.store(o3 + offsets, r3)


@triton.jit
def rand_kernel(uniform_ptr, normal_ptr, u4_ptr, n4_ptr, seed, BLOCK_SIZE: tl.constexpr):
    offsets = tl.arange(0, BLOCK_SIZE)
    tl.store(uniform_ptr + offsets, tl.rand(seed, offsets))
    tl.store(normal_ptr + offsets, tl.randn(seed, offsets))
    u0, u1, u2, u3 = tl.rand4x(seed, offsets)
    tl.store(u4_ptr + offsets * 4 + 0, u0)
    tl.store(u4_ptr + offsets * 4 + 1, u1)
    tl.store(u4_ptr + offsets * 4 + 2, u2)
    tl.store(u4_ptr + offsets * 4 + 3, u3)
    n0, n1, n2, n3 = tl.randn4x(seed, offsets)
    tl.store(n4_ptr + offsets * 4 + 0, n0)
    tl.store(n4_ptr + offsets * 4 + 1, n1)
    tl.store(n4_ptr + offsets * 4 + 2, n2)
    tl.store(n4_ptr + offsets * 4 + 3, n3)


@triton.jit
def randint64_kernel(out_ptr, seed, BLOCK_SIZE: tl.constexpr):
    # 64-bit offsets select Philox-4x64.
    offsets = tl.arange(0, BLOCK_SIZE).to(tl.int64) + 4294967296
    tl.store(out_ptr + tl.arange(0, BLOCK_SIZE), tl.randint(seed, offsets))


@triton.jit
def dropout_kernel(x_ptr, output_ptr, n_elements, p, seed, BLOCK_SIZE: tl.constexpr):
    # Tutorial 04's seeded dropout.
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    random = tl.rand(seed, offsets)
    x_keep = random > p
    output = tl.where(x_keep, x / (1 - p), 0.0)
    tl.store(output_ptr + offsets, output, mask=mask)


@triton.jit
def philox_kernel(c_ptr, out_ptr, seed, BLOCK_SIZE: tl.constexpr):
    offs = tl.arange(0, BLOCK_SIZE)
    c0 = tl.load(c_ptr + offs * 4 + 0)
    c1 = tl.load(c_ptr + offs * 4 + 1)
    c2 = tl.load(c_ptr + offs * 4 + 2)
    c3 = tl.load(c_ptr + offs * 4 + 3)
    r0, r1, r2, r3 = tl.philox(seed, c0, c1, c2, c3)
    tl.store(out_ptr + offs * 4 + 0, r0)
    tl.store(out_ptr + offs * 4 + 1, r1)
    tl.store(out_ptr + offs * 4 + 2, r2)
    tl.store(out_ptr + offs * 4 + 3, r3)
