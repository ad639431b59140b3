#!/usr/bin/env bash
# `tessel compile` through plugins with stages kept: --emit llvm/asm on the
# CPU plugin, ptx/cubin on the NVIDIA plugin (compile-only: no GPU needed),
# passes, a kind the plugin cannot emit, and --dump-ir / TESSEL_DUMP_IR.
# usage: compile_command_test.sh TESSEL CPU_PLUGIN NVIDIA_PLUGIN KERNEL_FILE
set -uo pipefail
tessel="$1" cpu="$2" nvidia="$3" kernel="$4"
work="$TEST_TMPDIR/compile"
rm -rf "$work" && mkdir -p "$work/plugins"
cp "$cpu" "$nvidia" "$work/plugins/"
export TESSEL_CACHE_DIR="$work/cache"
export TESSEL_PLUGIN_PATH="$work/plugins"
unset TESSEL_TARGET TESSEL_DUMP_IR
failures=0

fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# expect_ok NAME NEEDLE ARGS...: tessel must succeed and print NEEDLE.
expect_ok() {
  local name="$1" needle="$2"; shift 2
  local out
  if ! out="$(timeout 120 "$tessel" "$@" 2>&1)"; then fail "$name: exited with an error:"$'\n'"$out"; return; fi
  grep -qF -- "$needle" <<<"$out" || fail "$name: expected '$needle' in:"$'\n'"$(head -c 4000 <<<"$out")"
  echo "--- $name ok"
}

# expect_error NAME NEEDLE ARGS...: tessel must fail and say NEEDLE.
expect_error() {
  local name="$1" needle="$2"; shift 2
  local out
  if out="$(timeout 120 "$tessel" "$@" 2>&1)"; then fail "$name: succeeded, expected an error:"$'\n'"$out"; return; fi
  grep -qF -- "$needle" <<<"$out" || fail "$name: expected '$needle' in:"$'\n'"$out"
  echo "--- $name (error, as expected)"$'\n'"$out"
}

add=(compile "$kernel::add_kernel" --signature '*fp32,*fp32,*fp32,i32' -D BLOCK=256)

expect_ok "tile-ir without a target" "func.func @add_kernel" "${add[@]}"
expect_ok "llvm" "define" "${add[@]}" --target cpu:x86-64 --emit llvm
expect_ok "asm" "add_kernel:" "${add[@]}" --target cpu:x86-64 --emit asm
expect_ok "ptx" ".target sm_90a" "${add[@]}" --target nvidia:sm_90a --emit ptx
expect_ok "passes" "// -----// IR Dump After " "${add[@]}" --target cpu:x86-64 --emit passes
expect_ok "passes, nvidia" "// -----// IR Dump After " "${add[@]}" --target nvidia:sm_90a --emit passes

# A device or a pipe at -o is written to, not replaced by a renamed file.
mkfifo "$work/pipe"
timeout 120 cat "$work/pipe" > "$work/piped.txt" &
reader=$!
expect_ok "-o a pipe" "" "${add[@]}" -o "$work/pipe"
wait "$reader" || fail "-o a pipe: nothing came through it"
[ -p "$work/pipe" ] || fail "-o a pipe: the pipe was replaced"
grep -qF "func.func @add_kernel" "$work/piped.txt" || fail "-o a pipe: the IR did not come through"
expect_ok "-o /dev/null" "" "${add[@]}" --target cpu:x86-64 --emit llvm -o /dev/null
[ -c /dev/null ] || fail "-o /dev/null: /dev/null is no longer a device"

# The artifact: binary, so only to a file.
expect_error "cubin to standard output" "--emit cubin needs -o FILE" \
  "${add[@]}" --target nvidia:sm_90a --emit cubin
expect_ok "cubin" "" "${add[@]}" --target nvidia:sm_90a --emit cubin -o "$work/add.cubin"
[ "$(head -c 4 "$work/add.cubin" | od -An -c | tr -d ' ')" = "177ELF" ] ||
  fail "cubin: $work/add.cubin is not an ELF file"
