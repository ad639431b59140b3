#!/usr/bin/env bash
# The bounded CI run of the kernel fuzzer: replays the corpus kept in the
# tree, then checks a fixed number of generated programs and mutants from a
# fixed seed, stopping early at the time budget. Failing inputs are written
# to the test's undeclared outputs (bazel-testlogs/.../test.outputs/).
#
# Usage: run_kernel_fuzzer.sh [runs] [seconds]   (default 600 runs, 40 s)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
runs="${1:-600}"
seconds="${2:-40}"
failures="${TEST_UNDECLARED_OUTPUTS_DIR:-${TEST_TMPDIR:-$(mktemp -d)}}/failures"
exec "$here/kernel_fuzzer" --corpus "$here/corpus" --seed 1 --runs "$runs" \
  --seconds "$seconds" --timeout-ms 20000 --save-failures "$failures"
