#!/usr/bin/env bash
# `tessel --version`: Tessel's version first, then the ABI, dialect, suite
# and LLVM versions, each as <major>.<minor>[.<patch>].
set -euo pipefail
tessel="$1"
out=$("$tessel" --version)
echo "$out"
echo "$out" | head -1 | grep -Eq '^tessel [0-9]+\.[0-9]+\.[0-9]+$'
for what in "plugin ABI" "tile dialect" "conformance" "LLVM/MLIR"; do
  echo "$out" | grep -Eq "^  $what +(suite )?[0-9]+\.[0-9]+" ||
    { echo "FAIL: no '$what' version" >&2; exit 1; }
done
[ "$("$tessel" version)" = "$out" ]
