"""Tutorial 09's persistent matmul with host tensor descriptors
(TensorDescriptor.from_tensor on the host): each descriptor parameter is
declared tensordesc<fp16[...]> and launched from one .npy array, whose shape
and row-major strides `tessel run` passes with its buffer. Ragged M, N and K
(the descriptors clip and zero-fill), fewer programs than tiles, both
epilogues."""
import numpy as np

from harness import check_close, run

rng = np.random.default_rng(41)
M, N, K = 150, 96, 88
BM, BN, BK, NUM_SMS = 32, 64, 32, 3
a = rng.standard_normal((M, K)).astype(np.float16)
b = rng.standard_normal((N, K)).astype(np.float16)  # B is given as N x K
want = (a.astype(np.float64) @ b.astype(np.float64).T).astype(np.float16)
for subtile in (False, True):
    c_block = "%d, %d" % (BM, BN // 2 if subtile else BN)
    signature = ("tensordesc<fp16[%d, %d]>,tensordesc<fp16[%d, %d]>,tensordesc<fp16[%s]>,"
                 "i32,i32,i32" % (BM, BK, BN, BK, c_block))
    c = run("persistent_matmul.py", "matmul_kernel_tma_persistent",
            [("a_desc", a), ("b_desc", b), ("c_desc", np.zeros((M, N), np.float16)),
             ("M", M), ("N", N), ("K", K)],
            grid=NUM_SMS, signature=signature,
            constexprs={"BLOCK_SIZE_M": BM, "BLOCK_SIZE_N": BN, "BLOCK_SIZE_K": BK,
                        "GROUP_SIZE_M": 2, "FP8_OUTPUT": False, "EPILOGUE_SUBTILE": subtile,
                        "NUM_SMS": NUM_SMS},
            outputs=["c_desc"])["c_desc"]
    check_close("persistent matmul, host descriptors (subtile=%s)" % subtile, c, want,
                rtol=1e-2, atol=2e-2)

# An array of another rank than the descriptor's is refused, with the reason.
try:
    run("persistent_matmul.py", "matmul_kernel_tma_persistent",
        [("a_desc", a.reshape(1, M, K)), ("b_desc", b), ("c_desc", np.zeros((M, N), np.float16)),
         ("M", M), ("N", N), ("K", K)],
        grid=NUM_SMS, signature="tensordesc<fp16[32, 32]>,tensordesc<fp16[64, 32]>,"
        "tensordesc<fp16[32, 64]>,i32,i32,i32",
        constexprs={"BLOCK_SIZE_M": BM, "BLOCK_SIZE_N": BN, "BLOCK_SIZE_K": BK,
                    "GROUP_SIZE_M": 2, "FP8_OUTPUT": False, "EPILOGUE_SUBTILE": False,
                    "NUM_SMS": NUM_SMS}, outputs=["c_desc"])
    raise SystemExit("FAIL a 3-d array for a 2-d descriptor was accepted")
except RuntimeError as e:
    needle = ("argument 'a_desc' is tensordesc<fp16[32, 32]>, a 2-d tensor descriptor, "
              "but")
    if needle not in str(e) or "holds a 3-d array (1, 150, 88)" not in str(e):
        raise SystemExit("FAIL unexpected error for a 3-d array:\n%s" % e)
    print("ok a 3-d array for a 2-d descriptor is refused")
