"""Kernels of the GPU benchmark (bench/nvidia): written once, compiled by
Tessel (prepare_kernels) and by Triton (triton_bench.py)."""
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offsets = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, x + y, mask=mask)


@triton.jit
def softmax_kernel(out_ptr, in_ptr, in_stride, out_stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(in_ptr + row * in_stride + cols, mask=mask, other=-float("inf"))
    x = x - tl.max(x, axis=0)
    num = tl.exp(x)
    y = num / tl.sum(num, axis=0)
    tl.store(out_ptr + row * out_stride + cols, y, mask=mask)


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                  stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                  GROUP_M: tl.constexpr):
    pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    per_group = GROUP_M * num_pid_n
    group = pid // per_group
    first_m = group * GROUP_M
    group_size = min(num_pid_m - first_m, GROUP_M)
    pid_m = first_m + ((pid % per_group) % group_size)
    pid_n = (pid % per_group) // group_size
    offs_m = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M
    offs_n = (pid_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :] * stride_ak
    b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_n[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_K, other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    c = acc.to(c_ptr.dtype.element_ty)
    offs_cm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_cn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    c_ptrs = c_ptr + offs_cm[:, None] * stride_cm + offs_cn[None, :] * stride_cn
    tl.store(c_ptrs, c, mask=(offs_cm[:, None] < M) & (offs_cn[None, :] < N))


@triton.jit
def matmul_desc_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                       stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                       BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                       GROUP_M: tl.constexpr):
    # matmul_kernel (same parameters) through tensor descriptors made in the
    # kernel: they clip and zero-fill the edges, and a backend with a
    # block-copy engine (TMA) copies the tiles with it. The unit strides
    # must be 1.
    pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    per_group = GROUP_M * num_pid_n
    group = pid // per_group
    first_m = group * GROUP_M
    group_size = min(num_pid_m - first_m, GROUP_M)
    pid_m = first_m + ((pid % per_group) % group_size)
    pid_n = (pid % per_group) // group_size
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[stride_am, stride_ak],
                                       block_shape=[BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[stride_bk, stride_bn],
                                       block_shape=[BLOCK_K, BLOCK_N])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[stride_cm, stride_cn],
                                       block_shape=[BLOCK_M, BLOCK_N])
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = a_desc.load([pid_m * BLOCK_M, k * BLOCK_K])
        b = b_desc.load([k * BLOCK_K, pid_n * BLOCK_N])
        acc = tl.dot(a, b, acc)
    c_desc.store([pid_m * BLOCK_M, pid_n * BLOCK_N], acc.to(c_ptr.dtype.element_ty))


