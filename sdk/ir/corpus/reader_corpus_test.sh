#!/usr/bin/env bash
# reader_corpus_test.sh READER DIR: the kit's reader checks every corpus file
# this MLIR can read, and must have read one of each released dialect version.
set -euo pipefail
reader="$1" dir="$2"
out="$("$reader" --expect-corpus "$dir")"
echo "$out"
for v in 1_0 1_1 1_2; do
  grep -q "/tile_${v}\.f4\.mlirbc: ok" <<<"$out" || {
    echo "no format-4 file of dialect version ${v/_/.} was read" >&2
    exit 1
  }
done
