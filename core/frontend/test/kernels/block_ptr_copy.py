import triton
import triton.language as tl


@triton.jit
def copy_block(src_ptr, dst_ptr, M, N, stride_sm, stride_dm,
               BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # One BLOCK_M x BLOCK_N tile per program, ragged at the edges of M and N.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    src = tl.make_block_ptr(base=src_ptr, shape=(M, N), strides=(stride_sm, 1),
                            offsets=(pid_m * BLOCK_M, pid_n * BLOCK_N),
                            block_shape=(BLOCK_M, BLOCK_N), order=(1, 0))
    dst = tl.make_block_ptr(base=dst_ptr, shape=(M, N), strides=(stride_dm, 1),
                            offsets=(pid_m * BLOCK_M, 0), block_shape=(BLOCK_M, BLOCK_N),
                            order=(1, 0))
    dst = dst.advance((0, pid_n * BLOCK_N))
    x = tl.load(src, boundary_check=(0, 1), padding_option="zero")
    tl.store(dst, x, boundary_check=(0, 1))


@triton.jit
def load_rows(src_ptr, dst_ptr, M, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # Only dimension 0 is checked: the columns are unmasked.
    src = tl.make_block_ptr(src_ptr, (M, BLOCK_N), (BLOCK_N, 1), (0, 0),
                            (BLOCK_M, BLOCK_N), (1, 0))
    x = tl.load(src, boundary_check=(0,), padding_option="nan")
    dst = tl.make_block_ptr(dst_ptr, (BLOCK_M, BLOCK_N), (BLOCK_N, 1), (0, 0),
                            (BLOCK_M, BLOCK_N), (1, 0))
    tl.store(dst, x)


@triton.jit
def is_descriptor(x, out_ptr):
    if isinstance(x, tl.tensor_descriptor):
        tl.store(out_ptr, 1)
    else:
        tl.store(out_ptr, 0)


@triton.jit
def row_sums(src_ptr, out_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # The block pointer moves along N in a runtime loop.
    src = tl.make_block_ptr(src_ptr, (M, N), (N, 1), (tl.program_id(0) * BLOCK_M, 0),
                            (BLOCK_M, BLOCK_N), (1, 0))
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for n in range(0, N, BLOCK_N):
        acc += tl.load(src, boundary_check=(0, 1))
        src = tl.advance(src, (0, BLOCK_N))
    out = tl.make_block_ptr(out_ptr, (M,), (1,), (tl.program_id(0) * BLOCK_M,), (BLOCK_M,),
                            (0,))
    tl.store(out, tl.sum(acc, axis=1), boundary_check=(0,))
