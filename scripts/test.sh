#!/usr/bin/env bash
# Sets the machine up if needed, then runs every test of the repository, in
# two legs:
#   1. `bazel test //...`: every test, normal build;
#   2. the sanitized leg: the frontend, compiler, runtime, plugin host,
#      conformance runner and CLI tests (the fuzzers' bounded runs among
#      them) built with AddressSanitizer and UndefinedBehaviorSanitizer
#      (`--config=asan`, .bazelrc), in their own output directory. Not
#      //tools/tessel:compile_command_test: it loads the NVIDIA plugin,
#      whose sanitized build (the GPU backends' shared layers) would be most
#      of the leg's time, for code outside the leg's scope; the CLI's
#      compile paths are sanitized through the CPU plugin's tests.
# Extra arguments go to both `bazel test` commands (e.g. --test_summary=short).
# TESSEL_SKIP_ASAN=1 runs the first leg only.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || exit 1
status=0
bazel test //... "$@" || status=1
if [ "${TESSEL_SKIP_ASAN:-0}" != 1 ]; then
  bazel test --config=asan "$@" -- //core/... //conformance/runner/... //tools/tessel/... \
    -//tools/tessel:compile_command_test || status=1
fi
exit "$status"
