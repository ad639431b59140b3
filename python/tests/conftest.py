"""Fixtures of the tessel package's tests: each test gets its own cache
folder, and the default target is the CPU."""
import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE_ROOT = os.path.dirname(HERE)  # holds tessel/
sys.path.insert(0, PACKAGE_ROOT)
sys.path.insert(0, os.path.join(HERE, "kernels"))


@pytest.fixture(autouse=True)
def fresh_cache(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setenv("TESSEL_CACHE_DIR", str(cache))
    monkeypatch.setenv("TESSEL_AUTOTUNE_QUIET", "1")
    monkeypatch.delenv("TESSEL_AUTOTUNE_FILE", raising=False)
    monkeypatch.delenv("TESSEL_DUMP_IR", raising=False)
    import tessel
    tessel.set_target("cpu")
    yield cache
    tessel.set_target(None)


def run_python(code, env_extra=None):
    """Runs `code` in a fresh interpreter with this one's environment;
    returns its standard output (fails the test on a non-zero status)."""
    env = dict(os.environ, **(env_extra or {}))
    env["PYTHONPATH"] = os.pathsep.join([PACKAGE_ROOT, os.path.join(HERE, "kernels")] +
                                        [p for p in [env.get("PYTHONPATH")] if p])
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout, done.stderr
