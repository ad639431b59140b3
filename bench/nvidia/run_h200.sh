#!/usr/bin/env bash
# On the GPU machine (no LLVM): conformance in split mode, a memcheck run of
# a subset, and the benchmark side by side with Triton and PyTorch. Expects
# the outputs of prepare_h200.sh in the folder given as $1.
set -uo pipefail
dir="$(cd "$1" && pwd)"
out="${OUT:-$dir}"
here="$(cd "$(dirname "$0")" && pwd)"
skips="$here/../../plugins/nvidia/conformance_skips.txt"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== conformance (split mode, runtime-only plugin)"
timeout 300 "$dir/tessel-conform-run" "$dir/nvidia_sm90a.tslb" --plugin "$dir/libtessel_nvidia.so" \
  --skip-file "$skips" --report-json "$out/conformance_sm90a.json" --junit "$out/conformance_sm90a.xml" | tail -15
echo "== compute-sanitizer memcheck on memory/* and whole kernels"
timeout 150 compute-sanitizer --tool memcheck --error-exitcode 9 \
  "$dir/tessel-conform-run" "$dir/nvidia_sm90a.tslb" --plugin "$dir/libtessel_nvidia.so" \
  --skip-file "$skips" --filter 'memory/*' 2>&1 | tail -6
echo "memcheck exit status: ${PIPESTATUS[0]}"
echo "== compute-sanitizer memcheck on dot/* (tensor-core path)"
timeout 200 compute-sanitizer --tool memcheck --error-exitcode 9 \
  "$dir/tessel-conform-run" "$dir/nvidia_sm90a.tslb" --plugin "$dir/libtessel_nvidia.so" \
  --skip-file "$skips" --filter 'dot/*' 2>&1 | tail -4
echo "memcheck exit status: ${PIPESTATUS[0]}"
echo "== SASS of the GEMM kernels: tensor-core instructions"
for f in "$dir"/gemm_*.cubin; do
  echo "$(basename "$f"): $(cuobjdump --dump-sass "$f" | grep -c HMMA) HMMA, $(cuobjdump --dump-sass "$f" | grep -c LDSM) LDSM"
  cuobjdump --dump-sass "$f" | grep -m 2 HMMA
done
echo "== benchmark"
"$dir/bench_gpu" "$dir/libtessel_nvidia.so" "$dir" | tee "$out/bench.txt"
python3 "$here/triton_bench.py" | tee -a "$out/bench.txt"
python3 "$here/compare.py" "$out/bench.txt" | tee "$out/compare.txt"
