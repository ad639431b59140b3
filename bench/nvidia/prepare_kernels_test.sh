#!/usr/bin/env bash
# Every workload of the GPU benchmark compiles for nvidia:sm_90a (ptxas
# validates each cubin): a kernel or a configuration that stops fitting
# (registers, shared memory) shows here, not first on the GPU machine.
set -euo pipefail
prepare="$1" plugin="$2" kernels="$3"
out="$TEST_TMPDIR/kernels"
mkdir -p "$out"
"$prepare" "$plugin" "$kernels" "$out"
# The nineteen GEMMs (seven 16-bit, one fp8, five through descriptors, five
# persistent, one split-K) and
# eight attention workloads (four through descriptors) of Workloads.h, each
# with a cubin beside its bytecode.
for stem in gemm attn; do
  count=$(find "$out" -name "${stem}_*.cubin" -size +0 | wc -l)
  want=$([ "$stem" = gemm ] && echo 19 || echo 8)
  if [ "$count" != "$want" ]; then
    echo "FAIL: $count ${stem} cubins, expected $want" >&2
    exit 1
  fi
done
echo "ok: every benchmark workload compiled for sm_90a"
