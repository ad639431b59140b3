#!/usr/bin/env bash
# Proves that Bazel visibility enforces DESIGN.md's dependency direction:
# every deliberate violation below must be refused at analysis time with a
# visibility error (and not fail for some other reason).
set -uo pipefail
cd "$(dirname "$0")/../.."
violations=(
  //core/layering_check:core_uses_backend
  //core/layering_check:core_uses_plugin_adapter
  //dialects/layering_check:dialect_uses_backend
  //backends/nvidia/test:backend_uses_another_backend
  //backends/nvidia/test:backend_uses_core
  //plugins/nvidia:plugin_uses_another_plugin
  //plugins/nvidia:plugin_uses_another_backend
  //plugins/nvidia:plugin_uses_core
  //backends/amd/test:backend_uses_another_backend
  //plugins/amd:plugin_uses_another_plugin
  //plugins/amd:plugin_uses_another_backend
)
status=0
for target in "${violations[@]}"; do
  out=$(bazel build --nobuild "$target" 2>&1)
  if [ $? -eq 0 ]; then
    echo "layering: $target was ACCEPTED; the dependency direction is broken" >&2
    status=1
  elif ! grep -q "is not visible from target" <<<"$out"; then
    echo "layering: $target failed, but not with a visibility error:" >&2
    echo "$out" | tail -5 >&2
    status=1
  else
    echo "layering: $target refused (visibility)"
  fi
done
exit $status
