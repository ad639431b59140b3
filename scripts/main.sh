#!/usr/bin/env bash
# The main job: sets the machine up if needed, builds the tools, the CPU
# plugin and the examples, then
#   1. checks the tile IR examples (examples/tile-ir): verify, canonicalize,
#      and cross the plugin ABI as versioned bytecode and back;
#   2. runs the four example programs (vector add, fused softmax, layer norm,
#      grouped GEMM) on the default target (`auto`, or TESSEL_TARGET) with
#      the built CPU plugin on TESSEL_PLUGIN_PATH; each compiles its kernel
#      from source through the compile cache, checks the result against a
#      host reference and prints one line;
#   3. runs the Python examples (examples/python: the seed vector add, and
#      the seed grouped GEMM autotuned) through the tessel package, with
#      Debian's Python, on the same target and plugin.
# Fails if any step or example fails.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
targets=(//tools/tessel-opt //tools/tessel //plugins/cpu:libtessel_cpu.so
         //examples/vector_add //examples/softmax //examples/layer_norm
         //examples/grouped_gemm
         //core/runtime/capi:libtessel_runtime.so
         //core/compiler/capi:libtessel_compiler.so
         //python:_fastlaunch.abi3.so)
bazel build "${targets[@]}" >/dev/null 2>&1 || bazel build "${targets[@]}"
bin="$(bazel info bazel-bin 2>/dev/null)"
opt="$bin/tools/tessel-opt/tessel-opt"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

status=0
echo "== tile IR examples"
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

# The plugin directory holds just the built CPU plugin, so discovery sees
# exactly one plugin (the build output folder also holds test plugins).
mkdir -p "$tmp/plugins"
ln -s "$bin/plugins/cpu/libtessel_cpu.so" "$tmp/plugins/libtessel_cpu.so"
export TESSEL_PLUGIN_PATH="$tmp/plugins"
echo "== examples (TESSEL_TARGET=${TESSEL_TARGET:-auto})"
for example in vector_add softmax layer_norm grouped_gemm; do
  "$bin/examples/$example/$example" || { echo "$example: FAILED" >&2; status=1; }
done

# The package finds the libraries in the tree's bazel-bin (docs/python.md).
echo "== Python examples (TESSEL_TARGET=${TESSEL_TARGET:-auto})"
for example in vector_add grouped_gemm; do
  PYTHONPATH=python /usr/bin/python3 "examples/python/$example.py" ||
    { echo "python $example: FAILED" >&2; status=1; }
done
exit $status
