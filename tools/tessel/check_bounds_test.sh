#!/usr/bin/env bash
# The bounds-checked launch mode end to end on the CPU plugin: `tessel run
# --check-bounds` (and TESSEL_CHECK_BOUNDS=1) reports an out-of-bounds load,
# an out-of-bounds store and a 32-bit index overflow with the kernel's
# source line and the program id, writes no output for a faulty run, and
# leaves a correct run's result intact; without the mode, buffers provably
# too small for the grid are refused before the launch.
# usage: check_bounds_test.sh TESSEL NPY_TOOL PLUGIN KERNEL_FILE
set -uo pipefail
tessel="$1" npy="$2" plugin="$3" kernel="$4"
work="$TEST_TMPDIR/bounds"
rm -rf "$work" && mkdir -p "$work"
export TESSEL_CACHE_DIR="$work/cache"
export TESSEL_PLUGIN_PATH="$(cd "$(dirname "$plugin")" && pwd)"
unset TESSEL_TARGET TESSEL_CHECK_BOUNDS
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# run_case NAME RC NEEDLE ARGS...: tessel must exit with RC and print NEEDLE.
run_case() {
  local name="$1" rc="$2" needle="$3"; shift 3
  local out status
  out="$(timeout 300 "$tessel" "$@" 2>&1)"; status=$?
  [ "$status" -eq "$rc" ] || fail "$name: exit status $status, expected $rc:"$'\n'"$out"
  grep -qF -- "$needle" <<<"$out" || fail "$name: expected '$needle' in:"$'\n'"$out"
  echo "--- $name"$'\n'"$out"
}
# run_case_re NAME RC REGEX ARGS...: the same with an extended regex, for
# faults whose first-recorded program depends on the order programs ran.
run_case_re() {
  local name="$1" rc="$2" regex="$3"; shift 3
  local out status
  out="$(timeout 300 "$tessel" "$@" 2>&1)"; status=$?
  [ "$status" -eq "$rc" ] || fail "$name: exit status $status, expected $rc:"$'\n'"$out"
  grep -qE -- "$regex" <<<"$out" || fail "$name: expected /$regex/ in:"$'\n'"$out"
  echo "--- $name"$'\n'"$out"
}
line_of() { grep -n -- "$1" "$kernel" | head -1 | cut -d: -f1; }
name="$(basename "$kernel")"

"$npy" random "$work/x2000.npy" float32 2000 1
"$npy" random "$work/x1000.npy" float32 1000 2
"$npy" fill "$work/out2000.npy" float32 2000 0
"$npy" fill "$work/out1000.npy" float32 1000 0
masked=(run "$kernel::copy_masked" --signature '*fp32,*fp32,i32' -D BLOCK=256 --grid 8)

# A correct launch: checked, no fault, the result written.
run_case "clean" 0 "no out-of-bounds access" "${masked[@]}" --check-bounds \
  --arg "x_ptr=$work/x2000.npy" --arg "out_ptr=$work/out2000.npy" --arg n=2000 \
  --out "out_ptr=$work/clean.npy"
cmp -s <(tail -c 8000 "$work/x2000.npy") <(tail -c 8000 "$work/clean.npy") ||
  fail "clean: the copy is wrong"

# n says 2000 but x holds 1000: programs 3 to 7 load past the end (bytes
# 4000 to 8191); the fault recorded first is one of theirs, and its offset
# lies in its program's block of 1024 bytes.
load_line="$(line_of 'x = tl.load(x_ptr + offs, mask=mask)')"
fault_re="\(byte offset (4[0-9]{3}|[5-8][0-9]{3}) of a 4000-byte buffer\) in program \([3-7], 0, 0\)"
run_case_re "out-of-bounds load" 1 \
  "(^|/)$name:$load_line:9: error: out-of-bounds load from 'x_ptr' $fault_re" \
  "${masked[@]}" --check-bounds --arg "x_ptr=$work/x1000.npy" \
  --arg "out_ptr=$work/out2000.npy" --arg n=2000 --out "out_ptr=$work/load.npy"
