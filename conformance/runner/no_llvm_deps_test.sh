#!/usr/bin/env bash
# The run side of the split mode (tessel-conform-run and a runtime-only
# plugin) runs on machines without LLVM/MLIR: none of the files given may
# depend on them, directly (NEEDED), through what the loader resolves (ldd),
# or through undefined symbols.
set -euo pipefail
status=0
for f in "$@"; do
  needed=$(readelf -d "$f" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
  echo "$f: NEEDED: $needed"
  if echo "$needed" | grep -qiE 'llvm|mlir'; then
    echo "FAIL: $f needs LLVM/MLIR directly" >&2
    status=1
  fi
  if ldd "$f" 2>/dev/null | grep -iE 'libllvm|libmlir'; then
    echo "FAIL: $f loads LLVM/MLIR through its dependencies" >&2
    status=1
  fi
  if nm -D --undefined-only "$f" | grep -qiE 'mlir|llvm'; then
    echo "FAIL: $f has undefined LLVM/MLIR symbols" >&2
    status=1
  fi
done
[ "$status" = 0 ] && echo "ok: no LLVM/MLIR dependency in $#"' file(s)'
exit "$status"
