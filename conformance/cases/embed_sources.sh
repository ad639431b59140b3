#!/usr/bin/env bash
# Writes a C++ initializer list of {"<folder>/<file>", R"(<text>)"} for each
# kernel file given, so the suite carries its kernel sources in the binary
# (a vendor runs one self-contained tool, not a checkout).
set -euo pipefail
for f in "$@"; do
  name="$(basename "$(dirname "$f")")/$(basename "$f")"
  if grep -q ')tslsrc' "$f"; then
    echo "embed_sources.sh: $f contains the raw-string delimiter" >&2
    exit 1
  fi
  printf '{"%s", R"tslsrc(' "$name"
  cat "$f"
  printf ')tslsrc"},\n'
done
