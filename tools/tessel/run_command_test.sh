#!/usr/bin/env bash
# `tessel run` end to end on the CPU plugin: vector add on .npy inputs made by
# npy_tool, the compile cache across processes (miss, hit, a corrupted entry
# survived), the error messages for bad arguments and targets, and files that
# are not what they claim (directories, devices, FIFOs, huge sparse files,
# planted symbolic links) as inputs, outputs and cache entries.
# usage: run_command_test.sh TESSEL NPY_TOOL PLUGIN KERNEL_FILE
set -uo pipefail
tessel="$1" npy="$2" plugin="$3" kernel="$4"
work="$TEST_TMPDIR/run"
rm -rf "$work" && mkdir -p "$work"
export TESSEL_CACHE_DIR="$work/cache"
export TESSEL_PLUGIN_PATH="$(cd "$(dirname "$plugin")" && pwd)"
unset TESSEL_TARGET
failures=0
# A reader that regressed to reading /dev/zero or a huge sparse input whole
# must fail here, not take the machine's memory (ASan reserves its shadow
# memory up front and cannot run under such a limit).
grep -q __asan_init "$tessel" || ulimit -v 8388608

fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# expect_ok NAME NEEDLE ARGS...: runs tessel, which must succeed and print NEEDLE.
expect_ok() {
  local name="$1" needle="$2"; shift 2
  local out
  if ! out="$(timeout 120 "$tessel" "$@" 2>&1)"; then fail "$name: exited with an error:"$'\n'"$out"; return; fi
  grep -qF -- "$needle" <<<"$out" || fail "$name: expected '$needle' in:"$'\n'"$out"
  echo "--- $name"$'\n'"$out"
}

# expect_error NAME NEEDLE ARGS...: runs tessel, which must fail and say NEEDLE.
expect_error() {
  local name="$1" needle="$2"; shift 2
  local out
  if out="$(timeout 120 "$tessel" "$@" 2>&1)"; then fail "$name: succeeded, expected an error:"$'\n'"$out"; return; fi
  grep -qF -- "$needle" <<<"$out" || fail "$name: expected '$needle' in:"$'\n'"$out"
  echo "--- $name (error, as expected)"$'\n'"$out"
}

n=5000
"$npy" random "$work/x.npy" float32 $n 1
"$npy" random "$work/y.npy" float32 $n 2
"$npy" fill "$work/out.npy" float32 $n 0
"$npy" random "$work/x64.npy" float64 $n 3
add=("run" "$kernel::add_kernel" --signature '*fp32,*fp32,*fp32,i32' -D BLOCK=256 --grid 20)
inputs=(--arg "x_ptr=$work/x.npy" --arg "y_ptr=$work/y.npy" --arg "out_ptr=$work/out.npy")

# Two processes in a row: the first compiles, the second hits the cache.
expect_ok "first run" "compile: cache miss" "${add[@]}" "${inputs[@]}" --arg n=$n \
  --out "out_ptr=$work/r1.npy"
"$npy" check-add "$work/x.npy" "$work/y.npy" "$work/r1.npy" || fail "first run: wrong result"
expect_ok "second run" "compile: cache hit" "${add[@]}" "${inputs[@]}" --arg n=$n \
  --out "out_ptr=$work/r2.npy" --time 3
"$npy" check-add "$work/x.npy" "$work/y.npy" "$work/r2.npy" || fail "second run: wrong result"
expect_ok "what ran where" "ran add_kernel from $kernel on cpu:" "${add[@]}" "${inputs[@]}" --arg n=$n

