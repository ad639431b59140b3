#!/usr/bin/env bash
# On the GPU machine (no LLVM): the whole conformance suite in split mode,
# compute-sanitizer memcheck over the memory/*, dot/*, kernel/* and
# descriptor/* cases and racecheck over dot/*, kernel/* and the descriptor
# GEMMs (their tiles copied by TMA), the
# tensor-core instructions of the GEMM cubins, and the benchmark side by
# side with Triton and PyTorch. Expects the outputs of prepare_h200.sh in
# DIR, and runs from a checkout of the same tree.
#
#   bash bench/nvidia/run_h200.sh DIR [--corrupt WORKLOAD]
#
# Exits 1 when anything a claim rests on fails: a conformance case that
# fails or errors, results other than those pinned for
# nvidia:sm_90a/bundle-run in conformance/tests/expected_counts.txt, a
# sanitizer error or hazard, a GEMM cubin without HGMMA or QGMMA (or a
# descriptor GEMM's or 16-bit pointer GEMM's with aligned rows without
# UTMALDG), a wrong result of
# any side of the benchmark, or timings that the two benchmark programs did
# not take alike (compare.py). Every step runs even after one failed; the
# summary at the end names the failed steps.
#
# Full logs and reports go to $OUT (default DIR/out); the terminal shows
# their tails. $OUT/record/ holds the files of a dated record of the run,
# laid out as docs/h200-runs/README.md says.
#
# --corrupt WORKLOAD (a name of bench/nvidia/Workloads.h, e.g.
# gemm_fp16_4096) makes bench_gpu write a NaN over one element of that
# workload's output on the device after its checked launch: the run must
# then exit 1. It shows that the checks can fail. With --corrupt only the
# benchmark steps run (the conformance steps have their own failing tests).
set -euo pipefail
if [ "$#" != 1 ] && { [ "$#" != 3 ] || [ "$2" != "--corrupt" ]; }; then
  echo "usage: run_h200.sh DIR [--corrupt WORKLOAD]" >&2
  exit 2
fi
dir="$(cd "$1" && pwd)"
corrupt=()
[ "$#" = 3 ] && corrupt=(--corrupt "$3")
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
out="${OUT:-$dir/out}"
mkdir -p "$out/record"
skips="$repo/plugins/nvidia/conformance_skips.txt"
check=(python3 "$repo/conformance/tests/check_report.py")
expected="$repo/conformance/tests/expected_counts.txt"
bundle_run=("$dir/tessel-conform-run" "$dir/nvidia_sm90a.tslb" --plugin "$dir/libtessel_nvidia.so"
            --skip-file "$skips")
failed=()

# step NAME COMMAND...: runs COMMAND, its output in $out/NAME.log, and shows
# the log's tail; a non-zero exit status marks the step failed.
step() {
  local name="$1" status=0
  shift
  echo "== $name"
  "$@" > "$out/$name.log" 2>&1 || status=$?
  tail -n 15 "$out/$name.log"
  if [ "$status" != 0 ]; then
    echo "-- $name FAILED (exit status $status; full log: $out/$name.log)"
    failed+=("$name")
  fi
}

step environment bash -c 'nvidia-smi --query-gpu=name,driver_version --format=csv,noheader &&
  python3 -c "import torch, triton; print(\"torch\", torch.__version__, \"triton\", triton.__version__)" &&
  cat "$1/commit.txt"' _ "$dir"

# TESSEL_H200_PART=suite runs only the conformance suite, the bounds
# checks and the SASS counts, =memcheck and =racecheck only that
# compute-sanitizer tool's runs, =fragments only the fragment-path suite,
# =bench only the benchmark: the parts in separate calls of a GPU machine
# whose calls are limited to 10 minutes each (each part writes its share
# of the record).
want() { [ -z "${TESSEL_H200_PART:-}" ] || [ "$TESSEL_H200_PART" = "$1" ]; }

if [ "${#corrupt[@]}" = 0 ] && want suite; then
step conformance timeout 540 "${bundle_run[@]}" \
  --report-json "$out/conformance_sm90a.json" --junit "$out/conformance_sm90a.xml"
