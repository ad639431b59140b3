#!/usr/bin/env bash
# Replays every reproducer of findings/ through the plugin-ABI fuzzer, with
# the malformations of open findings generated as when they were found. The
# fuzzer exits non-zero when the host crashes, a sanitizer reports, or a
# failure is not a clean error naming the plugin.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
args=()
for f in "$here"/findings/*.hex; do
  args+=(--replay "$f")
done
if [ "${#args[@]}" -eq 0 ]; then
  echo "replay_abi_findings.sh: no findings in $here/findings" >&2
  exit 1
fi
exec "$here/abi_fuzzer" --plugin "$here/libabi_fuzz_plugin.so" --include-open \
  "${args[@]}"
