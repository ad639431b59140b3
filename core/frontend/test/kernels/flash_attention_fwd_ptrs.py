"""Flash attention forward with plain pointer arithmetic.

One program handles BLOCK_M queries of one (batch, head) slice and walks the
keys and values in blocks of BLOCK_N, keeping an online softmax: a running
row maximum m_i, a running normalizer l_i and an unnormalized output acc,
rescaled whenever the maximum grows. Q, K, V and Out are [slices, seq_len,
HEAD_DIM] with a unit stride along HEAD_DIM.
"""
import triton
import triton.language as tl


@triton.jit
def attn_fwd(Q, K, V, Out, Lse, sm_scale,
             stride_qs, stride_qm, stride_ks, stride_kn,
             stride_vs, stride_vn, stride_os, stride_om,
             seq_len,
             HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(0)
    slice_id = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    row_ok = offs_m < seq_len

    q_ptrs = Q + slice_id * stride_qs + offs_m[:, None] * stride_qm + offs_d[None, :]
    q = tl.load(q_ptrs, mask=row_ok[:, None], other=0.0)
    # K is read transposed, [HEAD_DIM, BLOCK_N], so that q @ kt is a plain dot.
    kt_ptrs = K + slice_id * stride_ks + offs_n[None, :] * stride_kn + offs_d[:, None]
    v_ptrs = V + slice_id * stride_vs + offs_n[:, None] * stride_vn + offs_d[None, :]

    m_i = tl.full([BLOCK_M], -float("inf"), dtype=tl.float32)
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    # exp(x) = exp2(x * log2(e)); fold log2(e) into the score scale once.
    qk_scale = sm_scale * 1.4426950408889634
    for start_n in range(0, seq_len, BLOCK_N):
        col_ok = (start_n + offs_n) < seq_len
        kt = tl.load(kt_ptrs, mask=col_ok[None, :], other=0.0)
        scores = tl.dot(q, kt) * qk_scale
        scores = tl.where(col_ok[None, :], scores, -float("inf"))
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
    # The log-sum-exp of each row, in base 2, for a backward pass.
    tl.store(Lse + slice_id * seq_len + offs_m, m_i + tl.math.log2(l_i), mask=row_ok)
    o_ptrs = Out + slice_id * stride_os + offs_m[:, None] * stride_om + offs_d[None, :]
    tl.store(o_ptrs, acc.to(tl.float16), mask=row_ok[:, None])
