#!/usr/bin/env bash
# The test of check_no_llvm.sh, the check behind every "runs without LLVM"
# test: it accepts the runtime-only CPU plugin, and rejects, with the reason,
# the full CPU plugin (which links libMLIR and libLLVM), a shared object
# whose only trace of LLVM is an undefined llvm:: symbol, a list of files
# of which one is bad, and a file it cannot inspect.
# usage: check_no_llvm_test.sh CHECK RUNTIME_ONLY_PLUGIN FULL_PLUGIN SYMBOL_ONLY_SO
set -euo pipefail
check="$1" clean="$2" full="$3" symbol="$4"
dir="$TEST_TMPDIR"

run() {  # run NAME FILE...: check_no_llvm.sh's status; its output in $dir/NAME.out
  local name="$1" status=0
  shift
  bash "$check" "$@" > "$dir/$name.out" 2>&1 || status=$?
  cat "$dir/$name.out"
  return "$status"
}
says() {  # says NAME TEXT: the output of run NAME contains TEXT
  grep -qF -- "$2" "$dir/$1.out" || { echo "FAIL: $1: no '$2' in the output" >&2; exit 1; }
}
rejects() {  # rejects NAME FILE...: check_no_llvm.sh must exit 1
  local name="$1" status=0
  shift
  run "$name" "$@" || status=$?
  [ "$status" = 1 ] || { echo "FAIL: $name: exit status $status, expected 1" >&2; exit 1; }
}

run clean "$clean" || { echo "FAIL: the runtime-only plugin was rejected" >&2; exit 1; }
says clean "ok: no LLVM/MLIR dependency in 1 file(s)"

rejects full "$full"
says full "needs LLVM/MLIR directly"
says full "loads LLVM/MLIR through its dependencies"
says full "has undefined LLVM/MLIR symbols"

rejects symbol "$symbol"
says symbol "has undefined LLVM/MLIR symbols"
says symbol "llvm_shutdown"
if grep -qF "needs LLVM/MLIR directly" "$dir/symbol.out"; then
  echo "FAIL: symbol: the shared object names no LLVM library, yet NEEDED was blamed" >&2
  exit 1
fi

rejects mixed "$clean" "$symbol"
says mixed "$symbol has undefined LLVM/MLIR symbols"

rejects not_elf "$check"
says not_elf "readelf -d failed"
echo "ok: check_no_llvm.sh rejects every file that depends on LLVM/MLIR"
