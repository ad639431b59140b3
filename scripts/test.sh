#!/usr/bin/env bash
# Sets the machine up if needed, then runs every test of the repository.
# Extra arguments go to `bazel test` (e.g. --test_summary=short).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec bazel test //... "$@"
