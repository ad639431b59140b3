#!/usr/bin/env bash
# cross_mlir_test.sh DUMP_CASE_IR TESSEL SDK_DIR: the tile IR kit, as a
# vendor builds it, reads the IR Tessel's host writes.
#
#  1. copies the kit and the ABI headers (SDK_DIR/ir, SDK_DIR/include) alone
#     to a scratch directory and builds the kit there with CMake against
#     MLIR 22 (the installed one) and against MLIR 19 (the private prefix of
#     scripts/setup_mlir19.sh, or $TESSEL_MLIR19_PREFIX);
#  2. writes the tile IR bytecode of every conformance case with the host
#     (DUMP_CASE_IR, built by Bazel on MLIR 22);
#  3. each build's tile-ir-read must read and verify every file, and the
#     corpus check must pass on each;
#  4. both builds must have read the same modules: the same ops with the same
#     result types, in the same order, file by file;
#  5. the example plugin of each build, loaded by the host (TESSEL, on MLIR
#     22), compiles every case of the suite through the ABI (`tessel conform
#     --compile-only`): 0 fail, 0 error, every runnable case validated.
set -euo pipefail
dump="$(realpath "$1")"
tessel="$(realpath "$2")"
sdk="$(realpath "$3")"
scratch="${TEST_TMPDIR:-$(mktemp -d)}/cross_mlir"
rm -rf "$scratch"
mkdir -p "$scratch"
prefix19="${TESSEL_MLIR19_PREFIX:-/opt/tessel/mlir-19}"
declare -A mlir_dir=(
  [22]=/usr/lib/llvm-22/lib/cmake/mlir
  [19]="$prefix19/usr/lib/llvm-19/lib/cmake/mlir"
)
if [ ! -f "${mlir_dir[19]}/MLIRConfig.cmake" ]; then
  echo "no MLIR 19 at $prefix19: run scripts/setup_mlir19.sh" >&2
  exit 1
fi

# The kit alone: nothing of the rest of the tree is reachable from the copy.
mkdir -p "$scratch/sdk"
cp -rL "$sdk/ir" "$sdk/include" "$scratch/sdk/"
rm -f "$scratch/sdk/ir/BUILD.bazel" "$scratch/sdk/ir/corpus/BUILD.bazel"

for v in 22 19; do
  echo "== build the kit on MLIR $v"
  start=$(date +%s)
  cmake -S "$scratch/sdk/ir" -B "$scratch/build$v" -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR="${mlir_dir[$v]}" > "$scratch/cmake$v.log" 2>&1 ||
    { cat "$scratch/cmake$v.log"; exit 1; }
  cmake --build "$scratch/build$v" -j "$(nproc)" > "$scratch/build$v.log" 2>&1 ||
    { tail -50 "$scratch/build$v.log"; exit 1; }
  grep "tile IR kit: MLIR" "$scratch/cmake$v.log"
  echo "built in $(( $(date +%s) - start )) s"
  (cd "$scratch/build$v" && ctest --output-on-failure) || exit 1
done

echo "== the host writes every case's tile IR"
mkdir -p "$scratch/ir-of-cases"
"$dump" "$scratch/ir-of-cases"
cases=$(ls "$scratch/ir-of-cases" | wc -l)

# Upstream ops newer than MLIR 19 that the suite's kernels use; the cases
# that use them are listed in the example plugin's skip file for MLIR 19.
newer_than_19="math.erfc"
skips19="$scratch/sdk/ir/examples/reader_plugin/mlir19_skips.txt"

for v in 22 19; do
  echo "== MLIR $v reads them"
  reader="$scratch/build$v/tile-ir-read"
  "$reader" --summary "$scratch/ir-of-cases" > "$scratch/read$v.txt" || true
  tail -1 "$scratch/read$v.txt"
done

echo "== both read the same modules"
# Per file: MLIR 22 reads every one; MLIR 19 every one but those using an op
# it does not have, which must fail for exactly that reason; every file both
# read has the same ops with the same result types, in the same order.
/usr/bin/python3 - "$scratch/read22.txt" "$scratch/read19.txt" "$cases" \
  "$newer_than_19" <<'PY'
import re, sys
def blocks(path):
    out, cur = {}, None
    for line in open(path):
        m = re.match(r"^(\S.*\.mlirbc): (ok|FAIL)", line)
        if m:
            cur = m.group(1).rsplit("/", 1)[1]
            out[cur] = [m.group(2)]
        elif cur is not None and not re.match(r"^\d+ of \d+ read", line):
            out[cur].append(line.rstrip("\n"))
    return out
r22, r19 = blocks(sys.argv[1]), blocks(sys.argv[2])
cases, newer = int(sys.argv[3]), sys.argv[4].split()
assert len(r22) == cases and len(r19) == cases, (len(r22), len(r19), cases)
bad22 = [f for f, b in r22.items() if b[0] != "ok"]
assert not bad22, ("MLIR 22 failed to read", bad22[:5])
uses_newer = {f for f, b in r22.items()
              if any(l.split()[0] in newer for l in b[1:] if l.startswith("  "))}
failed19 = {f for f, b in r19.items() if b[0] != "ok"}
for f in failed19:
    reason = "\n".join(r19[f])
    assert any(f"unregistered operation '{op}'" in reason for op in newer), (f, reason)
assert failed19 == uses_newer, ("MLIR 19 failures differ from the files using "
                                + " ".join(newer), sorted(failed19 ^ uses_newer))
ops = 0
for f in sorted(set(r22) - failed19):
    assert r22[f][1:] == r19[f][1:], ("different modules read", f)
    ops += len(r22[f]) - 1
print(f"{cases} files: MLIR 22 read all; MLIR 19 read {cases - len(failed19)}, "
      f"the other {len(failed19)} use {' '.join(newer)} (newer than MLIR 19): "
      + ", ".join(sorted(failed19)))
print(f"{ops} ops in the {cases - len(failed19)} files both read: identical")
PY

for v in 22 19; do
  echo "== the example plugin on MLIR $v compiles the suite through the ABI"
  plugin="$scratch/build$v/plugins/libtessel_tilereader.so"
  printf '# nothing skipped\n' > "$scratch/no_skips.txt"
  skip=(--skip-file "$scratch/no_skips.txt")
  [ "$v" = 19 ] && skip=(--skip-file "$skips19")
  "$tessel" conform --target tilereader:text --plugin "$plugin" --compile-only \
    --no-cache "${skip[@]}" --report-json "$scratch/conform$v.json" \
    > "$scratch/conform$v.log" 2>&1 || { tail -40 "$scratch/conform$v.log"; exit 1; }
  sed -n '1,3p;/result/,/total/p' "$scratch/conform$v.log"
  skipped=0
  [ "$v" = 19 ] && skipped=$(grep -c "\(^\|__\)erfc__" <(ls "$scratch/ir-of-cases"))
  /usr/bin/python3 - "$scratch/conform$v.json" "$cases" "$skipped" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
counts, cases, skipped = report["counts"], int(sys.argv[2]), int(sys.argv[3])
assert counts["fail"] == 0 and counts["error"] == 0, counts
assert counts["validated"] == cases - skipped, (counts, cases, skipped)
assert counts["skipped"] == skipped, (counts, skipped)
PY
done
echo "the plugin validated all $cases runnable cases on MLIR 22, all but the erfc ones on MLIR 19"
