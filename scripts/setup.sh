#!/usr/bin/env bash
# Installs every Debian 12 package Tessel needs to build and test, and nothing
# else. Idempotent: packages already present are not touched, and apt is not
# consulted at all when everything is installed.
set -euo pipefail

PACKAGES=(
  # Compilers and build
  g++ make python3 bazel-bootstrap bazel-rules-java
  # CMake: the tile IR kit (sdk/ir) builds out of tree, as a vendor builds it
  cmake
  # LLVM/MLIR 22: headers, libMLIR/libLLVM, mlir-tblgen, FileCheck and lit
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools
  # ld.lld-22: links the CPU backend's kernel shared objects
  lld-22
  # clang-22 and its sanitizer/fuzzer runtimes, for the frontend fuzzer
  clang-22 libclang-rt-22-dev
  # ROCm's device libraries (ocml, ockl bitcode), linked into AMD kernels
  # that call math functions; and the HIP runtime, which the AMD plugin
  # loads with dlopen (here it finds no GPU and says so)
  rocm-device-libs libamdhip64-5
  # The Intel backend's emulated device: PoCL runs SPIR bitcode on the CPU;
  # llvm-spirv-15 turns the backend's SPIR-V back into that bitcode, clang-15
  # and llvm-link-15 build and link the sub-group emulation library (written
  # in OpenCL C); spirv-val checks the SPIR-V; the Level Zero loader is what
  # the plugin asks for a real Intel GPU (here it finds no driver)
  pocl-opencl-icd ocl-icd-libopencl1 opencl-c-headers llvm-spirv-15 clang-15 llvm-15
  spirv-tools libze1 clinfo
  # GoogleTest / GoogleMock
  libgtest-dev libgmock-dev
  # OpenBLAS: the SGEMM reference of the CPU benchmark (bench/cpu)
  libopenblas-dev
  # NumPy for /usr/bin/python3: the references of the kernel tests (tests/kernels)
  python3-numpy
  # pytest for /usr/bin/python3: the Python package's tests (python/tests)
  python3-pytest
  # jsonschema for /usr/bin/python3: conformance reports are checked against
  # their schema (conformance/report.schema.json)
  python3-jsonschema
  # CPython's headers: the package's launch fast path (python/native), an
  # extension on the stable ABI
  libpython3-dev
)

missing=()
for pkg in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done

# The second MLIR the tile IR kit is tested against, unpacked privately.
mlir19() { bash "$(dirname "$0")/setup_mlir19.sh"; }

if [ ${#missing[@]} -eq 0 ]; then
  mlir19
  exit 0
fi

echo "setup: installing ${missing[*]}" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
mlir19
