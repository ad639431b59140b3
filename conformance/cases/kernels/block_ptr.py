# conformance: block pointers (tl.make_block_ptr, tl.advance) with boundary
# checks and padding.
import triton
import triton.language as tl


@triton.jit
def bp_copy(x_ptr, out_ptr, M, N, stride_m, BM: tl.constexpr, BN: tl.constexpr):
    # Copies an M x N matrix whose rows are stride_m apart, block by block;
    # the blocks at the edges are clipped by the boundary checks.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    src = tl.make_block_ptr(base=x_ptr, shape=(M, N), strides=(stride_m, 1),
                            offsets=(pid_m * BM, pid_n * BN), block_shape=(BM, BN),
                            order=(1, 0))
    dst = tl.make_block_ptr(base=out_ptr, shape=(M, N), strides=(stride_m, 1),
                            offsets=(pid_m * BM, pid_n * BN), block_shape=(BM, BN),
                            order=(1, 0))
    v = tl.load(src, boundary_check=(0, 1))
    tl.store(dst, v, boundary_check=(0, 1))


@triton.jit
def bp_row_sum(x_ptr, out_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    # Row sums of an M x N matrix: the block pointer advances along N and
    # the padding of the last block is zero.
    pid = tl.program_id(0)
    p = tl.make_block_ptr(base=x_ptr, shape=(M, N), strides=(N, 1), offsets=(pid * BM, 0),
                          block_shape=(BM, BN), order=(1, 0))
    acc = tl.zeros([BM], dtype=tl.int32)
    for _ in range(0, N, BN):
        acc += tl.sum(tl.load(p, boundary_check=(0, 1), padding_option="zero"), axis=1)
        p = tl.advance(p, (0, BN))
    offs = pid * BM + tl.arange(0, BM)
    tl.store(out_ptr + offs, acc, mask=offs < M)


@triton.jit
def bp_transpose(x_ptr, out_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    # out (N x M) = x (M x N) transposed: the load reads x through a block
    # pointer over its transpose (strides swapped, column-major order).
    pid_n = tl.program_id(0)
    pid_m = tl.program_id(1)
    src = tl.make_block_ptr(base=x_ptr, shape=(N, M), strides=(1, N),
                            offsets=(pid_n * BN, pid_m * BM), block_shape=(BN, BM),
                            order=(0, 1))
    dst = tl.make_block_ptr(base=out_ptr, shape=(N, M), strides=(M, 1),
                            offsets=(pid_n * BN, pid_m * BM), block_shape=(BN, BM),
                            order=(1, 0))
    tl.store(dst, tl.load(src, boundary_check=(0, 1)), boundary_check=(0, 1))


@triton.jit
def bp_pad_nan(x_ptr, out_ptr, N, BN: tl.constexpr):
    # A 1-D block past the end reads NaN there (padding_option="nan"); it is
    # stored whole through plain pointers.
    pid = tl.program_id(0)
    p = tl.make_block_ptr(base=x_ptr, shape=(N,), strides=(1,), offsets=(pid * BN,),
                          block_shape=(BN,), order=(0,))
    v = tl.load(p, boundary_check=(0,), padding_option="nan")
    tl.store(out_ptr + pid * BN + tl.arange(0, BN), v)
