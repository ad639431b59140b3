#!/usr/bin/env bash
# The test of compare.py, the judge of a GPU benchmark run (run_h200.sh
# exits with its status): a complete run whose results are all ok passes;
# a wrong element, a missing side, a failed load, or two programs that did
# not time alike must each fail it.
set -euo pipefail
compare="$1"
dir="$TEST_TMPDIR"
cat > "$dir/good.txt" <<'RUN'
device: nvidia device 0 (NVIDIA H200, sm_90a)
timing: warm-up 10, timed 50, L2 flush 268435456 B before each, events around each launch, median
tessel vadd_2p28               0.7500 ms     4294.9 GB/s     ok
tessel gemm_fp16_4096          0.4400 ms      312.4 TFLOP/s  ok
config: tessel-auto gemm_fp16_4096 BLOCK_M, BLOCK_N, BLOCK_K, warps, stages = (128, 256, 64, 8, 2)
tessel-auto gemm_fp16_4096     0.2000 ms      687.2 TFLOP/s  ok
tessel gemm_fp8e4m3_8192       1.1000 ms     1000.0 TFLOP/s  ok
timing: warm-up 10, timed 50, L2 flush 268435456 B before each, events around each launch, median
triton vadd_2p28               0.7400 ms     4352.9 GB/s     ok
torch vadd_2p28                0.7300 ms     4412.5 GB/s     ok
triton gemm_fp16_4096          0.2200 ms      624.7 TFLOP/s  ok
torch gemm_fp16_4096           0.1900 ms      723.4 TFLOP/s  ok
triton-s2 gemm_fp16_4096       0.4000 ms      343.6 TFLOP/s  ok
config: triton-auto gemm_fp16_4096 BLOCK_M, BLOCK_N, BLOCK_K, warps, stages = (128, 256, 64, 8, 3)
triton-auto gemm_fp16_4096     0.2100 ms      654.5 TFLOP/s  ok
triton gemm_fp8e4m3_8192       1.2000 ms      916.0 TFLOP/s  ok
torch gemm_fp8e4m3_8192        1.3000 ms      845.8 TFLOP/s  ok
torch-fast gemm_fp8e4m3_8192   1.0000 ms     1099.5 TFLOP/s  ok
RUN

expect() {  # expect STATUS NAME FILE [TEXT]: compare.py's status, and TEXT in its output
  local want="$1" name="$2" file="$3" text="${4:-}" status=0
  python3 "$compare" "$file" > "$dir/$name.out" || status=$?
  cat "$dir/$name.out"
  if [ "$status" != "$want" ]; then
    echo "FAIL: $name: compare.py exited $status, expected $want" >&2
    exit 1
  fi
  if [ -n "$text" ] && ! grep -qF -- "$text" "$dir/$name.out"; then
    echo "FAIL: $name: the output does not say '$text'" >&2
    exit 1
  fi
}

expect 0 good "$dir/good.txt" "every result checked and ok"
sed 's/^\(tessel gemm_fp16_4096 .*TFLOP\/s \) ok$/\1 WRONG at 77: got nan, expected 1.5 (nan x the allowed error)/' \
  "$dir/good.txt" > "$dir/wrong.txt"
expect 1 wrong "$dir/wrong.txt" "gemm_fp16_4096: tessel WRONG at 77"
sed 's/^\(triton-s2 gemm_fp16_4096 .*TFLOP\/s \) ok$/\1 WRONG at 3: got 0, expected 2 (9 x the allowed error)/' \
  "$dir/good.txt" > "$dir/wrong_s2.txt"
expect 1 wrong_s2 "$dir/wrong_s2.txt" "gemm_fp16_4096: triton-s2 WRONG at 3"
grep -q "0.48" "$dir/good.out" || { echo "FAIL: good: no tessel/auto ratio 0.48" >&2; exit 1; }
sed 's/^\(triton-auto gemm_fp16_4096 .*TFLOP\/s \) ok$/\1 WRONG at 5: got 1, expected 2 (3 x the allowed error)/' \
  "$dir/good.txt" > "$dir/wrong_auto.txt"
expect 1 wrong_auto "$dir/wrong_auto.txt" "gemm_fp16_4096: triton-auto WRONG at 5"
# cuBLAS's fp8 GEMM with fast accumulation: its ratio is printed (1000 vs
# 1099.5 TFLOP/s: 0.91), and a wrong one fails.
grep -q "1099.5 *0.91 " "$dir/good.out" || { echo "FAIL: good: no tessel/fast ratio" >&2; exit 1; }
sed 's/^\(torch-fast gemm_fp8e4m3_8192 .*TFLOP\/s \) ok$/\1 WRONG at 9: got 0, expected 1 (2 x the allowed error)/' \
  "$dir/good.txt" > "$dir/wrong_fast.txt"
expect 1 wrong_fast "$dir/wrong_fast.txt" "gemm_fp8e4m3_8192: torch-fast WRONG at 9"
# Tessel's best configuration against Triton's best: 687.2 / 654.5.
grep -q "687.2       1.05" "$dir/good.out" || { echo "FAIL: good: no auto/auto ratio 1.05" >&2; exit 1; }
sed 's/^\(tessel-auto gemm_fp16_4096 .*TFLOP\/s \) ok$/\1 WRONG at 9: got 4, expected 2 (5 x the allowed error)/' \
  "$dir/good.txt" > "$dir/wrong_tessel_auto.txt"
expect 1 wrong_tessel_auto "$dir/wrong_tessel_auto.txt" "gemm_fp16_4096: tessel-auto WRONG at 9"
grep -v '^torch vadd' "$dir/good.txt" > "$dir/missing.txt"
expect 1 missing "$dir/missing.txt" "vadd_2p28: torch missing"
sed 's/^tessel gemm_fp16_4096 .*/tessel gemm_fp16_4096      load: NOT_FOUND: no cached artifact/' \
  "$dir/good.txt" > "$dir/load.txt"
expect 1 load "$dir/load.txt" "unreadable result line"
awk '/^timing:/ && !seen { sub(/timed 50/, "timed 20"); seen = 1 } { print }' \
  "$dir/good.txt" > "$dir/timing.txt"
expect 1 timing "$dir/timing.txt" "must time alike"
grep -v '^timing:' "$dir/good.txt" > "$dir/untimed.txt"
expect 1 untimed "$dir/untimed.txt" "must time alike"
echo "ok: compare.py fails every run that cannot back a claim"
