#!/usr/bin/env bash
# Builds what the tessel Python package loads and copies it into the
# package (python/tessel/_lib/: libtessel_runtime.so, libtessel_compiler.so,
# plugins/libtessel_cpu.so, and the launch fast path _fastlaunch.abi3.so),
# so that `PYTHONPATH=python` is all a program
# needs. With --runtime-only, the compiler library is left out and the
# plugins are their runtime-only builds: the set a machine without LLVM runs
# cached kernels with. --nvidia adds the NVIDIA plugin.
# usage: scripts/build_python.sh [--runtime-only] [--nvidia]
set -euo pipefail
cd "$(dirname "$0")/.."
runtime_only=0 vendors=(cpu)
for arg in "$@"; do
  case "$arg" in
    --runtime-only) runtime_only=1 ;;
    --nvidia) vendors+=(nvidia) ;;
    *) echo "usage: $0 [--runtime-only] [--nvidia]" >&2; exit 2 ;;
  esac
done
targets=(//core/runtime/capi:libtessel_runtime.so //python:_fastlaunch.abi3.so)
[ "$runtime_only" = 1 ] || targets+=(//core/compiler/capi:libtessel_compiler.so)
for v in "${vendors[@]}"; do
  if [ "$runtime_only" = 1 ]; then targets+=("//plugins/$v:runtime_only/libtessel_$v.so")
  else targets+=("//plugins/$v:libtessel_$v.so"); fi
done
bazel build "${targets[@]}" >/dev/null 2>&1 || bazel build "${targets[@]}"
bin="$(bazel info bazel-bin 2>/dev/null)"
lib=python/tessel/_lib
rm -rf "$lib"
mkdir -p "$lib/plugins"
cp "$bin/core/runtime/capi/libtessel_runtime.so" "$bin/python/_fastlaunch.abi3.so" "$lib/"
[ "$runtime_only" = 1 ] || cp "$bin/core/compiler/capi/libtessel_compiler.so" "$lib/"
for v in "${vendors[@]}"; do
  if [ "$runtime_only" = 1 ]; then cp "$bin/plugins/$v/runtime_only/libtessel_$v.so" "$lib/plugins/"
  else cp "$bin/plugins/$v/libtessel_$v.so" "$lib/plugins/"; fi
done
chmod -R u+w "$lib"
echo "python/tessel/_lib: $(cd "$lib" && find . -name '*.so' | sort | tr '\n' ' ')"
