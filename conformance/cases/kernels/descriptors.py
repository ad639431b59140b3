# conformance: tensor descriptors of 1 to 5 dimensions, with ragged edges on every axis
# (out-of-bounds elements read as zero and are never written).
import triton
import triton.language as tl


@triton.jit
def desc_copy(src, dst, M, N, BM: tl.constexpr, BN: tl.constexpr):
    d_in = tl.make_tensor_descriptor(src, [M, N], [N, 1], [BM, BN])
    d_out = tl.make_tensor_descriptor(dst, [M, N], [N, 1], [BM, BN])
    m0 = tl.program_id(0) * BM
    n0 = tl.program_id(1) * BN
    x = d_in.load([m0, n0])
    d_out.store([m0, n0], x)


@triton.jit
def desc_row_sum(src, out, M, N, BM: tl.constexpr, BN: tl.constexpr):
    # Padding must be zero: the sum over a ragged block counts only in-bounds
    # elements.
    d = tl.make_tensor_descriptor(src, [M, N], [N, 1], [BM, BN])
    m0 = tl.program_id(0) * BM
    acc = tl.zeros([BM], dtype=tl.float32)
    for n0 in range(0, N, BN):
        acc += tl.sum(d.load([m0, n0]).to(tl.float32), axis=1)
    rm = m0 + tl.arange(0, BM)
    tl.store(out + rm, acc, mask=rm < M)


# The other ranks Triton allows (1 to 5). Grids cover the first three
# dimensions; kernels of 4 and 5 dimensions walk the others in loops.
@triton.jit
def desc_copy_1d(src, dst, N, B0: tl.constexpr):
    d_in = tl.make_tensor_descriptor(src, [N], [1], [B0])
    d_out = tl.make_tensor_descriptor(dst, [N], [1], [B0])
    n0 = tl.program_id(0) * B0
    d_out.store([n0], d_in.load([n0]))


@triton.jit
def desc_copy_3d(src, dst, D0, D1, D2, P, B0: tl.constexpr, B1: tl.constexpr,
                 B2: tl.constexpr):
    # The source's rows are P elements apart (P >= D2): its strides, not its
    # shape, place them; the destination is contiguous.
    d_in = tl.make_tensor_descriptor(src, [D0, D1, D2], [D1 * P, P, 1], [B0, B1, B2])
    d_out = tl.make_tensor_descriptor(dst, [D0, D1, D2], [D1 * D2, D2, 1],
                                      [B0, B1, B2])
    o0 = tl.program_id(0) * B0
    o1 = tl.program_id(1) * B1
    o2 = tl.program_id(2) * B2
    d_out.store([o0, o1, o2], d_in.load([o0, o1, o2]))


@triton.jit
def desc_copy_4d(src, dst, D0, D1, D2, D3, B0: tl.constexpr, B1: tl.constexpr,
                 B2: tl.constexpr, B3: tl.constexpr):
    d_in = tl.make_tensor_descriptor(src, [D0, D1, D2, D3],
                                     [D1 * D2 * D3, D2 * D3, D3, 1], [B0, B1, B2, B3])
    d_out = tl.make_tensor_descriptor(dst, [D0, D1, D2, D3],
                                      [D1 * D2 * D3, D2 * D3, D3, 1], [B0, B1, B2, B3])
    o0 = tl.program_id(0) * B0
    o1 = tl.program_id(1) * B1
    o2 = tl.program_id(2) * B2
    for o3 in range(0, D3, B3):
        d_out.store([o0, o1, o2, o3], d_in.load([o0, o1, o2, o3]))


@triton.jit
def desc_copy_5d(src, dst, D0, D1, D2, D3, D4, B0: tl.constexpr, B1: tl.constexpr,
                 B2: tl.constexpr, B3: tl.constexpr, B4: tl.constexpr):
    d_in = tl.make_tensor_descriptor(src, [D0, D1, D2, D3, D4],
                                     [D1 * D2 * D3 * D4, D2 * D3 * D4, D3 * D4, D4, 1],
                                     [B0, B1, B2, B3, B4])
    d_out = tl.make_tensor_descriptor(dst, [D0, D1, D2, D3, D4],
                                      [D1 * D2 * D3 * D4, D2 * D3 * D4, D3 * D4, D4, 1],
                                      [B0, B1, B2, B3, B4])
    o0 = tl.program_id(0) * B0
    o1 = tl.program_id(1) * B1
    o2 = tl.program_id(2) * B2
    for o3 in range(0, D3, B3):
        for o4 in range(0, D4, B4):
            d_out.store([o0, o1, o2, o3, o4], d_in.load([o0, o1, o2, o3, o4]))


@triton.jit
def desc_sum_1d(src, out, N, B0: tl.constexpr):
    # Padding must be zero: the last block reaches past N.
    d = tl.make_tensor_descriptor(src, [N], [1], [B0])
    acc = tl.zeros([B0], dtype=tl.float32)
    for n0 in range(0, N, B0):
        acc += d.load([n0]).to(tl.float32)
    tl.store(out, tl.sum(acc, axis=0))


