#!/usr/bin/env bash
# Unpacks Debian's MLIR 19 into a private prefix (default /opt/tessel/mlir-19,
# or $TESSEL_MLIR19_PREFIX), beside the installed MLIR 22: the tile IR kit
# (sdk/ir) is built against both by //sdk/ir:cross_mlir_test. The two
# releases' -dev packages conflict, so 19 is not installed: its packages are
# downloaded and unpacked; MLIR's CMake config finds itself there.
# Idempotent: nothing is downloaded when the prefix is complete.
set -euo pipefail
prefix="${TESSEL_MLIR19_PREFIX:-/opt/tessel/mlir-19}"
config="$prefix/usr/lib/llvm-19/lib/cmake/mlir/MLIRConfig.cmake"
[ -f "$config" ] && exit 0

# The libraries, headers and CMake files, and the tools whose files LLVM's
# and MLIR's exported targets name (CMake checks that they exist).
PACKAGES=(libllvm19 llvm-19 llvm-19-dev llvm-19-tools llvm-19-linker-tools
          llvm-19-runtime libmlir-19 libmlir-19-dev mlir-19-tools)
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo "setup: unpacking MLIR 19 into $prefix" >&2
(cd "$work" && apt-get download -qq "${PACKAGES[@]}" 2>/dev/null) || {
  $SUDO apt-get update -qq
  (cd "$work" && apt-get download -qq "${PACKAGES[@]}")
}
$SUDO mkdir -p "$prefix.tmp"
for deb in "$work"/*.deb; do
  $SUDO dpkg-deb -x "$deb" "$prefix.tmp"
done
# Complete or absent: the prefix appears in one rename.
$SUDO rm -rf "$prefix"
$SUDO mv "$prefix.tmp" "$prefix"
