# conformance: tensor descriptors, with ragged edges on both axes
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