@triton.jit
def desc_row_sum_3d(src, out, D0, D1, D2, B0: tl.constexpr, B1: tl.constexpr,
                    B2: tl.constexpr):
    # out[i] = the sum of src[i, :, :]; blocks are ragged on every axis, and
    # their padding must be zero.
    d = tl.make_tensor_descriptor(src, [D0, D1, D2], [D1 * D2, D2, 1], [B0, B1, B2])
    o0 = tl.program_id(0) * B0
    acc = tl.zeros([B0], dtype=tl.float32)
    for o1 in range(0, D1, B1):
        for o2 in range(0, D2, B2):
            x = d.load([o0, o1, o2]).to(tl.float32)
            acc += tl.sum(tl.sum(x, axis=2), axis=1)
    r = o0 + tl.arange(0, B0)
    tl.store(out + r, acc, mask=r < D0)


@triton.jit
def desc_matmul(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                BK: tl.constexpr):
    # Dot operands through descriptors (copied by the block-copy engine
    # where the backend has one): ragged M, N and K read zeros past the edges.
    a_desc = tl.make_tensor_descriptor(a_ptr, [M, K], [K, 1], [BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, [K, N], [N, 1], [BK, BN])
    m0 = tl.program_id(0) * BM
    n0 = tl.program_id(1) * BN
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        acc = tl.dot(a_desc.load([m0, k0]), b_desc.load([k0, n0]), acc)
    rm = m0 + tl.arange(0, BM)
    rn = n0 + tl.arange(0, BN)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc,
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def desc_matmul_batched(a_ptr, b_ptr, c_ptr, M, N, K, stride_a, stride_b,
                        BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # One GEMM of a batch per program along axis 2, its operands through
    # descriptors over one slice of A and of B each (a block-copy engine
    # copies them with the slice as a third coordinate).
    batch = tl.program_id(2)
    a_desc = tl.make_tensor_descriptor(a_ptr + batch * stride_a, [M, K], [K, 1], [BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr + batch * stride_b, [K, N], [N, 1], [BK, BN])
    m0 = tl.program_id(0) * BM
    n0 = tl.program_id(1) * BN
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        acc = tl.dot(a_desc.load([m0, k0]), b_desc.load([k0, n0]), acc)
    rm = m0 + tl.arange(0, BM)
    rn = n0 + tl.arange(0, BN)
    tl.store(c_ptr + batch * M * N + rm[:, None] * N + rn[None, :], acc,
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def desc_matmul_bt(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                   BK: tl.constexpr):
    # B given as N x K (rows along K), transposed after the load.
    a_desc = tl.make_tensor_descriptor(a_ptr, [M, K], [K, 1], [BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, [N, K], [K, 1], [BN, BK])
    m0 = tl.program_id(0) * BM
    n0 = tl.program_id(1) * BN
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        acc = tl.dot(a_desc.load([m0, k0]), b_desc.load([n0, k0]).T, acc)
    rm = m0 + tl.arange(0, BM)
    rn = n0 + tl.arange(0, BN)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc,
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def desc_matmul_persistent(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr,
                           BN: tl.constexpr, BK: tl.constexpr):
    # Fewer programs than tiles, each walking tiles num_programs apart: the
    # loop over K (and whatever its copies wait on) runs again per tile.
    a_desc = tl.make_tensor_descriptor(a_ptr, [M, K], [K, 1], [BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, [K, N], [N, 1], [BK, BN])
    tiles_n = tl.cdiv(N, BN)
    tiles = tl.cdiv(M, BM) * tiles_n
    for tile in range(tl.program_id(0), tiles, tl.num_programs(0)):
        m0 = (tile // tiles_n) * BM
        n0 = (tile % tiles_n) * BN
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k0 in range(0, K, BK):
            acc = tl.dot(a_desc.load([m0, k0]), b_desc.load([k0, n0]), acc)
        rm = m0 + tl.arange(0, BM)
        rn = n0 + tl.arange(0, BN)
        tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc,
                 mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def desc_matmul_persistent_flat(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr,
                                BN: tl.constexpr, BK: tl.constexpr):
    # desc_matmul_persistent with the walk over tiles and the loop over K
    # flattened into one loop (flatten=True); the epilogue finds its tile
    # from a counter the walk carries.
    a_desc = tl.make_tensor_descriptor(a_ptr, [M, K], [K, 1], [BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, [K, N], [N, 1], [BK, BN])
    tiles_n = tl.cdiv(N, BN)
    tiles = tl.cdiv(M, BM) * tiles_n
    done = tl.program_id(0) - tl.num_programs(0)
    for tile in tl.range(tl.program_id(0), tiles, tl.num_programs(0), flatten=True):
        m0 = (tile // tiles_n) * BM
        n0 = (tile % tiles_n) * BN
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k0 in range(0, K, BK):
            acc = tl.dot(a_desc.load([m0, k0]), b_desc.load([k0, n0]), acc)
        done += tl.num_programs(0)
        rm = (done // tiles_n) * BM + tl.arange(0, BM)
        rn = (done % tiles_n) * BN + tl.arange(0, BN)
        tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc,
                 mask=(rm[:, None] < M) & (rn[None, :] < N))