# A corrupted entry is a miss: recompiled, reported, rewritten.
entries=("$TESSEL_CACHE_DIR"/kernels/v1/*/*.tkc)
[ ${#entries[@]} -eq 1 ] || fail "expected one cache entry, found ${#entries[@]}"
printf 'garbage' | dd of="${entries[0]}" bs=1 seek=100 conv=notrunc 2>/dev/null
expect_ok "corrupted entry" "compile: cache miss" "${add[@]}" "${inputs[@]}" --arg n=$n \
  --out "out_ptr=$work/r3.npy"
"$npy" check-add "$work/x.npy" "$work/y.npy" "$work/r3.npy" || fail "after corruption: wrong result"
expect_ok "rewritten entry" "compile: cache hit" "${add[@]}" "${inputs[@]}" --arg n=$n

# Argument errors, all reported before anything is compiled.
expect_error "missing argument" "missing argument 'n' (i32): give it with --arg n=VALUE" \
  "${add[@]}" "${inputs[@]}"
expect_error "unknown argument" \
  "unknown argument 'm': kernel 'add_kernel' takes x_ptr (*fp32), y_ptr (*fp32), out_ptr (*fp32), n (i32)" \
  "${add[@]}" "${inputs[@]}" --arg n=$n --arg m=1
expect_error "dtype mismatch" "argument 'x_ptr' is *fp32 but $work/x64.npy holds float64" \
  "${add[@]}" --arg "x_ptr=$work/x64.npy" --arg "y_ptr=$work/y.npy" \
  --arg "out_ptr=$work/out.npy" --arg n=$n
expect_error "scalar does not fit" \
  "argument 'n': 2147483648 does not fit in i32 (-2147483648 to 2147483647)" \
  "${add[@]}" "${inputs[@]}" --arg n=2147483648
expect_error "scalar is not a number" "argument 'n': '12abc' is not an integer" \
  "${add[@]}" "${inputs[@]}" --arg n=12abc
expect_error "buffer given a scalar" "argument 'x_ptr' is *fp32 and needs a .npy file, got '3'" \
  "${add[@]}" --arg x_ptr=3 --arg "y_ptr=$work/y.npy" --arg "out_ptr=$work/out.npy" --arg n=$n
expect_error "--out of a scalar" "--out n: 'n' is a scalar (i32)" \
  "${add[@]}" "${inputs[@]}" --arg n=$n --out "n=$work/n.npy"
head -c 150 "$work/x.npy" > "$work/short.npy"
expect_error "truncated .npy" "$work/short.npy: truncated: shape (5000,) of float32 needs 20000 bytes of data, the file has 22" \
  "${add[@]}" --arg "x_ptr=$work/short.npy" --arg "y_ptr=$work/y.npy" \
  --arg "out_ptr=$work/out.npy" --arg n=$n
expect_error "missing .npy" "$work/absent.npy: cannot open" \
  "${add[@]}" --arg "x_ptr=$work/absent.npy" --arg "y_ptr=$work/y.npy" \
  --arg "out_ptr=$work/out.npy" --arg n=$n
expect_error "frontend diagnostics" "constexpr parameter 'BLOCK' needs a value" \
  run "$kernel::add_kernel" --signature '*fp32,*fp32,*fp32,i32' --grid 1 "${inputs[@]}" --arg n=1
expect_error "usage" "--grid X[,Y,Z] is required" run "$kernel::add_kernel"

# Target selection errors list what is available.
TESSEL_TARGET=nope:x expect_error "TESSEL_TARGET names no plugin" \
  "no plugin 'nope' for target 'nope:x' (from TESSEL_TARGET); available: cpu (" \
  "${add[@]}" "${inputs[@]}" --arg n=$n
expect_error "absent plugin" "no plugin 'amd' for target 'amd:gfx942'" \
  "${add[@]}" "${inputs[@]}" --arg n=$n --target amd:gfx942
expect_error "absent plugin lists cpu" "cpu (cpu:x86-64" \
  "${add[@]}" "${inputs[@]}" --arg n=$n --target amd:gfx942

# Inputs that are not regular .npy files: clean errors naming the file, never
# an allocation of the whole device, a hang on a FIFO or an abort.
# expect_input_error NAME NEEDLE FILE: vector add with x_ptr=FILE must fail.
expect_input_error() {
  expect_error "$1" "$2" "${add[@]}" --arg "x_ptr=$3" --arg "y_ptr=$work/y.npy" \
    --arg "out_ptr=$work/out.npy" --arg n=$n
}
mkdir -p "$work/dir.npy"
expect_input_error "directory as input" "$work/dir.npy: cannot read: is a directory" "$work/dir.npy"
ln -s /dev/zero "$work/zero.npy"
expect_input_error "/dev/zero as input" "$work/zero.npy: cannot read: not a regular file (a character device)" \
  "$work/zero.npy"
mkfifo "$work/fifo.npy"
expect_input_error "FIFO as input" "$work/fifo.npy: cannot read: not a regular file (a FIFO)" \
  "$work/fifo.npy"
"$npy" fill "$work/huge.npy" float32 $n 0
truncate -s 64G "$work/huge.npy"
expect_input_error "huge sparse input with a valid header" \
  "$work/huge.npy: 68719456608 trailing bytes after the data of shape (5000,)" "$work/huge.npy"
truncate -s 64G "$work/sparse.npy"
expect_input_error "huge sparse input of zeros" "$work/sparse.npy: not a .npy file" "$work/sparse.npy"
rm -f "$work/huge.npy" "$work/sparse.npy"

# The kernel source file is checked the same way.
mkdir -p "$work/dir.py"
expect_error "directory as the kernel file" "$work/dir.py: cannot read: is a directory" \
  run "$work/dir.py::add_kernel" --signature '*fp32,*fp32,*fp32,i32' -D BLOCK=256 --grid 1 \
  "${inputs[@]}" --arg n=1
ln -s /dev/zero "$work/zero.py"
expect_error "/dev/zero as the kernel file" "$work/zero.py: cannot read: not a regular file (a character device)" \
  run "$work/zero.py::add_kernel" --signature '*fp32,*fp32,*fp32,i32' -D BLOCK=256 --grid 1 \
  "${inputs[@]}" --arg n=1
expect_error "compile: directory as the kernel file" "$work/dir.py: cannot read: is a directory" \
  compile "$work/dir.py::add_kernel" --signature '*fp32,*fp32,*fp32,i32' -D BLOCK=256

# A symbolic link planted where the old writer put its temporary file
# (<out>.tmp.<pid>; the subshell's pid is the one tessel runs as) must not
# redirect the write: the victim keeps its contents, the output is a regular
# file with the result.
printf 'victim\n' > "$work/victim.txt"
(ln -s "$work/victim.txt" "$work/planted.npy.tmp.$BASHPID"
 exec "$tessel" "${add[@]}" "${inputs[@]}" --arg n=$n --out "out_ptr=$work/planted.npy") \
  > "$work/planted.log" 2>&1 || fail "planted temporary link: tessel failed: $(cat "$work/planted.log")"
[ "$(cat "$work/victim.txt")" = victim ] || fail "planted temporary link: the victim file was overwritten"
[ -L "$work/planted.npy" ] && fail "planted temporary link: the output is a symbolic link"
"$npy" check-add "$work/x.npy" "$work/y.npy" "$work/planted.npy" || fail "planted temporary link: wrong result"
# A symbolic link at the destination itself is replaced, not written through.
ln -s "$work/victim.txt" "$work/linked.npy"
expect_ok "symbolic link as --out" "wrote $work/linked.npy" "${add[@]}" "${inputs[@]}" --arg n=$n \
  --out "out_ptr=$work/linked.npy"
[ "$(cat "$work/victim.txt")" = victim ] || fail "symbolic link as --out: the victim file was overwritten"
[ -L "$work/linked.npy" ] && fail "symbolic link as --out: the output is still a symbolic link"
"$npy" check-add "$work/x.npy" "$work/y.npy" "$work/linked.npy" || fail "symbolic link as --out: wrong result"
# A named pipe as --out (a reader waiting on it) is written in place: a file
# renamed over it would replace the pipe, and the reader would wait forever.
mkfifo "$work/out_fifo.npy"
timeout 120 cat "$work/out_fifo.npy" > "$work/from_fifo.npy" &
reader=$!
expect_ok "--out a named pipe" "wrote $work/out_fifo.npy" "${add[@]}" "${inputs[@]}" \
  --arg n=$n --out "out_ptr=$work/out_fifo.npy"
wait "$reader" || fail "--out a named pipe: the reader failed"
[ -p "$work/out_fifo.npy" ] || fail "--out a named pipe: it is no longer a pipe"
"$npy" check-add "$work/x.npy" "$work/y.npy" "$work/from_fifo.npy" || fail "--out a named pipe: wrong result"

# tessel compile -o uses the same writer: a link at OUT is replaced.
ln -s "$work/victim.txt" "$work/linked.mlir"
expect_ok "symbolic link as compile -o" "" compile "$kernel::add_kernel" \
  --signature '*fp32,*fp32,*fp32,i32' -D BLOCK=256 -o "$work/linked.mlir"
[ "$(cat "$work/victim.txt")" = victim ] || fail "symbolic link as compile -o: the victim file was overwritten"
[ -L "$work/linked.mlir" ] && fail "symbolic link as compile -o: the output is still a symbolic link"
grep -q "func" "$work/linked.mlir" || fail "symbolic link as compile -o: no tile IR written"

# Outputs: duplicates are refused before the launch, and a failing --out
# leaves every destination as it was.
expect_error "one file for two --out" \
  "--out y_ptr: $work/./dup.npy is the same file as --out out_ptr ($work/dup.npy)" \
  "${add[@]}" "${inputs[@]}" --arg n=$n --out "out_ptr=$work/dup.npy" --out "y_ptr=$work/./dup.npy"
[ -e "$work/dup.npy" ] && fail "one file for two --out: a file was written"
ln "$work/r1.npy" "$work/hardlink.npy"
expect_error "one inode for two --out" \
  "--out y_ptr: $work/hardlink.npy is the same file as --out out_ptr ($work/r1.npy)" \
  "${add[@]}" "${inputs[@]}" --arg n=$n --out "out_ptr=$work/r1.npy" --out "y_ptr=$work/hardlink.npy"
"$npy" fill "$work/keep.npy" float32 $n 7
cp "$work/keep.npy" "$work/keep.orig"
expect_error "a failing --out writes nothing" "--out x_ptr: cannot write $work/absent/x.npy: " \
  "${add[@]}" "${inputs[@]}" --arg n=$n --out "out_ptr=$work/keep.npy" --out "x_ptr=$work/absent/x.npy"
cmp -s "$work/keep.npy" "$work/keep.orig" || fail "a failing --out writes nothing: keep.npy changed"
expect_error "a directory as --out" "--out out_ptr: cannot write $work/dir.npy: is a directory" \
  "${add[@]}" "${inputs[@]}" --arg n=$n --out "x_ptr=$work/keep.npy" --out "out_ptr=$work/dir.npy"
cmp -s "$work/keep.npy" "$work/keep.orig" || fail "a directory as --out: keep.npy changed"

# Cache entries that are not regular files are corrupt entries: replaced, and
# a FIFO does not hang the run.
entry="$(ls "$TESSEL_CACHE_DIR"/kernels/v1/*/*.tkc)"
rm -f "$entry" && mkfifo "$entry"
expect_ok "FIFO as a cache entry" "compile: cache miss" "${add[@]}" "${inputs[@]}" --arg n=$n
[ -f "$entry" ] && [ ! -p "$entry" ] || fail "FIFO as a cache entry: not replaced by a file"
expect_ok "FIFO entry replaced" "compile: cache hit" "${add[@]}" "${inputs[@]}" --arg n=$n

# Timeouts in seconds are range-checked, not wrapped (4294968 s was 704 ms).
expect_error "conform --timeout out of range" "--timeout: '4294968'" \
  conform --target cpu --timeout 4294968 --list
expect_error "conform --timeout not a number" "--timeout: '10s'" \
  conform --target cpu --timeout 10s --list

# The kernel file's size limit is the frontend's (docs/limits.md), with its
# override.
TESSEL_LIMIT_SOURCE_BYTES=100 expect_error "source over the limit" "more than the limit of 100" \
  "${add[@]}" "${inputs[@]}" --arg n=$n

if [ $failures -ne 0 ]; then
  echo "$failures check(s) failed" >&2
  exit 1
fi
echo "all checks passed"
