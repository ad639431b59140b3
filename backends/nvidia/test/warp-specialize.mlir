// Warp specialization (tilegpu-warp-specialize, WarpRoles.h) of the
// benchmark's bf16 GEMM at 128x256x64, 8 warps, 3 stages: one producer
// warp more (288 threads), which only issues the TMA copies; the shared
// memory as without it (the staging over the epilogue's scratch) and four
// release barriers more (32 bytes).
// RUN: tessel-nvidia-compile %S/budget/gemm_bf16_128x256x64.mlir --num-warps=8 --num-stages=3 --warp-specialize --emit=info | FileCheck %s --check-prefix=INFO
// INFO: num_warps 8
// INFO: threads_per_block 288
// INFO: shared_mem_bytes 196672
//
// Every warp arms the copy barriers (2 arrivals: A's and B's copies) and
// the release barriers (one arrival from each of the 8 consumer warps) and
// meets at the block's barrier; the roles split on the thread index. The
// producer meets the consumers once (barrier 2, all 288 threads), before
// its first copy; each copy waits for its buffer's release. The consumers
// meet only among themselves (barrier 1, 256 threads), never at the
// block's barrier again; each iteration waits for its copies and, after
// the wait for the previous iteration's instructions, lane 0 of each warp
// releases the buffer those read.
// RUN: tessel-nvidia-compile %S/budget/gemm_bf16_128x256x64.mlir --num-warps=8 --num-stages=3 --warp-specialize --emit=ptx | FileCheck %s --check-prefix=PTX
// PTX: .maxntid 288, 1, 1
// PTX-COUNT-4: mbarrier.init.shared::cta.b64 [%r{{[0-9]+}}], 2;
// PTX-COUNT-4: mbarrier.init.shared::cta.b64 [%r{{[0-9]+}}], 8;
// PTX: bar.sync 0;
// PTX: setp.lt.u32 %p{{[0-9]+}}, %r{{[0-9]+}}, 256;
// PTX-NOT: bar.sync 0;
// PTX: bar.sync 2, 288;
// PTX-NOT: bar.sync 0;
// PTX: setp.ne.b32 %p{{[0-9]+}}, %r{{[0-9]+}}, 256;
// PTX-NOT: bar.sync 0;
// PTX: bar.sync 2, 288;
// PTX-NOT: bar.sync 0;
// PTX: mbarrier.try_wait.parity.shared::cta.b64
// PTX-NOT: bar.sync
// PTX: wgmma.mma_async
// PTX-NOT: bar.sync
// PTX: wgmma.wait_group.sync.aligned 1;
// PTX-NOT: bar.sync 0;
// PTX: wgmma.wait_group.sync.aligned 0;
// PTX: bar.sync 1, 256;
// PTX-COUNT-8: mbarrier.inval.shared::cta.b64
// PTX-NOT: bar.sync 0;
// PTX: wgmma.wait_group.sync.aligned 1;
// PTX-NOT: bar.sync
// PTX: mbarrier.arrive.shared::cta.b64 _,
// PTX-NOT: bar.sync 0;
// PTX: mbarrier.try_wait.parity.shared::cta.b64
// PTX-NEXT: @!done bra.uni copy_wait;
// PTX-NEXT: }
// PTX: mbarrier.arrive.expect_tx.shared::cta.b64
// PTX-NOT: bar.sync 0;
// PTX: ret;
//
// Without the option, the same kernel keeps its 256 threads.
// On sm_100a the same kernel keeps its producer warp; the consumers' dot
// runs on tcgen05 (tcgen05-dot.mlir): all 512 columns of tensor memory for
// the 128x256 accumulator (two 64-row slices of 256), the barrier its
// instructions complete on armed for the 256 consumer threads and the
// commit, the consumers meeting at their named barrier, and each warp
// releasing the previous iteration's buffer once its dot has completed;
// warp 0 frees the columns after a barrier of all 288 threads at the end.
// ptxas assembles it for sm_100a.
// RUN: tessel-nvidia-compile %S/budget/gemm_bf16_128x256x64.mlir --arch=sm_100a --num-warps=8 --num-stages=3 --warp-specialize --emit=ptx | FileCheck %s --check-prefix=SM100
// RUN: tessel-nvidia-compile %S/budget/gemm_bf16_128x256x64.mlir --arch=sm_100a --num-warps=8 --num-stages=3 --warp-specialize --emit=cubin -o %t.sm100a
// SM100: .maxntid 288, 1, 1
// SM100: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r{{[0-9]+}}], 512;
// SM100: mbarrier.init.shared::cta.b64 [%r{{[0-9]+}}], 257;
// SM100: bar.sync 2, 288;
// SM100: cp.async.bulk.tensor
// SM100: bar.sync 1, 256;
// SM100: tcgen05.mma.cta_group::1.kind::f16
// SM100: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
// SM100: tcgen05.ld.sync.aligned.16x256b.x32.b32
// SM100: mbarrier.arrive.shared::cta.b64 _,
// SM100: tcgen05.fence::before_thread_sync;
// SM100-NEXT: // end inline asm
// SM100-NEXT: bar.sync 0;
// SM100: tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r{{[0-9]+}}, 512;
// SM100-NOT: wgmma
//
// RUN: tessel-nvidia-compile %S/budget/gemm_bf16_128x256x64.mlir --num-warps=8 --num-stages=3 --emit=info | FileCheck %s --check-prefix=PLAIN
// PLAIN: threads_per_block 256
//
// The attention's loop does not qualify (its dots wait for their own
// instructions): left as it is.
// RUN: tessel-nvidia-compile %S/budget/attn_fwd_d64.mlir --num-warps=4 --num-stages=3 --warp-specialize --emit=info | FileCheck %s --check-prefix=ATTN
// ATTN: threads_per_block 128
//
// The rewrite itself (the shared passes up to tilegpu-warp-specialize): the
// barriers armed first, the copies' scalar slices and descriptors moved
// before the split (both roles use them), then the roles split. The producer's region holds
// the copies before the loop and a loop of copies alone, each marked
// tilegpu.producer; the consumers' the kernel as before, its copies
// disabled and its dot releasing the staging.
// RUN: tessel-opt %S/budget/gemm_bf16_128x256x64.mlir --tilegpu-pointer-tile-copies="num-warps=8 warp-group-max-n=256" --tile-expand-tensor-descs="keep-dot-loads=1" --canonicalize --cse --tilegpu-pipeline-loads="async-copy=1 num-stages=3 num-warps=8 warp-group-max-n=256 tensor-copies=1" --tilegpu-warp-specialize | FileCheck %s --check-prefix=TILE
// TILE: module attributes {tilegpu.producer_warps = 1 : i32}
// TILE: func.func
// TILE-NEXT: tilegpu.init_copy_barriers {arrivals = 2 : i32, buffers = 4 : i32, dot = 0 : i32}
// TILE-NOT: tile.dot
// TILE-NOT: tilegpu.tensor_copy
// TILE: tile.make_tensor_desc
// TILE: tile.make_tensor_desc
// TILE-NOT: tilegpu.tensor_copy
// TILE: %[[ROLE:.*]] = tilegpu.in_producer_warps
// TILE-NEXT: scf.if %[[ROLE]] {
// TILE-NOT: tile.dot
// TILE-COUNT-4: tilegpu.tensor_copy {{.*}}tilegpu.producer}
// TILE-NOT: tile.dot
// TILE: scf.for
// TILE-NOT: tile.dot
// TILE-COUNT-2: tilegpu.tensor_copy {{.*}}tilegpu.producer}
// TILE-NOT: tile.dot
// TILE: } else {
// TILE-NOT: tilegpu.producer}
// TILE-COUNT-4: tilegpu.tensor_copy {{.*}} if %false
// TILE: scf.for
// TILE: tile.dot {{.*}}tilegpu.releases_staging
// TILE-COUNT-2: tilegpu.tensor_copy {{.*}} if %false
// TILE: tilegpu.wait_dot
// TILE: tilegpu.inval_copy_barriers
// TILE: } {tilegpu.warp_roles}
// TILE-NEXT: return
