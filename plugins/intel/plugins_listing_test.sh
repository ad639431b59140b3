#!/usr/bin/env bash
# `tessel plugins` on the Intel plugin, as a user reads it: the plugin, its
# targets, the emulated device named as an emulator, and why there is no
# Level Zero device. The emulated device needs PoCL and Debian's LLVM 15
# tools (scripts/setup.sh installs them); with TESSEL_INTEL_EMULATOR=0 the
# plugin lists no device and says why.
# usage: plugins_listing_test.sh TESSEL PLUGIN RUNTIME_ONLY_PLUGIN KERNEL_PY
set -euo pipefail
tessel="$1" plugin="$2" runtime_only="$3" kernel="$4"
fail() { echo "FAIL: $*" >&2; exit 1; }

out="$("$tessel" plugins --plugin "$plugin")"
echo "$out"
for want in "name:       intel" "intel:pvc" "intel:bmg" "intel:xe" "spirv-builtins" \
    "Intel GPU emulator (PoCL" "not an Intel GPU" "device_kind=emulator" \
    "level_zero=no Level Zero driver" "driver_version=PoCL "; do
  grep -qF -- "$want" <<<"$out" || fail "'tessel plugins' does not show '$want'"
done

off="$(TESSEL_INTEL_EMULATOR=0 "$tessel" plugins --plugin "$plugin")"
grep -qF "devices:    0 (no Level Zero driver" <<<"$off" ||
  fail "with the emulator off, no device and the Level Zero reason should show"
grep -qF "the emulated device is off (TESSEL_INTEL_EMULATOR=0)" <<<"$off" ||
  fail "with the emulator off, the reason should name TESSEL_INTEL_EMULATOR"

ro="$("$tessel" plugins --plugin "$runtime_only")"
grep -qF "halves:     runtime" <<<"$ro" || fail "the runtime-only build should have one half"
grep -qF "Intel GPU emulator (PoCL" <<<"$ro" || fail "the runtime-only build should list the emulator"
# A compile's info names the target's DPAS forms (none on xe).
info() {
  "$tessel" compile "$kernel::add_kernel" --signature "*fp32,*fp32,*fp32,i32" \
    -D BLOCK=1024 --target "intel:$1" --plugin "$plugin" --emit info
}
pvc="$(info pvc)"
for form in dpas.8x16x16 dpas.8x16x8.tf32 dpas.8x16x32.i8; do
  grep -qF "\"$form\"" <<<"$pvc" || fail "pvc's info should name $form: $pvc"
done
grep -qF '"matrix_instructions": []' <<<"$(info xe)" || fail "xe's info should name no DPAS form"
echo "ok: the Intel plugin, its targets, the emulated device and the Level Zero reason"