step conformance_counts "${check[@]}" "$out/conformance_sm90a.json" \
  --expect nvidia:sm_90a/bundle-run --expectations "$expected" --skip-file "$skips"
fi
# The same suite with dots through the shared fragment path (no ldmatrix),
# when prepare_h200.sh made that bundle: the same counts are expected.
if [ "${#corrupt[@]}" = 0 ] && want fragments && [ -f "$dir/nvidia_sm90a_fragments.tslb" ]; then
  step conformance_fragments timeout 540 "$dir/tessel-conform-run" \
    "$dir/nvidia_sm90a_fragments.tslb" --plugin "$dir/libtessel_nvidia.so" \
    --skip-file "$skips" --report-json "$out/conformance_sm90a_fragments.json"
  step conformance_fragments_counts "${check[@]}" "$out/conformance_sm90a_fragments.json" \
    --expect nvidia:sm_90a/bundle-run --expectations "$expected" --skip-file "$skips"
fi

if [ "${#corrupt[@]}" = 0 ] && { want memcheck || want racecheck; }; then
# sanitize TOOL FILTER TIMEOUT: the cases matching FILTER under
# compute-sanitizer's TOOL (memcheck or racecheck); an error or hazard it
# reports (exit status 9), a case that fails, and a log without a clean
# summary, or with another summary line than the clean one, fail the step.
sanitize() {
  local tool="$1" name="${1}_${2%%/*}" clean="ERROR SUMMARY: 0 errors"
  [ "$tool" = racecheck ] && clean="RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)"
  # The cases run in child processes of tessel-conform-run: all of them
  # are tracked.
  step "$name" timeout "$3" compute-sanitizer --tool "$tool" --target-processes all \
    --error-exitcode 9 "${bundle_run[@]}" --filter "$2" --report-json "$out/$name.json"
  # (Whole reads, no grep -q in a pipe: an early exit would end the pipe
  # with SIGPIPE, which pipefail turns into "no other summary".)
  if ! grep -F "$clean" "$out/$name.log" > /dev/null ||
     [ -n "$(grep "SUMMARY:" "$out/$name.log" | grep -vF "$clean")" ]; then
    echo "-- $name FAILED (a summary other than '$clean' in its log, or none)"
    failed+=("$name summary")
  fi
}
# TESSEL_H200_MEMCHECK=0 and TESSEL_H200_RACECHECK=0 leave a tool out (a
# call too short for it).
if [ "${TESSEL_H200_MEMCHECK:-1}" != 0 ] && want memcheck; then
  sanitize memcheck 'memory/*' 150
  sanitize memcheck 'dot/*' 200
  sanitize memcheck 'kernel/*' 120
  sanitize memcheck 'descriptor/*' 120
fi
if [ "${TESSEL_H200_RACECHECK:-1}" != 0 ] && want racecheck; then
  sanitize racecheck 'dot/*' 300
  sanitize racecheck 'kernel/*' 150
  sanitize racecheck 'descriptor/matmul*' 120
fi
fi

if [ "${#corrupt[@]}" = 0 ] && want suite; then

# The bounds-checked mode: each fault reported as on the CPU, and (under
# memcheck) no faulting lane touching memory.
if [ -x "$dir/bounds_gpu" ]; then
  step bounds_check "$dir/bounds_gpu" "$dir/libtessel_nvidia.so" "$dir"
  step bounds_memcheck timeout 120 compute-sanitizer --tool memcheck --error-exitcode 9 \
    "$dir/bounds_gpu" "$dir/libtessel_nvidia.so" "$dir"
  if ! grep -q "ERROR SUMMARY: 0 errors" "$out/bounds_memcheck.log"; then
    echo "-- bounds_memcheck FAILED (no 'ERROR SUMMARY: 0 errors' in its log)"
    failed+=("bounds_memcheck summary")
  fi
fi

