#!/usr/bin/env bash
# The main job: sets the machine up if needed, builds the tools and runs the
# example kernels. Until a backend exists this compiles the example tile IR
# kernels through tessel-opt: verify, canonicalize, and cross the plugin ABI
# boundary as versioned bytecode and back.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bazel build //tools/tessel-opt >/dev/null 2>&1 || bazel build //tools/tessel-opt
opt="$(bazel info bazel-bin 2>/dev/null)/tools/tessel-opt/tessel-opt"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

status=0
for kernel in examples/tile-ir/*.mlir; do
  name="$(basename "$kernel" .mlir)"
  if "$opt" "$kernel" --canonicalize --cse -o "$tmp/$name.mlir" &&
     "$opt" "$tmp/$name.mlir" --emit-bytecode -o "$tmp/$name.mlirbc" &&
     "$opt" "$tmp/$name.mlirbc" -o "$tmp/$name.back.mlir" &&
     cmp -s "$tmp/$name.mlir" "$tmp/$name.back.mlir"; then
    version=$("$opt" "$tmp/$name.mlirbc" --tile-report-version \
                -mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 |
              sed -n 's/.*remark: //p')
    ops=$(grep -o 'tile\.[a-z_]*' "$tmp/$name.mlir" | sort -u | wc -l)
    printf '%-14s ok   %2d distinct tile ops, %5d bytes of bytecode, %s\n' \
      "$name" "$ops" "$(stat -c %s "$tmp/$name.mlirbc")" "$version"
  else
    printf '%-14s FAILED\n' "$name"
    status=1
  fi
done
exit $status
