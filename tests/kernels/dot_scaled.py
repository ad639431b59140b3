import triton
import triton.language as tl


@triton.jit
def mxfp_matmul_kernel(a_ptr, a_scale_ptr, b_ptr, b_scale_ptr, c_ptr,
                       BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                       type_a: tl.constexpr, type_b: tl.constexpr):
    # A: BLOCK_M x BLOCK_K (BLOCK_K // 2 bytes per row for e2m1), B: BLOCK_K x
    # BLOCK_N (BLOCK_K // 2 rows for e2m1); one e8m0 scale per 32 elements of K.
    DIV_A: tl.constexpr = 2 if type_a == "e2m1" else 1
    DIV_B: tl.constexpr = 2 if type_b == "e2m1" else 1
    PACKED_K_A: tl.constexpr = BLOCK_K // DIV_A
    PACKED_K_B: tl.constexpr = BLOCK_K // DIV_B
    SCALE_K: tl.constexpr = BLOCK_K // 32
    offs_m = tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_ka = tl.arange(0, PACKED_K_A)
    offs_kb = tl.arange(0, PACKED_K_B)
    offs_s = tl.arange(0, SCALE_K)
    a = tl.load(a_ptr + offs_m[:, None] * PACKED_K_A + offs_ka[None, :])
    b = tl.load(b_ptr + offs_kb[:, None] * BLOCK_N + offs_n[None, :])
    a_scale = tl.load(a_scale_ptr + offs_m[:, None] * SCALE_K + offs_s[None, :])
    b_scale = tl.load(b_scale_ptr + offs_n[:, None] * SCALE_K + offs_s[None, :])
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    acc = tl.dot_scaled(a, a_scale, type_a, b, b_scale, type_b, acc)
    tl.store(c_ptr + offs_m[:, None] * BLOCK_N + offs_n[None, :], acc)


@triton.jit
def bf16_scaled_kernel(a_ptr, b_ptr, b_scale_ptr, c_ptr, BLOCK_M: tl.constexpr,
                       BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    # An unscaled bf16 lhs (stored as its uint16 bits) against an e4m3 rhs
    # with scales.
    offs_m = tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    offs_s = tl.arange(0, BLOCK_K // 32)
    a = tl.load(a_ptr + offs_m[:, None] * BLOCK_K + offs_k[None, :])
    a = a.to(tl.bfloat16, bitcast=True)
    b = tl.load(b_ptr + offs_k[:, None] * BLOCK_N + offs_n[None, :])
    b_scale = tl.load(b_scale_ptr + offs_n[:, None] * (BLOCK_K // 32) + offs_s[None, :])
    c = tl.dot_scaled(a, None, "bf16", b, b_scale, "e4m3")
    tl.store(c_ptr + offs_m[:, None] * BLOCK_N + offs_n[None, :], c)