# sass CUBIN: the tensor-core instructions of a GEMM kernel; none fails.
sass() {
  local f="$1" name
  name="sass_$(basename "$f" .cubin)"
  cuobjdump --dump-sass "$f" > "$out/$name.txt"
  local hgmma qgmma hmma ldsm utmaldg syncs
  # The GEMMs are sm_90a kernels: their dots run on warp-group MMA (HGMMA
  # for 16-bit inputs, QGMMA for fp8 ones); those through descriptors
  # (gemm_desc_*, gemm_persistent_*) copy their tiles with TMA (UTMALDG,
  # on SYNCS barriers),
  # and so do the 16-bit pointer GEMMs whose rows are multiples of 16
  # elements (tilegpu-pointer-tile-copies); the ragged one's rows of 5000
  # keep cp.async.
  hgmma=$(grep -c HGMMA "$out/$name.txt" || true)
  qgmma=$(grep -c QGMMA "$out/$name.txt" || true)
  hmma=$(grep -c HMMA "$out/$name.txt" || true)
  ldsm=$(grep -c LDSM "$out/$name.txt" || true)
  utmaldg=$(grep -c UTMALDG "$out/$name.txt" || true)
  syncs=$(grep -c SYNCS "$out/$name.txt" || true)
  echo "$(basename "$f"): $hgmma HGMMA, $qgmma QGMMA, $hmma HMMA, $ldsm LDSM," \
    "$utmaldg UTMALDG, $syncs SYNCS"
  grep -m 2 -E "HGMMA|QGMMA" "$out/$name.txt" || true
  grep -m 2 -E "UTMALDG|SYNCS" "$out/$name.txt" || true
  [ "$((hgmma + qgmma))" -gt 0 ] || return 1
  case "$(basename "$f")" in
  gemm_desc_* | gemm_persistent_*) [ "$utmaldg" -gt 0 ] ;;
  gemm_bf16_3000x5000x2000.cubin) [ "$utmaldg" -eq 0 ] ;;
  gemm_fp16_*.cubin | gemm_bf16_*.cubin) [ "$utmaldg" -gt 0 ] ;;
  esac
}
for f in "$dir"/gemm_*.cubin; do
  step "sass_$(basename "$f" .cubin)" sass "$f"
done
fi

if want bench; then
step bench_gpu "$dir/bench_gpu" "$dir/libtessel_nvidia.so" "$dir" ${corrupt[@]+"${corrupt[@]}"}
step triton_bench python3 "$here/triton_bench.py"
cat "$out/bench_gpu.log" "$out/triton_bench.log" > "$out/bench.txt"
step compare python3 "$here/compare.py" "$out/bench.txt"
cp "$out/compare.log" "$out/compare.txt"
fi

{
  echo "run_h200.sh $(date -u +%Y-%m-%dT%H:%M:%SZ)${corrupt[*]:+ (${corrupt[*]})}${TESSEL_H200_PART:+ (part: $TESSEL_H200_PART)}"
  if [ "${#failed[@]}" = 0 ]; then
    echo "every step passed"
  else
    echo "FAILED: ${failed[*]}"
  fi
} > "$out/summary.txt"
cp "$out/summary.txt" "$out/environment.log" "$out/record/"
cp "$out/bench.txt" "$out/compare.txt" "$out/record/" 2>/dev/null || true
cp "$out/conformance_sm90a.json" "$out/conformance_sm90a.xml" "$out/record/" 2>/dev/null || true
cp "$out/conformance_sm90a_fragments.json" "$out/record/" 2>/dev/null || true
cp "$out"/memcheck_*.log "$out"/racecheck_*.log "$out"/sass_*.log "$out/record/" 2>/dev/null || true
cp "$out"/bounds_*.log "$out/record/" 2>/dev/null || true
[ -f "$dir/bundle_compile.json" ] && cp "$dir/bundle_compile.json" "$out/record/"
[ -f "$dir/bundle_compile_fragments.json" ] && cp "$dir/bundle_compile_fragments.json" "$out/record/"
# The record names files relative to the checkout, not by this machine's paths.
for f in "$out/record"/*; do
  sed -i "s|$repo/||g; s|$dir/|$(basename "$dir")/|g" "$f"
done
echo "== summary"
cat "$out/summary.txt"
echo "(record of this run: $out/record/; see docs/h200-runs/README.md)"
[ "${#failed[@]}" = 0 ]