@triton.jit
def matmul_persistent_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                             stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                             BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                             GROUP_M: tl.constexpr):
    # matmul_desc_kernel (same parameters) run by a fixed number of programs
    # (one an SM): each walks the tiles num_programs apart in the grouped
    # order, the walk flattened with the loop over K (flatten=True) so that
    # a pipeliner copies the next tile's first blocks during this tile's
    # epilogue.
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    per_group = GROUP_M * num_pid_n
    k_tiles = tl.cdiv(K, BLOCK_K)
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[stride_am, stride_ak],
                                       block_shape=[BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[stride_bk, stride_bn],
                                       block_shape=[BLOCK_K, BLOCK_N])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[stride_cm, stride_cn],
                                       block_shape=[BLOCK_M, BLOCK_N])
    for tile in tl.range(tl.program_id(0), num_pid_m * num_pid_n, tl.num_programs(0),
                         flatten=True):
        first_m = (tile // per_group) * GROUP_M
        group_size = min(num_pid_m - first_m, GROUP_M)
        pid_m = first_m + ((tile % per_group) % group_size)
        pid_n = (tile % per_group) // group_size
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for k in range(k_tiles):
            a = a_desc.load([pid_m * BLOCK_M, k * BLOCK_K])
            b = b_desc.load([k * BLOCK_K, pid_n * BLOCK_N])
            acc = tl.dot(a, b, acc)
        c_desc.store([pid_m * BLOCK_M, pid_n * BLOCK_N], acc.to(c_ptr.dtype.element_ty))


@triton.jit
def matmul_splitk_kernel(a_ptr, b_ptr, c_ptr, ws_ptr, count_ptr, M, N, K,
                         stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                         BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                         GROUP_M: tl.constexpr, SPLIT_K: tl.constexpr):
    # matmul_kernel with K split over SPLIT_K programs a tile (program_id(1)),
    # for shapes whose tiles are too few to occupy every SM. Each program
    # stores its fp32 partial product in the workspace (SPLIT_K x M x N,
    # row-major) and counts itself in count_ptr[tile]; the last one to
    # arrive adds the partials in the order of K, so the result does not
    # depend on which one that is, stores C and sets the count back to 0
    # for the next launch (count_ptr must hold zeros before the first).
    pid = tl.program_id(0)
    pid_k = tl.program_id(1)
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    per_group = GROUP_M * num_pid_n
    group = pid // per_group
    first_m = group * GROUP_M
    group_size = min(num_pid_m - first_m, GROUP_M)
    pid_m = first_m + ((pid % per_group) % group_size)
    pid_n = (pid % per_group) // group_size
    k_tiles = tl.cdiv(K, BLOCK_K)
    per_split = tl.cdiv(k_tiles, SPLIT_K)
    k_first = pid_k * per_split
    k_last = min(k_first + per_split, k_tiles)
    offs_m = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M
    offs_n = (pid_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + (k_first * BLOCK_K + offs_k[None, :]) * stride_ak
    b_ptrs = b_ptr + (k_first * BLOCK_K + offs_k[:, None]) * stride_bk + offs_n[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(k_first, k_last):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_K, other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    offs_cm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_cn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    c_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
    ws_tile = offs_cm[:, None] * N + offs_cn[None, :]
    tl.store(ws_ptr + pid_k * M * N + ws_tile, acc, mask=c_mask)
    # Every thread's stores before the count (one thread adds to it), whose
    # acquire-release then publishes them to the last program.
    tl.debug_barrier()
    arrived = tl.atomic_add(count_ptr + pid, 1)
    if arrived == SPLIT_K - 1:
        total = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for s in range(0, SPLIT_K):
            total += tl.load(ws_ptr + s * M * N + ws_tile, mask=c_mask, other=0.0)
        c_ptrs = c_ptr + offs_cm[:, None] * stride_cm + offs_cn[None, :] * stride_cn
        tl.store(c_ptrs, total.to(c_ptr.dtype.element_ty), mask=c_mask)
        tl.atomic_xchg(count_ptr + pid, 0)


@triton.jit
def fill_kernel(out_ptr, n, value, BLOCK: tl.constexpr):
    # The L2 flush before every timed launch (Workloads.h, l2Flush): writes
    # `value` to n int32 elements, far more than the L2 holds.
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offsets, tl.zeros((BLOCK,), dtype=tl.int32) + value, mask=offsets < n)


@triton.jit
def attn_fwd(Q, K, V, Out, Lse, sm_scale,
             stride_qs, stride_qm, stride_ks, stride_kn,
             stride_vs, stride_vn, stride_os, stride_om,
             seq_len,
             HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
             CAUSAL: tl.constexpr):
    # Flash attention forward: one program takes BLOCK_M queries of one
    # (batch, head) slice and walks the keys and values BLOCK_N at a time with
    # an online softmax (running maximum m_i, normalizer l_i, unnormalized
    # acc). Q, K, V, Out are [slices, seq_len, HEAD_DIM], unit stride along
    # HEAD_DIM; with CAUSAL, query i sees keys 0..i only, and the walk stops
    # after the block holding the program's last query.
    pid_m = tl.program_id(0)
    slice_id = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    row_ok = offs_m < seq_len
    q = tl.load(Q + slice_id * stride_qs + offs_m[:, None] * stride_qm + offs_d[None, :],
                mask=row_ok[:, None], other=0.0)
    kt_ptrs = K + slice_id * stride_ks + offs_n[None, :] * stride_kn + offs_d[:, None]
    v_ptrs = V + slice_id * stride_vs + offs_n[:, None] * stride_vn + offs_d[None, :]
    m_i = tl.full([BLOCK_M], -float("inf"), dtype=tl.float32)
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.4426950408889634  # exp(x) = exp2(x log2(e))
    hi = seq_len
    if CAUSAL:
        hi = tl.minimum((pid_m + 1) * BLOCK_M, seq_len)
    for start_n in range(0, hi, BLOCK_N):
        cols = start_n + offs_n
        col_ok = cols < seq_len
        kt = tl.load(kt_ptrs, mask=col_ok[None, :], other=0.0)
        scores = tl.dot(q, kt) * qk_scale
        keep = col_ok[None, :]
        if CAUSAL:
            keep = keep & (offs_m[:, None] >= cols[None, :])
        scores = tl.where(keep, scores, -float("inf"))
        m_new = tl.maximum(m_i, tl.max(scores, axis=1))
        p = tl.math.exp2(scores - m_new[:, None])
        alpha = tl.math.exp2(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, axis=1)
        v = tl.load(v_ptrs, mask=col_ok[:, None], other=0.0)
        acc = acc * alpha[:, None]
        acc = tl.dot(p.to(tl.float16), v, acc)
        m_i = m_new
        kt_ptrs += BLOCK_N * stride_kn
        v_ptrs += BLOCK_N * stride_vn
    acc = acc / l_i[:, None]
    tl.store(Lse + slice_id * seq_len + offs_m, m_i + tl.math.log2(l_i), mask=row_ok)
    tl.store(Out + slice_id * stride_os + offs_m[:, None] * stride_om + offs_d[None, :],
             acc.to(tl.float16), mask=row_ok[:, None])



@triton.jit
def attn_fwd_desc(Q, K, V, Out, Lse, sm_scale,
                  stride_qs, stride_qm, stride_ks, stride_kn,
                  stride_vs, stride_vn, stride_os, stride_om,
                  seq_len,
                  HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                  CAUSAL: tl.constexpr):
    # attn_fwd (same parameters) with K and V read through tensor
    # descriptors over one slice each (so a block past the sequence reads
    # zeros, as attn_fwd's masked loads): a backend with a block-copy engine
    # (TMA) copies K's blocks (transposed for Q K^T) and V's with it.
    pid_m = tl.program_id(0)
    slice_id = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    row_ok = offs_m < seq_len
    q = tl.load(Q + slice_id * stride_qs + offs_m[:, None] * stride_qm + offs_d[None, :],
                mask=row_ok[:, None], other=0.0)
    k_desc = tl.make_tensor_descriptor(K + slice_id * stride_ks, shape=[seq_len, HEAD_DIM],
                                       strides=[stride_kn, 1],
                                       block_shape=[BLOCK_N, HEAD_DIM])
    v_desc = tl.make_tensor_descriptor(V + slice_id * stride_vs, shape=[seq_len, HEAD_DIM],
                                       strides=[stride_vn, 1],
                                       block_shape=[BLOCK_N, HEAD_DIM])
    m_i = tl.full([BLOCK_M], -float("inf"), dtype=tl.float32)
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.4426950408889634  # exp(x) = exp2(x log2(e))
    hi = seq_len
    if CAUSAL:
        hi = tl.minimum((pid_m + 1) * BLOCK_M, seq_len)
    for start_n in range(0, hi, BLOCK_N):
        cols = start_n + offs_n
        kt = k_desc.load([start_n, 0]).T
        scores = tl.dot(q, kt) * qk_scale
        keep = (cols < seq_len)[None, :]
        if CAUSAL:
            keep = keep & (offs_m[:, None] >= cols[None, :])
        scores = tl.where(keep, scores, -float("inf"))
        m_new = tl.maximum(m_i, tl.max(scores, axis=1))
        p = tl.math.exp2(scores - m_new[:, None])
        alpha = tl.math.exp2(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, axis=1)
        v = v_desc.load([start_n, 0])
        acc = acc * alpha[:, None]
        acc = tl.dot(p.to(tl.float16), v, acc)
        m_i = m_new
    acc = acc / l_i[:, None]
    tl.store(Lse + slice_id * seq_len + offs_m, m_i + tl.math.log2(l_i), mask=row_ok)
    tl.store(Out + slice_id * stride_os + offs_m[:, None] * stride_om + offs_d[None, :],
             acc.to(tl.float16), mask=row_ok[:, None])