[ ! -e "$work/load.npy" ] || fail "out-of-bounds load: an output was written"

# out holds 1000: the store faults, found the same way through the
# environment variable.
store_line="$(line_of 'tl.store(out_ptr + offs, x, mask=mask)')"
TESSEL_CHECK_BOUNDS=1 run_case_re "out-of-bounds store" 1 \
  "(^|/)$name:$store_line:5: error: out-of-bounds store to 'out_ptr' $fault_re" \
  "${masked[@]}" --arg "x_ptr=$work/x2000.npy" --arg "out_ptr=$work/out1000.npy" \
  --arg n=2000 --out "out_ptr=$work/store.npy"
[ ! -e "$work/store.npy" ] || fail "out-of-bounds store: an output was written"

# pid * STRIDE passes 2^31 at program 2048: an index overflow, reported
# where it happens, before the access it would misdirect.
offs_line="$(line_of 'offs = pid \* STRIDE')"
run_case "index overflow" 1 \
  "$name:$offs_line:16: error: index overflow: 32-bit index arithmetic wrapped (the exact value is 2147483648) in program (2048, 0, 0)" \
  run "$kernel::strided" --signature '*fp32,*fp32,i32' -D STRIDE=1048576 -D BLOCK=16 \
  --grid 2049 --check-bounds --arg "x_ptr=$work/x1000.npy" \
  --arg "out_ptr=$work/out1000.npy" --arg n=1000

# Without the mode, buffers too small for the grid are refused before any
# launch where the kernel makes that decidable: unmasked accesses.
unmasked_line="$(line_of 'x = tl.load(x_ptr + offs)$')"
run_case "too small for the grid" 1 \
  "$name:$unmasked_line:9: error: argument 'x_ptr' ($work/x1000.npy) has 4000 bytes, but this unmasked load reaches byte 4096 with --grid 4,1,1" \
  run "$kernel::copy_unmasked" --signature '*fp32,*fp32' -D BLOCK=256 --grid 4 \
  --arg "x_ptr=$work/x1000.npy" --arg "out_ptr=$work/out2000.npy"
run_case "large enough for the grid" 0 "wrote" \
  run "$kernel::copy_unmasked" --signature '*fp32,*fp32' -D BLOCK=256 --grid 3 \
  --arg "x_ptr=$work/x1000.npy" --arg "out_ptr=$work/out1000.npy" \
  --out "out_ptr=$work/unmasked.npy"

# Masked by `offs < n`: the largest offset is min(grid's, n - 1), so an n
# larger than the buffers is refused before the launch (the reproducer of a
# too-small output corrupting the host's heap).
run_case "masked store too small for n" 1 \
  "$name:$store_line:5: error: argument 'out_ptr' ($work/out1000.npy) has 4000 bytes, but this store, masked by 'n' = 2000, reaches byte 8000 with --grid 8,1,1" \
  "${masked[@]}" --arg "x_ptr=$work/x2000.npy" --arg "out_ptr=$work/out1000.npy" --arg n=2000
# pid * BLOCK + arange passes 2^31 - 1 with 8388609 programs of 256: the
# offsets would wrap to negative ones (the reproducer that crashed).
run_case "grid that wraps the offsets" 1 \
  "error: this 32-bit index reaches 2147483903 with --grid 8388609,1,1, past 2147483647" \
  run "$kernel::copy_masked" --signature '*fp32,*fp32,i32' -D BLOCK=256 --grid 8388609 \
  --arg "x_ptr=$work/x2000.npy" --arg "out_ptr=$work/out2000.npy" --arg n=2000

run_case "no timing of checked kernels" 2 "cannot be combined with --check-bounds" \
  "${masked[@]}" --check-bounds --time 3 --arg "x_ptr=$work/x2000.npy" \
  --arg "out_ptr=$work/out2000.npy" --arg n=2000

if [ "$failures" -ne 0 ]; then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo "all bounds-check cases passed"
