"""Tutorial 09's persistent matmul with in-kernel tensor descriptors: ragged M,
N and K (the descriptors clip and zero-fill), fewer programs than tiles, both
epilogues; and the host-descriptor variant compiles to descriptor parameters."""
import numpy as np

from harness import check_close, compile_ir, run

rng = np.random.default_rng(18)
M, N, K = 150, 96, 88  # K a multiple of 8: 16-byte row strides for the fp16 descriptors
BM, BN, BK, NUM_SMS = 32, 64, 32, 3
a = rng.standard_normal((M, K)).astype(np.float16)
b = rng.standard_normal((N, K)).astype(np.float16)  # B is given as N x K
want = (a.astype(np.float64) @ b.astype(np.float64).T).astype(np.float16)
for subtile in (False, True):
    c = run("persistent_matmul.py", "matmul_kernel_descriptor_persistent",
            [("a_ptr", a), ("b_ptr", b), ("c_ptr", np.zeros((M, N), np.float16)), ("M", M),
             ("N", N), ("K", K)],
            grid=NUM_SMS,
            constexprs={"BLOCK_SIZE_M": BM, "BLOCK_SIZE_N": BN, "BLOCK_SIZE_K": BK,
                        "GROUP_SIZE_M": 2, "EPILOGUE_SUBTILE": subtile, "NUM_SMS": NUM_SMS},
            outputs=["c_ptr"])["c_ptr"]
    check_close("persistent matmul (descriptors in the kernel, subtile=%s)" % subtile, c, want,
                rtol=1e-2, atol=2e-2)

ir = compile_ir("persistent_matmul.py", "matmul_kernel_tma_persistent",
                "tensordesc<fp16[32,32]>,tensordesc<fp16[64,32]>,tensordesc<fp16[32,32]>,"
                "i32,i32,i32",
                {"BLOCK_SIZE_M": 32, "BLOCK_SIZE_N": 64, "BLOCK_SIZE_K": 32, "GROUP_SIZE_M": 2,
                 "FP8_OUTPUT": False, "EPILOGUE_SUBTILE": True, "NUM_SMS": NUM_SMS})
if "tile.tensordesc" not in ir or "tile.dot" not in ir:
    raise SystemExit("FAIL persistent matmul with descriptor parameters: unexpected IR\n" + ir)
print("ok persistent matmul with descriptor parameters compiles")
