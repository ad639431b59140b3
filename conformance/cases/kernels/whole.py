# conformance: whole kernels as users write them: vector add, fused
# softmax, layer norm, grouped GEMM, split-K GEMM, flash-attention forward
# and the GEMM tutorial's pointer form.
import triton
import triton.language as tl


@triton.jit
def vector_add(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, x + y, mask=mask)


@triton.jit
def softmax(out_ptr, in_ptr, in_stride, out_stride, n_rows, n_cols, BLOCK: tl.constexpr):
    # Rows walk in steps of the grid size, as the tutorial kernel does.
    for row in tl.range(tl.program_id(0), n_rows, tl.num_programs(0), num_stages=2):
        cols = tl.arange(0, BLOCK)
        mask = cols < n_cols
        x = tl.load(in_ptr + row * in_stride + cols, mask=mask, other=-float("inf"))
        x = x.to(tl.float32)
        z = x - tl.max(x, axis=0)
        num = tl.exp(z)
        y = num / tl.sum(num, axis=0)
        tl.store(out_ptr + row * out_stride + cols, y, mask=mask)


@triton.jit
def layer_norm(X, Y, W, B, Mean, Rstd, stride, N, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    X += row * stride
    Y += row * stride
    _mean = tl.zeros([BLOCK], dtype=tl.float32)
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        _mean += tl.load(X + cols, mask=cols < N, other=0.).to(tl.float32)
    mean = tl.sum(_mean, axis=0) / N
    _var = tl.zeros([BLOCK], dtype=tl.float32)
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        x = tl.load(X + cols, mask=cols < N, other=0.).to(tl.float32)
        x = tl.where(cols < N, x - mean, 0.)
        _var += x * x
    var = tl.sum(_var, axis=0) / N
    rstd = 1 / tl.sqrt(var + eps)
    tl.store(Mean + row, mean)
    tl.store(Rstd + row, rstd)
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        mask = cols < N
        w = tl.load(W + cols, mask=mask).to(tl.float32)
        b = tl.load(B + cols, mask=mask).to(tl.float32)
        x = tl.load(X + cols, mask=mask, other=0.).to(tl.float32)
        y = (x - mean) * rstd * w + b
        tl.store(Y + cols, y, mask=mask)


@triton.jit
def grouped_gemm(a_ptr, b_ptr, c_ptr, meta_ptr, G,
                 BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, DT: tl.constexpr):
    # meta holds, per group, M, N, K and the element offsets of A, B and C.
    # Programs are numbered across the tiles of all groups in order.
    pid = tl.program_id(0)
    first = 0
    for g in range(G):
        M = tl.load(meta_ptr + g * 6)
        N = tl.load(meta_ptr + g * 6 + 1)
        K = tl.load(meta_ptr + g * 6 + 2)
        tiles_n = tl.cdiv(N, BN)
        count = tl.cdiv(M, BM) * tiles_n
        if (pid >= first) & (pid < first + count):
            a = a_ptr + tl.load(meta_ptr + g * 6 + 3)
            b = b_ptr + tl.load(meta_ptr + g * 6 + 4)
            c = c_ptr + tl.load(meta_ptr + g * 6 + 5)
            t = pid - first
            rm = (t // tiles_n) * BM + tl.arange(0, BM)
            rn = (t % tiles_n) * BN + tl.arange(0, BN)
            rk = tl.arange(0, BK)
            acc = tl.zeros((BM, BN), dtype=tl.float32)
            for k0 in range(0, K, BK):
                ka = k0 + rk
                x = tl.load(a + rm[:, None] * K + ka[None, :],
                            mask=(rm[:, None] < M) & (ka[None, :] < K), other=0.)
                y = tl.load(b + ka[:, None] * N + rn[None, :],
                            mask=(ka[:, None] < K) & (rn[None, :] < N), other=0.)
                acc = tl.dot(x, y, acc)
            tl.store(c + rm[:, None] * N + rn[None, :], acc.to(DT),
                     mask=(rm[:, None] < M) & (rn[None, :] < N))
        first += count


@triton.jit
def matmul_splitk(a_ptr, b_ptr, c_ptr, ws_ptr, count_ptr, M, N, K,
                  BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                  SPLIT_K: tl.constexpr):
    # C = A B (row-major, contiguous) with K cut in SPLIT_K slices, one
    # program a slice (axis 1). Each stores its fp32 partial product in ws
    # (SPLIT_K x M x N) and counts itself in at count_ptr[1 + tile] (zero
    # before the launch); the last of a tile to arrive adds the partials in
    # K's order, stores C and clears the count.
    pid = tl.program_id(0)
    split = tl.program_id(1)
    tiles_n = tl.cdiv(N, BN)
    rm = (pid // tiles_n) * BM + tl.arange(0, BM)
    rn = (pid % tiles_n) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    steps = tl.cdiv(tl.cdiv(K, BK), SPLIT_K)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for s in range(split * steps, (split + 1) * steps):
        k = s * BK + rk
        x = tl.load(a_ptr + rm[:, None] * K + k[None, :],
                    mask=(rm[:, None] < M) & (k[None, :] < K), other=0.)
        y = tl.load(b_ptr + k[:, None] * N + rn[None, :],
                    mask=(k[:, None] < K) & (rn[None, :] < N), other=0.)
        acc = tl.dot(x, y, acc)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    tile = rm[:, None] * N + rn[None, :]
    tl.store(ws_ptr + split * M * N + tile, acc, mask=mask)
    if tl.atomic_add(count_ptr + 1 + pid, 1) == SPLIT_K - 1:
        total = tl.zeros((BM, BN), dtype=tl.float32)
        for p in range(0, SPLIT_K):
            total += tl.load(ws_ptr + p * M * N + tile, mask=mask, other=0.)
        tl.store(c_ptr + tile, total.to(c_ptr.dtype.element_ty), mask=mask)
        tl.atomic_xchg(count_ptr + 1 + pid, 0)


@triton.jit
def attn_fwd(Q, K, V, Out, Lse, sm_scale, seq_len,
             HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
             DT: tl.constexpr, CAUSAL: tl.constexpr):
    # One program: BLOCK_M queries of one head; an online softmax over key
    # blocks (running max m_i, normalizer l_i, unnormalized acc). With
    # CAUSAL, query i sees keys 0..i: the mask compares rows with columns
    # inside the blocks on the diagonal, and the walk stops after them.
    pid_m = tl.program_id(0)
    head = tl.program_id(1)
    base = head * seq_len * HEAD_DIM
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    row_ok = offs_m < seq_len
    q = tl.load(Q + base + offs_m[:, None] * HEAD_DIM + offs_d[None, :],
                mask=row_ok[:, None], other=0.0)
    m_i = tl.full([BLOCK_M], -float("inf"), dtype=tl.float32)
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.4426950408889634
    hi = seq_len
    if CAUSAL:
        hi = tl.minimum((pid_m + 1) * BLOCK_M, seq_len)
    for start_n in range(0, hi, BLOCK_N):
        cols = start_n + offs_n
        col_ok = cols < seq_len
        kt = tl.load(K + base + cols[None, :] * HEAD_DIM + offs_d[:, None],
                     mask=col_ok[None, :], other=0.0)
        s = tl.dot(q, kt) * qk_scale
        keep = col_ok[None, :]
        if CAUSAL:
            keep = keep & (offs_m[:, None] >= cols[None, :])
        s = tl.where(keep, s, -float("inf"))
        m_new = tl.maximum(m_i, tl.max(s, axis=1))
        p = tl.math.exp2(s - m_new[:, None])
        alpha = tl.math.exp2(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, axis=1)
        v = tl.load(V + base + cols[:, None] * HEAD_DIM + offs_d[None, :],
                    mask=col_ok[:, None], other=0.0)
        acc = acc * alpha[:, None]
        acc = tl.dot(p.to(DT), v, acc)
        m_i = m_new
    acc = acc / l_i[:, None]
    tl.store(Lse + head * seq_len + offs_m, m_i + tl.math.log2(l_i), mask=row_ok)
    tl.store(Out + base + offs_m[:, None] * HEAD_DIM + offs_d[None, :], acc.to(DT),
             mask=row_ok[:, None])


@triton.jit
def matmul_ptrs(a_ptr, b_ptr, c_ptr, M, N, K,
                BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                GROUP_M: tl.constexpr):
    # The GEMM tutorial's form (row-major A, B, C): grouped tile order, the
    # tile's rows and columns wrapped by % M and % N, pointers advanced one
    # K step an iteration, K's edge masked. A compiler may copy such tiles
    # as rectangles (zeros past the edges): the wrapped rows are not stored.
    pid = tl.program_id(0)
    num_m = tl.cdiv(M, BM)
    num_n = tl.cdiv(N, BN)
    per_group = GROUP_M * num_n
    first_m = (pid // per_group) * GROUP_M
    group_size = min(num_m - first_m, GROUP_M)
    pid_m = first_m + ((pid % per_group) % group_size)
    pid_n = (pid % per_group) // group_size
    offs_am = (pid_m * BM + tl.arange(0, BM)) % M
    offs_bn = (pid_n * BN + tl.arange(0, BN)) % N
    offs_k = tl.arange(0, BK)
    a_ptrs = a_ptr + offs_am[:, None] * K + offs_k[None, :]
    b_ptrs = b_ptr + offs_k[:, None] * N + offs_bn[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BK, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BK, other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BK
        b_ptrs += BK * N
    offs_cm = pid_m * BM + tl.arange(0, BM)
    offs_cn = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + offs_cm[:, None] * N + offs_cn[None, :], acc,
             mask=(offs_cm[:, None] < M) & (offs_cn[None, :] < N))


@triton.jit
def matmul_persistent_flat(a_ptr, b_ptr, c_ptr, M, N, K,
                           BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # A persistent GEMM: num_programs programs walk the tiles, the walk and
    # the loop over K flattened into one (flatten=True). The tile's rows and
    # columns past the edges read row and column 0 (never stored); the
    # epilogue finds its tile again from a counter the walk carries.
    num_n = tl.cdiv(N, BN)
    tiles = tl.cdiv(M, BM) * num_n
    k_steps = tl.cdiv(K, BK)
    first = tl.program_id(0)
    stride = tl.num_programs(0)
    done = first - stride
    for tile in tl.range(first, tiles, stride, flatten=True):
        rows = (tile // num_n) * BM + tl.arange(0, BM)
        cols = (tile % num_n) * BN + tl.arange(0, BN)
        rows = tl.where(rows < M, rows, 0)
        cols = tl.where(cols < N, cols, 0)
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for ks in range(k_steps):
            ks_k = ks * BK + tl.arange(0, BK)
            a = tl.load(a_ptr + rows[:, None] * K + ks_k[None, :],
                        mask=ks_k[None, :] < K, other=0.0)
            b = tl.load(b_ptr + ks_k[:, None] * N + cols[None, :],
                        mask=ks_k[:, None] < K, other=0.0)
            acc = tl.dot(a, b, acc)
        done += stride
        out_rows = (done // num_n) * BM + tl.arange(0, BM)
        out_cols = (done % num_n) * BN + tl.arange(0, BN)
        tl.store(c_ptr + out_rows[:, None] * N + out_cols[None, :], acc,
                 mask=(out_rows[:, None] < M) & (out_cols[None, :] < N))
