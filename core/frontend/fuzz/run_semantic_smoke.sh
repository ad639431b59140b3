#!/usr/bin/env bash
# Runs the semantic smoke fuzzer over the kernels and bad programs.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
frontend="$(cd "$here/.." && pwd)"
exec "$here/semantic_smoke" "$frontend/test/kernels" "$frontend/test/bad" --mutants "${1:-200}"
