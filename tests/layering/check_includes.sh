#!/usr/bin/env bash
# The dependency direction at the level of #include lines: no file under
# backends/<vendor>/ or plugins/<vendor>/ names core/ or another vendor's
# folder. Shared layers (backends/common, backends/gpu_common,
# plugins/common) are not vendors. Bazel visibility refuses such a
# dependency in the build graph (check_layering.sh); this catches an include
# that would only resolve by accident.
set -euo pipefail
cd "$(dirname "$0")/../.."
shared='common|gpu_common'
status=0
for dir in backends/* plugins/*; do
  [ -d "$dir" ] || continue
  vendor=$(basename "$dir")
  [[ "$vendor" =~ ^($shared)$ ]] && continue
  files=$(find "$dir" -type f \( -name '*.h' -o -name '*.cpp' -o -name '*.c' -o -name '*.td' \))
  [ -n "$files" ] || continue
  # shellcheck disable=SC2086
  includes=$(grep -HnE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' $files || true)
  bad=$(grep -E "\"(core/|backends/|plugins/)" <<<"$includes" |
    grep -vE "\"(backends|plugins)/($vendor|$shared)/" || true)
  if [ -n "$bad" ]; then
    echo "FAIL: $dir includes core/ or another vendor's folder:" >&2
    echo "$bad" >&2
    status=1
  fi
done
[ "$status" = 0 ] && echo "ok: no vendor folder includes core/ or another vendor"
exit "$status"
