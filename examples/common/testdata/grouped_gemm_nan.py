"""A broken grouped GEMM for the test of the example's own check: the same
kernel as examples/grouped_gemm/grouped_gemm.py, except that one element of
C (flat index 4321) is NaN. grouped_gemm_nan_test (examples/common/example.bzl)
runs the example with this file and expects it to be reported WRONG."""
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                  stride_am, stride_ak, stride_bk, stride_bn,
                  stride_cm, stride_cn,
                  BLOC_M: tl.constexpr, BLOC_N: tl.constexpr,
                  BLOC_K: tl.constexpr, GROUPE_M: tl.constexpr):
    pid = tl.program_id(0)
    n_pid_m = tl.cdiv(M, BLOC_M)
    n_pid_n = tl.cdiv(N, BLOC_N)
    n_par_groupe = GROUPE_M * n_pid_n
    groupe = pid // n_par_groupe
    debut_m = groupe * GROUPE_M
    taille_groupe = min(n_pid_m - debut_m, GROUPE_M)
    pid_m = debut_m + ((pid % n_par_groupe) % taille_groupe)
    pid_n = (pid % n_par_groupe) // taille_groupe

    offs_m = (pid_m * BLOC_M + tl.arange(0, BLOC_M)) % M
    offs_n = (pid_n * BLOC_N + tl.arange(0, BLOC_N)) % N
    offs_k = tl.arange(0, BLOC_K)

    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :] * stride_ak
    b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_n[None, :] * stride_bn

    acc = tl.zeros((BLOC_M, BLOC_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOC_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOC_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOC_K, other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BLOC_K * stride_ak
        b_ptrs += BLOC_K * stride_bk

    offs_cm = pid_m * BLOC_M + tl.arange(0, BLOC_M)
    offs_cn = pid_n * BLOC_N + tl.arange(0, BLOC_N)
    acc = tl.where(offs_cm[:, None] * N + offs_cn[None, :] == 4321, float("nan"), acc)
    c = acc.to(tl.float16)
    c_ptrs = c_ptr + offs_cm[:, None] * stride_cm + offs_cn[None, :] * stride_cn
    tl.store(c_ptrs, c, mask=(offs_cm[:, None] < M) & (offs_cn[None, :] < N))
