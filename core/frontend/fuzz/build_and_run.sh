#!/usr/bin/env bash
# Builds the lexer+parser fuzzer with clang++-22 (libFuzzer, AddressSanitizer,
# UndefinedBehaviorSanitizer) and runs it for a bounded time over a seed
# corpus made of the example kernels and the bad-program suite.
#
# Usage: build_and_run.sh [seconds]   (default 20)
# Environment: CXX (default clang++-22); FUZZ_WORKDIR (default: a temporary
# directory, or $TEST_TMPDIR under `bazel test`). Crash inputs are left in the
# work directory and the script exits non-zero.
set -euo pipefail

seconds="${1:-20}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
frontend="$(cd "$here/.." && pwd)"
root="$(cd "$frontend/../.." && pwd)"   # the workspace root, for #include paths
cxx="${CXX:-clang++-22}"
work="${FUZZ_WORKDIR:-${TEST_TMPDIR:-$(mktemp -d)}}"
mkdir -p "$work/corpus" "$work/artifacts"

if ! command -v "$cxx" >/dev/null 2>&1; then
  echo "error: $cxx not found; install clang-22 or set CXX" >&2
  exit 1
fi

# One compiler process, so the build never competes with other jobs for cores.
"$cxx" -std=c++17 -O1 -g -fno-omit-frame-pointer \
  -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -I "$root" \
  "$frontend"/AST.cpp "$frontend"/ASTPrinter.cpp "$frontend"/Diagnostics.cpp \
  "$frontend"/HostCode.cpp "$frontend"/Lexer.cpp "$frontend"/LexerSupport.cpp "$frontend"/Limits.cpp "$frontend"/ParseExpr.cpp \
  "$frontend"/Parser.cpp "$frontend"/SourceManager.cpp "$frontend"/Token.cpp \
  "$here"/FrontendFuzzer.cpp \
  -o "$work/frontend_fuzzer"

cp "$frontend"/test/kernels/*.py "$frontend"/test/bad/*.py "$work/corpus/"

"$work/frontend_fuzzer" "$work/corpus" \
  -dict="$here/python.dict" \
  -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
  -artifact_prefix="$work/artifacts/" -print_final_stats=1
echo "fuzz smoke run: no crash in ${seconds}s"
