// Shared memory of the benchmark's GEMM at its deep tiles (budget/ holds
// their tile IR, made by `tessel compile` from bench/nvidia/kernels.py).
//
// bf16 128x256x64, 8 warps, 3 stages: four staging buffers of 48 KiB
// (copies two iterations ahead) with the epilogue's 64 KiB scratch over
// them (StagingOverlay.h), and the copies' four mbarriers (32 bytes: the
// tutorial's pointer tiles are copied by TMA, pointer-tile-copies.mlir);
// apart, 262144 bytes would not fit sm_90a's 232448 and the pipeline
// would run one iteration ahead.
// RUN: tessel-nvidia-compile %S/budget/gemm_bf16_128x256x64.mlir --num-warps=8 --num-stages=3 --emit=info | FileCheck %s --check-prefix=BF16
// BF16: shared_mem_bytes 196640
// RUN: tessel-nvidia-compile %S/budget/gemm_bf16_128x256x64.mlir --num-warps=8 --num-stages=3 --emit=ptx | FileCheck %s --check-prefix=BF16PTX --implicit-check-not=cp.async.cg
// BF16PTX-COUNT-4: mbarrier.init.shared::cta.b64 [%r{{[0-9]+}}], 2;
// BF16PTX: cp.async.bulk.tensor
// BF16PTX: wgmma.wait_group.sync.aligned 1;
// BF16PTX: mbarrier.try_wait.parity.shared::cta.b64
//
// fp8 128x256x128 on the fp8 instructions, B read along K (K-major): the
// same 196608 bytes. Its pointer and mask tiles are computed again in the
// K-major load's layout (TensorCoreLayouts.cpp, isRematerializable); moved
// through the scratch instead, the 128x256 pointer tile alone took 262144
// bytes of it (458752 in all).
// RUN: tessel-nvidia-compile %S/budget/gemm_fp8_kmajor_128x256x128.mlir --num-warps=8 --num-stages=3 --fp8-fast-accumulation --emit=info | FileCheck %s --check-prefix=FP8
// FP8: shared_mem_bytes 196608
// RUN: tessel-nvidia-compile %S/budget/gemm_fp8_kmajor_128x256x128.mlir --num-warps=8 --num-stages=3 --fp8-fast-accumulation --emit=ptx | FileCheck %s --check-prefix=FP8PTX
// FP8PTX: cp.async.wait_group 2;
// FP8PTX: wgmma.mma_async.sync.aligned.m64n256k32.f32.e4m3.e4m3
//
// Flash attention (attn_fwd, 128 queries at head dim 64, 64 at 128; 4
// warps): the row statistics stay in registers (ReducedDims.h) and P is
// read from registers by the second dot, so nothing in the loop uses the
// scratch and the staging goes over it. Head dim 64 at 3 stages: 81920
// bytes (Q's 16 KiB region and four 16 KiB buffers of K and V); head dim
// 128 at 2 stages: 114688, two blocks an SM. The loop's only barriers are
// the copies' waits before the dots, and the second dot takes A as
// registers. No dot stays in flight, so the copies for two iterations on
// are issued at the top of the body: each wait leaves four groups (K and V
// of the two iterations ahead) in flight. The bounds mask's select branches
// (uniform-mask.mlir), and LLVM places the body's second half, from the
// join on, first: the second dot's wait, then the first's.
// RUN: tessel-nvidia-compile %S/budget/attn_fwd_d64.mlir --num-warps=4 --num-stages=3 --emit=info | FileCheck %s --check-prefix=ATTN64
// ATTN64: shared_mem_bytes 81920
// RUN: tessel-nvidia-compile %S/budget/attn_fwd_d128.mlir --num-warps=4 --num-stages=2 --emit=info | FileCheck %s --check-prefix=ATTN128
// ATTN128: shared_mem_bytes 114688
// RUN: tessel-nvidia-compile %S/budget/attn_fwd_d64.mlir --num-warps=4 --num-stages=3 --emit=ptx | FileCheck %s --check-prefix=ATTNPTX
// ATTNPTX: cp.async.wait_group 4;
// ATTNPTX-NEXT: bar.sync 0;
// ATTNPTX-NOT: bar.sync
// ATTNPTX: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1, 1;
// ATTNPTX-NOT: bar.sync
// ATTNPTX: cp.async.wait_group 4;
// ATTNPTX-NEXT: bar.sync 0;
// ATTNPTX-NOT: bar.sync
// ATTNPTX: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1, 1, 0, 0;
// ATTNPTX-NOT: bar.sync
// ATTNPTX: cp.async.wait_group 0;
