#!/usr/bin/env bash
# `tessel run` end to end on the CPU plugin: vector add on .npy inputs made by
# npy_tool, the compile cache across processes (miss, hit, a corrupted entry
# survived), and the error messages for bad arguments and targets.
# usage: run_command_test.sh TESSEL NPY_TOOL PLUGIN KERNEL_FILE
set -uo pipefail
tessel="$1" npy="$2" plugin="$3" kernel="$4"
work="$TEST_TMPDIR/run"
rm -rf "$work" && mkdir -p "$work"
export TESSEL_CACHE_DIR="$work/cache"
export TESSEL_PLUGIN_PATH="$(cd "$(dirname "$plugin")" && pwd)"
unset TESSEL_TARGET
failures=0

fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# expect_ok NAME NEEDLE ARGS...: runs tessel, which must succeed and print NEEDLE.
expect_ok() {
  local name="$1" needle="$2"; shift 2
  local out
  if ! out="$("$tessel" "$@" 2>&1)"; then fail "$name: exited with an error:"$'\n'"$out"; return; fi
  grep -qF -- "$needle" <<<"$out" || fail "$name: expected '$needle' in:"$'\n'"$out"
  echo "--- $name"$'\n'"$out"
}

# expect_error NAME NEEDLE ARGS...: runs tessel, which must fail and say NEEDLE.
expect_error() {
  local name="$1" needle="$2"; shift 2
  local out
  if out="$("$tessel" "$@" 2>&1)"; then fail "$name: succeeded, expected an error:"$'\n'"$out"; return; fi
  grep -qF -- "$needle" <<<"$out" || fail "$name: expected '$needle' in:"$'\n'"$out"
  echo "--- $name (error, as expected)"$'\n'"$out"
}

n=5000
"$npy" random "$work/x.npy" float32 $n 1
"$npy" random "$work/y.npy" float32 $n 2
"$npy" fill "$work/out.npy" float32 $n 0
"$npy" random "$work/x64.npy" float64 $n 3
add=("run" "$kernel::add_kernel" --signature '*fp32,*fp32,*fp32,i32' -D BLOCK=256 --grid 20)
inputs=(--arg "x_ptr=$work/x.npy" --arg "y_ptr=$work/y.npy" --arg "out_ptr=$work/out.npy")

# Two processes in a row: the first compiles, the second hits the cache.
expect_ok "first run" "compile: cache miss" "${add[@]}" "${inputs[@]}" --arg n=$n \
  --out "out_ptr=$work/r1.npy"
"$npy" check-add "$work/x.npy" "$work/y.npy" "$work/r1.npy" || fail "first run: wrong result"
expect_ok "second run" "compile: cache hit" "${add[@]}" "${inputs[@]}" --arg n=$n \
  --out "out_ptr=$work/r2.npy" --time 3
"$npy" check-add "$work/x.npy" "$work/y.npy" "$work/r2.npy" || fail "second run: wrong result"
expect_ok "what ran where" "ran add_kernel from $kernel on cpu:" "${add[@]}" "${inputs[@]}" --arg n=$n

# A corrupted entry is a miss: recompiled, reported, rewritten.
entries=("$TESSEL_CACHE_DIR"/kernels/v1/*/*.tkc)
[ ${#entries[@]} -eq 1 ] || fail "expected one cache entry, found ${#entries[@]}"
printf 'garbage' | dd of="${entries[0]}" bs=1 seek=100 conv=notrunc 2>/dev/null
expect_ok "corrupted entry" "compile: cache miss" "${add[@]}" "${inputs[@]}" --arg n=$n \
  --out "out_ptr=$work/r3.npy"
"$npy" check-add "$work/x.npy" "$work/y.npy" "$work/r3.npy" || fail "after corruption: wrong result"
expect_ok "rewritten entry" "compile: cache hit" "${add[@]}" "${inputs[@]}" --arg n=$n

# Argument errors, all reported before anything is compiled.
expect_error "missing argument" "missing argument 'n' (i32): give it with --arg n=VALUE" \
  "${add[@]}" "${inputs[@]}"
expect_error "unknown argument" \
  "unknown argument 'm': kernel 'add_kernel' takes x_ptr (*fp32), y_ptr (*fp32), out_ptr (*fp32), n (i32)" \
  "${add[@]}" "${inputs[@]}" --arg n=$n --arg m=1
expect_error "dtype mismatch" "argument 'x_ptr' is *fp32 but $work/x64.npy holds float64" \
  "${add[@]}" --arg "x_ptr=$work/x64.npy" --arg "y_ptr=$work/y.npy" \
  --arg "out_ptr=$work/out.npy" --arg n=$n
expect_error "scalar does not fit" \
  "argument 'n': 2147483648 does not fit in i32 (-2147483648 to 2147483647)" \
  "${add[@]}" "${inputs[@]}" --arg n=2147483648
expect_error "scalar is not a number" "argument 'n': '12abc' is not an integer" \
  "${add[@]}" "${inputs[@]}" --arg n=12abc
expect_error "buffer given a scalar" "argument 'x_ptr' is *fp32 and needs a .npy file, got '3'" \
  "${add[@]}" --arg x_ptr=3 --arg "y_ptr=$work/y.npy" --arg "out_ptr=$work/out.npy" --arg n=$n
expect_error "--out of a scalar" "--out n: 'n' is a scalar (i32)" \
  "${add[@]}" "${inputs[@]}" --arg n=$n --out "n=$work/n.npy"
head -c 150 "$work/x.npy" > "$work/short.npy"
expect_error "truncated .npy" "$work/short.npy: truncated: shape (5000,) of float32 needs 20000 bytes of data, the file has 22" \
  "${add[@]}" --arg "x_ptr=$work/short.npy" --arg "y_ptr=$work/y.npy" \
  --arg "out_ptr=$work/out.npy" --arg n=$n
expect_error "missing .npy" "$work/absent.npy: cannot open" \
  "${add[@]}" --arg "x_ptr=$work/absent.npy" --arg "y_ptr=$work/y.npy" \
  --arg "out_ptr=$work/out.npy" --arg n=$n
expect_error "frontend diagnostics" "constexpr parameter 'BLOCK' needs a value" \
  run "$kernel::add_kernel" --signature '*fp32,*fp32,*fp32,i32' --grid 1 "${inputs[@]}" --arg n=1
expect_error "usage" "--grid X[,Y,Z] is required" run "$kernel::add_kernel"

# Target selection errors list what is available.
TESSEL_TARGET=nope:x expect_error "TESSEL_TARGET names no plugin" \
  "no plugin 'nope' for target 'nope:x' (from TESSEL_TARGET); available: cpu (" \
  "${add[@]}" "${inputs[@]}" --arg n=$n
expect_error "absent plugin" "no plugin 'amd' for target 'amd:gfx942'" \
  "${add[@]}" "${inputs[@]}" --arg n=$n --target amd:gfx942
expect_error "absent plugin lists cpu" "cpu (cpu:x86-64" \
  "${add[@]}" "${inputs[@]}" --arg n=$n --target amd:gfx942

if [ $failures -ne 0 ]; then
  echo "$failures check(s) failed" >&2
  exit 1
fi
echo "all checks passed"
