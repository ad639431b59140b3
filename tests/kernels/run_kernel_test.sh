#!/usr/bin/env bash
# Runs one kernel test script (tests/kernels/test_*.py) with the NumPy of
# Debian's /usr/bin/python3, against the built tessel and CPU plugin.
# usage: run_kernel_test.sh TESSEL PLUGIN SCRIPT
set -euo pipefail
export TESSEL="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
export TESSEL_PLUGIN_PATH="$(cd "$(dirname "$2")" && pwd)"
export TESSEL_TARGET=auto
export TESSEL_CACHE_DIR="${TEST_TMPDIR:-$(mktemp -d)}/cache"
script="$3"
cd "$(dirname "$script")"
exec /usr/bin/python3 "$(basename "$script")"
