#!/bin/bash
# Builds the template plugin the way a vendor would: `make` in a copy of
# sdk/ that holds nothing but include/ and template/, into a build directory
# outside the source tree. Then checks the result through the host:
#   - it exports exactly one symbol, tessel_plugin_get_api;
#   - `tessel plugins` lists it with its name, ABI and halves;
#   - every compiler and runtime entry answers UNIMPLEMENTED, through the
#     host and through `make check` (a test built from sdk/include alone).
#   - the README's walkthrough on a renamed copy: the plugin builds, is
#     listed, its compile-only report is the one the README shows, and the
#     example kernel (sdk/examples/vector_add.py) compiles from the copy.
# Usage (from Bazel): make_build_test.sh <tessel> <unimplemented_probe>
set -euo pipefail

tessel="$PWD/$1"
probe="$PWD/$2"
tmp="${TEST_TMPDIR:-$(mktemp -d)}"

# A vendor's copy of the SDK: real files, no links back into the tree.
sdk="$tmp/sdk_copy"
mkdir -p "$sdk/include/tessel" "$sdk/template"
cp -L sdk/include/tessel/* "$sdk/include/tessel/"
cp -L sdk/template/Makefile sdk/template/*.cpp sdk/template/*.h "$sdk/template/"

build="$tmp/out_of_tree_build"
make -j1 -C "$sdk/template" BUILD_DIR="$build"
plugin="$build/libtessel_skeleton.so"
test -f "$plugin" || { echo "FAIL: $plugin was not built"; exit 1; }

exported="$(nm -D --defined-only "$plugin" | awk '$2 == "T" { print $3 }')"
if [[ "$exported" != "tessel_plugin_get_api" ]]; then
  echo "FAIL: expected only tessel_plugin_get_api to be exported, got:"
  echo "$exported"
  exit 1
fi

# The template and the host are built from the same header: both at its ABI.
abi="$(awk '/^#define TESSEL_PLUGIN_ABI_MAJOR/ { major = $3 }
  /^#define TESSEL_PLUGIN_ABI_MINOR/ { minor = $3 }
  END { print major "." minor }' sdk/include/tessel/plugin_api.h)"
[[ "$abi" =~ ^[0-9]+\.[0-9]+$ ]] || { echo "FAIL: no ABI version in plugin_api.h"; exit 1; }

listing="$(env -u TESSEL_PLUGIN_PATH "$tessel" plugins --no-default-dir \
  --plugin "$plugin")"
echo "$listing"
for expected in \
    "$plugin  (explicit)" \
    "name:       skeleton" \
    "abi:        $abi (host $abi)" \
    "halves:     compiler, runtime" \
    "targets:    unavailable: UNIMPLEMENTED: plugin '$plugin': compiler_get_info: skeleton: compiler_get_info is not implemented" \
    "devices:    unavailable: UNIMPLEMENTED: plugin '$plugin': device_enumerate: skeleton: device_enumerate is not implemented"; do
  if ! grep -qF -- "$expected" <<<"$listing"; then
    echo "FAIL: 'tessel plugins' output lacks: $expected"
    exit 1
  fi
done

# TESSEL_PLUGIN_PATH finds it too (directory entry).
listing="$(TESSEL_PLUGIN_PATH="$build" "$tessel" plugins --no-default-dir)"
grep -qF "$plugin  (TESSEL_PLUGIN_PATH)" <<<"$listing" ||
  { echo "FAIL: not found through TESSEL_PLUGIN_PATH"; echo "$listing"; exit 1; }

"$probe" "$plugin"
make -j1 -C "$sdk/template" BUILD_DIR="$build" check

# The README's walkthrough, step 1: copy, rename, and nothing of the old
# name is left; the renamed plugin builds, passes its check, is listed.
acme="$tmp/acme/sdk"
mkdir -p "$acme/include/tessel" "$acme/template"
cp -L sdk/include/tessel/* "$acme/include/tessel/"
cp -L sdk/template/* "$acme/template/"
(
  cd "$acme/template"
  rm -f BUILD.bazel make_build_test.sh
  for f in Skeleton*; do mv "$f" "${f/Skeleton/Acme}"; done
  sed -i 's/skeleton/acme/g; s/Skeleton/Acme/g; s/SKELETON/ACME/g' *
  if grep -rni skeleton .; then echo "FAIL: the old name is left after renaming"; exit 1; fi
)
make -j1 -C "$acme/template" BUILD_DIR="$tmp/acme_build" check
env -u TESSEL_PLUGIN_PATH "$tessel" plugins --no-default-dir \
  --plugin "$tmp/acme_build/libtessel_acme.so" | grep -qF "name:       acme" ||
  { echo "FAIL: the renamed plugin is not listed as acme"; exit 1; }

# Steps 2 and 3 on the renamed plugin, as the README shows them: the
# compile-only run of a fresh plugin validates nothing, every runnable case
# a compile error naming the unimplemented entry, and the README's report
# says so; the example kernel, from the copy of sdk/ alone, compiles to
# tile IR, and through the plugin fails at compiler_get_info.
acme_plugin="$tmp/acme_build/libtessel_acme.so"
mkdir -p "$acme/examples"
cp -L sdk/examples/vector_add.py "$acme/examples/"
status=0
env -u TESSEL_PLUGIN_PATH "$tessel" conform --compile-only --no-cache \
  --plugin "$acme_plugin" --target acme:chip1 --report-json "$tmp/acme.json" \
  > "$tmp/acme_conform.txt" || status=$?
[[ "$status" == 1 ]] || { echo "FAIL: the fresh plugin's run exited $status, not 1"; exit 1; }
python3 - "$tmp/acme.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
c = r["counts"]
assert r["verdict"] == "not-validated", r["verdict"]
assert c["validated"] == 0 and c["fail"] == 0 and c["skipped"] == 0, c
assert c["error"] + c["pass"] == r["suite_cases"], (c, r["suite_cases"])
errors = [x for x in r["cases"] if x["result"] == "error"]
assert all("acme: compile is not implemented" in x["message"] for x in errors), errors[0]
passed = {x["id"].split("/")[0] for x in r["cases"] if x["result"] == "pass"}
assert passed == {"compile_fail"}, passed
PY
errors="$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["counts"]["error"])' "$tmp/acme.json")"
grep -qF "ERROR compile: $errors case(s)" "$tmp/acme_conform.txt" ||
  { echo "FAIL: the console does not group the $errors errors under compile"; exit 1; }
for line in "compile: acme: compile is not implemented" "NOT VALIDATED: see the errors above"; do
  grep -qF -- "$line" "$tmp/acme_conform.txt" || { echo "FAIL: the run does not say '$line'"; exit 1; }
  grep -qF -- "$line" sdk/template/README.md || { echo "FAIL: the README's report lacks '$line'"; exit 1; }
done
kernel=("$acme/examples/vector_add.py::add_kernel" --signature '*fp32,*fp32,*fp32,i32' -D BLOCK=1024)
"$tessel" compile "${kernel[@]}" | grep -qF "tile.store" ||
  { echo "FAIL: the example kernel does not compile to tile IR"; exit 1; }
if out="$(env -u TESSEL_PLUGIN_PATH "$tessel" compile "${kernel[@]}" --target acme:chip1 \
    --plugin "$acme_plugin" --emit passes 2>&1)"; then
  echo "FAIL: a compile through the fresh plugin succeeded"; exit 1
fi
grep -qF "compiler_get_info: acme: compiler_get_info is not implemented" <<<"$out" ||
  { echo "FAIL: the compile through the plugin says: $out"; exit 1; }
echo "PASS"
