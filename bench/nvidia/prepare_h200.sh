#!/usr/bin/env bash
# On the build machine (with the compiler): everything run_h200.sh needs on
# the GPU machine, which has no LLVM, in DIR (default out/nvidia):
#   - the benchmark's kernels (and the L2 flush) compiled for nvidia:sm_90a
#     into a compile cache, with their bytecode and cubins (prepare_kernels);
#   - the whole conformance suite compiled into a bundle, its compile report
#     checked against nvidia:sm_90a/bundle-compile of
#     conformance/tests/expected_counts.txt; and again with
#     TESSEL_NVIDIA_MATRIX_LOADS=0 (dots through the shared fragment path
#     instead of ldmatrix) into nvidia_sm90a_fragments.tslb, and with
#     TESSEL_NVIDIA_WARP_SPECIALIZE=1 (a producer warp for the TMA copies of
#     GEMM loops) into nvidia_sm90a_ws.tslb;
#   - the bounds-checked mode's kernels (BoundsCases.h), compiled with
#     TESSEL_COMPILE_CHECK_BOUNDS into the same cache;
#   - the LLVM-free programs and plugin: tessel-conform-run, bench_gpu,
#     bounds_gpu and
#     the runtime-only libtessel_nvidia.so;
#   - commit.txt, the tree the files were built from (and the compile
#     switches set in the environment: TESSEL_NVIDIA_SLICED_TMA=1 copies
#     descriptors over one slice of a tensor by TMA in every kernel made).
#
#   bash bench/nvidia/prepare_h200.sh [DIR]
# then carry DIR (and a checkout of the same tree) to the GPU machine and run
#   bash bench/nvidia/run_h200.sh DIR
set -euo pipefail
cd "$(dirname "$0")/../.."
dir="${1:-out/nvidia}"
bazel build //bench/nvidia:all //tools/tessel //plugins/nvidia:libtessel_nvidia.so \
  //plugins/nvidia:runtime_only/libtessel_nvidia.so //conformance/runner:tessel-conform-run
mkdir -p "$dir"
# The cache key names the plugin's version, not its build: a cache left by
# an older build would hand back its cubins. Compile afresh every time.
rm -rf "$dir/cache"
bazel-bin/bench/nvidia/prepare_kernels bazel-bin/plugins/nvidia/libtessel_nvidia.so \
  bench/nvidia/kernels.py "$dir" tools/tessel/testdata/bounds_kernels.py
# bundle SUFFIX [VAR=VALUE]: the whole suite compiled (with that variable
# in the environment) into nvidia_sm90a${SUFFIX}.tslb, its compile report
# checked.
bundle() {
  env ${2:+"$2"} bazel-bin/tools/tessel/tessel conform --target nvidia:sm_90a --no-cache \
    --plugin bazel-bin/plugins/nvidia/libtessel_nvidia.so \
    --skip-file plugins/nvidia/conformance_skips.txt \
    --emit-bundle "$dir/nvidia_sm90a$1.tslb" --report-json "$dir/bundle_compile$1.json"
  python3 conformance/tests/check_report.py "$dir/bundle_compile$1.json" \
    --expect nvidia:sm_90a/bundle-compile --expectations conformance/tests/expected_counts.txt \
    --skip-file plugins/nvidia/conformance_skips.txt
}
bundle ""
bundle _fragments TESSEL_NVIDIA_MATRIX_LOADS=0
bundle _ws TESSEL_NVIDIA_WARP_SPECIALIZE=1
cp -f bazel-bin/conformance/runner/tessel-conform-run bazel-bin/bench/nvidia/bench_gpu \
  bazel-bin/bench/nvidia/bounds_gpu \
  bazel-bin/plugins/nvidia/runtime_only/libtessel_nvidia.so "$dir/"
commit=$(git rev-parse HEAD 2>/dev/null || echo unknown)
changes=$(git status --porcelain 2>/dev/null || true)
{
  echo "commit $commit"
  [ -z "$changes" ] || echo "with uncommitted changes to: $(awk '{print $2}' <<<"$changes" | tr '\n' ' ')"
  [ -z "${TESSEL_NVIDIA_SLICED_TMA:-}" ] || echo "TESSEL_NVIDIA_SLICED_TMA=$TESSEL_NVIDIA_SLICED_TMA"
} > "$dir/commit.txt"
cat "$dir/commit.txt"
du -sh "$dir"
