#!/usr/bin/env bash
# The bounded CI run of the plugin-ABI fuzzer: a fixed number of inputs from
# a fixed seed, stopping early at the time budget. Failing inputs are written
# to the test's undeclared outputs (bazel-testlogs/.../test.outputs/).
#
# Usage: run_abi_fuzzer.sh [runs] [seconds]   (default 20000 runs, 20 s)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
runs="${1:-20000}"
seconds="${2:-20}"
failures="${TEST_UNDECLARED_OUTPUTS_DIR:-${TEST_TMPDIR:-$(mktemp -d)}}/failures"
exec "$here/abi_fuzzer" --plugin "$here/libabi_fuzz_plugin.so" --seed 1 \
  --runs "$runs" --seconds "$seconds" --save-failures "$failures"
