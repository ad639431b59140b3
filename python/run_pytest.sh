#!/usr/bin/env bash
# Runs the package's pytest suite against the libraries and CPU plugin of
# this build. usage: run_pytest.sh LIBTESSEL_RUNTIME LIBTESSEL_COMPILER PLUGIN
#                                  FASTLAUNCH
set -euo pipefail
libs=$(mktemp -d)
trap 'rm -rf "$libs"' EXIT
ln -s "$PWD/$1" "$libs/libtessel_runtime.so"
ln -s "$PWD/$2" "$libs/libtessel_compiler.so"
ln -s "$PWD/$4" "$libs/_fastlaunch.abi3.so"
export TESSEL_LIBRARY_DIR="$libs"
export TESSEL_PLUGIN_PATH="$PWD/$3"
export HOME="${TEST_TMPDIR:-$libs}"
# Debian's interpreter: NumPy and pytest are its packages.
exec /usr/bin/python3 -m pytest -q -p no:cacheprovider python/tests
