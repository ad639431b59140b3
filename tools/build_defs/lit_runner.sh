#!/usr/bin/env bash
# Runs one lit test file from a Bazel runfiles tree.
#   lit_runner.sh TEST_FILE [TOOL ...]
# Each TOOL's directory is put first on PATH so RUN lines call the binaries
# Bazel just built, never whatever is installed on the machine.
set -euo pipefail
test_file="$1"
shift
path_dirs=""
for tool in "$@"; do
  path_dirs="$path_dirs:$(cd "$(dirname "$tool")" && pwd)"
done
export PATH="${path_dirs#:}:/usr/lib/llvm-22/bin:$PATH"
# lit writes %t files under the test's exec root; keep them in Bazel's temp dir.
export TESSEL_LIT_EXEC_ROOT="${TEST_TMPDIR:-/tmp}/lit"
export TESSEL_LIT_COMMON="$PWD/tests/lit/common.cfg.py"
# Debian ships lit as a package folder (no lit.py script); run its entry point.
export PYTHONPATH="$PWD/external/llvm/utils/lit${PYTHONPATH:+:$PYTHONPATH}"
exec python3 -c "from lit.main import main; main()" -v --no-progress-bar "$test_file"
