#!/bin/bash
# The plain-C example plugin: `make` in a copy of sdk/ that holds only
# include/ and examples/ builds it; it exports only tessel_plugin_get_api;
# `tessel plugins` lists its runtime half with no device and the plugin's
# reason (ABI 1.3, Tessel_Device_Absence); `tessel conform` refuses it at
# set-up (it has no compiler half), with a report that says so.
# usage: null_plugin_test.sh TESSEL
set -euo pipefail
tessel="$PWD/$1"
tmp="${TEST_TMPDIR:-$(mktemp -d)}"
sdk="$tmp/sdk_copy"
mkdir -p "$sdk/include/tessel" "$sdk/examples"
cp -L sdk/include/tessel/* "$sdk/include/tessel/"
cp -L sdk/examples/Makefile sdk/examples/null_plugin.c "$sdk/examples/"
make -C "$sdk/examples" BUILD_DIR="$tmp/build"
plugin="$tmp/build/libtessel_null.so"

exported="$(nm -D --defined-only "$plugin" | awk '$2 == "T" { print $3 }')"
[[ "$exported" == "tessel_plugin_get_api" ]] ||
  { echo "FAIL: exports $exported"; exit 1; }

listing="$(env -u TESSEL_PLUGIN_PATH "$tessel" plugins --no-default-dir --plugin "$plugin")"
echo "$listing"
why="the null plugin drives no hardware: it shows the C ABI (sdk/examples)"
for expected in "name:       null" "halves:     runtime" "devices:    0 ($why)"; do
  grep -qF -- "$expected" <<<"$listing" || { echo "FAIL: lacks: $expected"; exit 1; }
done

status=0
"$tessel" conform --target null:any --plugin "$plugin" --filter 'memory/*' \
  > "$tmp/conform.txt" 2>&1 || status=$?
cat "$tmp/conform.txt"
[ "$status" = 2 ] || { echo "FAIL: conform exited $status, expected 2 (set-up)"; exit 1; }
grep -qF "has no compiler half" "$tmp/conform.txt" ||
  { echo "FAIL: conform does not say why it cannot run"; exit 1; }
grep -qF "NOT CONFORMANT" "$tmp/conform.txt" || { echo "FAIL: no verdict"; exit 1; }
echo PASS
