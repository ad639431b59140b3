# Shared lit configuration. Each test folder has a short lit.cfg.py that
# names its suite and loads this file, so every suite sees the same tools.
import os

import lit.formats

config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".py", ".test"]
config.excludes = ["lit.cfg.py", "Inputs"]
# %t files go under Bazel's per-test temp dir (set by lit_runner.sh), never
# into the source tree.
config.test_exec_root = os.environ.get("TESSEL_LIT_EXEC_ROOT", "/tmp/tessel-lit")
# PATH is prepared by tools/build_defs/lit_runner.sh: the tools Bazel built
# first, then LLVM 22's FileCheck and not.
config.environment["PATH"] = os.environ["PATH"]
config.substitutions.append(("%python", "python3"))
