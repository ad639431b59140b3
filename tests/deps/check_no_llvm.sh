#!/usr/bin/env bash
# Checks that each ELF file given runs where no LLVM/MLIR is installed: it
# names no LLVM/MLIR library among its dynamic dependencies (NEEDED), the
# loader resolves none for it (ldd), and it has no undefined LLVM/MLIR
# symbols (nm -D). Prints one line per finding; exits 1 when any file
# depends on LLVM/MLIR or cannot be inspected, 0 otherwise.
#   check_no_llvm.sh FILE...
# Shared by the runtime-only plugins' tests and tessel-conform-run's;
# check_no_llvm_test shows that it fails on files that do link LLVM.
#
# Every tool's output is captured before it is searched, and each tool's
# own exit status is checked: `nm ... | grep -q` under pipefail can fail
# exactly when it matches (grep exits at the first match, nm then dies of
# SIGPIPE, and the pipeline's status is nm's), which would skip the FAIL.
set -euo pipefail
pattern='llvm|mlir'
status=0
fail() {
  echo "FAIL: $*" >&2
  status=1
}
[ "$#" -gt 0 ] || { echo "usage: check_no_llvm.sh FILE..." >&2; exit 2; }
for f in "$@"; do
  if ! dynamic=$(readelf -d "$f" 2>&1); then
    fail "$f: readelf -d failed: $dynamic"
    continue
  fi
  needed=$(sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' <<<"$dynamic" | tr '\n' ' ')
  echo "$f: NEEDED: $needed"
  if grep -iqE "$pattern" <<<"$needed"; then
    fail "$f needs LLVM/MLIR directly: $needed"
  fi
  if ! loaded=$(ldd "$f" 2>&1); then
    fail "$f: ldd failed: $loaded"
  elif matches=$(grep -iE "lib($pattern)" <<<"$loaded"); then
    fail "$f loads LLVM/MLIR through its dependencies: $matches"
  fi
  if ! undefined=$(nm -D --undefined-only "$f" 2>&1); then
    fail "$f: nm -D failed: $undefined"
  elif matches=$(grep -iE "$pattern" <<<"$undefined"); then
    fail "$f has undefined LLVM/MLIR symbols: $(head -5 <<<"$matches" | tr '\n' ' ')"
  fi
done
[ "$status" = 0 ] && echo "ok: no LLVM/MLIR dependency in $# file(s)"
exit "$status"