expect_ok "elf-so" "" "${add[@]}" --target cpu:x86-64 --emit elf-so -o "$work/add.so"
[ "$(head -c 4 "$work/add.so" | od -An -c | tr -d ' ')" = "177ELF" ] ||
  fail "elf-so: $work/add.so is not an ELF file"

# A second compile is not served without stages by the cache entry of the first.
expect_ok "llvm after a cached compile" "define" "${add[@]}" --target cpu:x86-64 --emit llvm

# What a plugin cannot emit, and kinds that need a target.
expect_error "ptx from the cpu plugin" \
  "plugin 'cpu' cannot emit 'ptx'; it can emit: tile-ir, bytecode, llvm, asm, passes, elf-so" \
  "${add[@]}" --target cpu:x86-64 --emit ptx
expect_error "asm from the nvidia plugin" "plugin 'nvidia' cannot emit 'asm'; it can emit: " \
  "${add[@]}" --target nvidia:sm_90a --emit asm
expect_error "llvm without a target" "--emit llvm compiles through a plugin and needs --target" \
  "${add[@]}" --emit llvm

# --dump-ir: every stage of the compile, frontend and plugin.
expect_ok "dump-ir" "" "${add[@]}" --target nvidia:sm_90a --emit ptx -o "$work/add.ptx" \
  --dump-ir "$work/dump"
for f in add_kernel.tile-ir.mlir add_kernel.frontend.passes.mlir add_kernel.ll \
  add_kernel.ptx add_kernel.passes.mlir add_kernel.cubin; do
  [ -s "$work/dump/$f" ] || fail "dump-ir: $f missing or empty; have: $(ls "$work/dump" 2>&1)"
done
grep -qF ".target sm_90a" "$work/dump/add_kernel.ptx" || fail "dump-ir: add_kernel.ptx is no PTX"
cmp -s "$work/dump/add_kernel.ptx" "$work/add.ptx" || fail "dump-ir: the dumped PTX is not what -o got"
grep -qF "// -----// IR Dump After canonicalize" "$work/dump/add_kernel.frontend.passes.mlir" ||
  fail "dump-ir: no canonicalize dump in the frontend passes"
grep -qF "define" "$work/dump/add_kernel.ll" || fail "dump-ir: add_kernel.ll is no LLVM IR"

# TESSEL_DUMP_IR does the same; the flag wins over it.
TESSEL_DUMP_IR="$work/env" expect_ok "TESSEL_DUMP_IR" "define" "${add[@]}" --target cpu:x86-64 --emit llvm
for f in add_kernel.tile-ir.mlir add_kernel.frontend.passes.mlir add_kernel.ll add_kernel.s \
  add_kernel.passes.mlir add_kernel.so; do
  [ -s "$work/env/$f" ] || fail "TESSEL_DUMP_IR: $f missing or empty; have: $(ls "$work/env" 2>&1)"
done
TESSEL_DUMP_IR="$work/env2" expect_ok "--dump-ir over TESSEL_DUMP_IR" "define" "${add[@]}" \
  --target cpu:x86-64 --emit llvm --dump-ir "$work/flag"
[ -e "$work/env2" ] && fail "--dump-ir over TESSEL_DUMP_IR: the variable's directory was written"
[ -s "$work/flag/add_kernel.ll" ] || fail "--dump-ir over TESSEL_DUMP_IR: the flag's directory is empty"
# Without a target only the frontend's files.
expect_ok "dump-ir without a target" "func.func @add_kernel" "${add[@]}" --dump-ir "$work/front"
[ -s "$work/front/add_kernel.tile-ir.mlir" ] && [ -s "$work/front/add_kernel.frontend.passes.mlir" ] ||
  fail "dump-ir without a target: have $(ls "$work/front" 2>&1)"

expect_ok "help" "--dump-ir DIR" compile --help

if [ "$failures" -ne 0 ]; then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo PASS
