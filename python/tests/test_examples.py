"""The Python examples run as README command 1 runs them, twice: the second
run finds its kernels and its tuning results in the cache."""
import os
import subprocess
import sys

import pytest

from conftest import PACKAGE_ROOT

EXAMPLES = os.path.join(os.path.dirname(PACKAGE_ROOT), "examples", "python")


def run(name):
    env = dict(os.environ, PYTHONPATH=PACKAGE_ROOT, TESSEL_TARGET="cpu")
    done = subprocess.run([sys.executable, os.path.join(EXAMPLES, name)], env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


@pytest.mark.parametrize("name", ["vector_add.py", "grouped_gemm.py"])
def test_example_runs_and_reuses_the_cache(name):
    first = run(name)
    assert " ok" in first
    second = run(name)
    assert " ok" in second
    if name == "vector_add.py":
        assert "compiled" in first and "from the cache" in second
    else:
        assert "tuned 3 configs" in first and "tuning from the cache" in second
