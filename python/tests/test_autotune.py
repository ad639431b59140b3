import json
import os

import numpy as np

import tessel
import vector_add as k
from conftest import run_python

TUNE = """
import numpy as np, tessel, vector_add as k
tessel.set_target("cpu")
n = 5000
x = np.ones(n, np.float32); out = np.zeros(n, np.float32)
k.tuned_add[lambda m: (tessel.cdiv(n, m["BLOCK"]),)](x, x, out, n)
assert out.sum() == 2 * n, out.sum()
print(k.tuned_add.tuned)
"""


def results(cache):
    (kernel_dir,) = [d for d in os.listdir(cache / "python") if d.startswith("tuned_add-")]
    return json.loads((cache / "python" / kernel_dir / "autotune.json").read_text())


def test_autotune_chooses_persists_and_a_fresh_process_reuses(fresh_cache):
    out, err = run_python(TUNE, {"TESSEL_AUTOTUNE_QUIET": "0"})
    assert out.split() == ["3"]  # three configurations benchmarked
    assert "config 3/3" in err and "best of 3" in err
    stored = results(fresh_cache)
    ((target, entries),) = stored.items()
    assert target.startswith("cpu:")
    best = entries["[5000]"]
    assert best["kwargs"]["BLOCK"] in (32, 128, 512) and best["ms"] > 0
    out, err = run_python(TUNE, {"TESSEL_AUTOTUNE_QUIET": "0"})
    assert out.split() == ["0"]  # no tuning in the second process
    assert "config" not in err


def test_a_new_key_value_tunes_again():
    tuner = tessel.autotune(configs=[tessel.Config({"BLOCK": 64}), tessel.Config({"BLOCK": 256})],
                            key=["n"])(tessel.jit(k.add_kernel.fn))
    for n in (1000, 1000, 3000):
        x = np.ones(n, np.float32)
        out = np.zeros(n, np.float32)
        tuner[lambda m: (tessel.cdiv(m["n"], m["BLOCK"]),)](x, x, out, n)
        assert out.sum() == 2 * n
    assert tuner.tuned == 4


def test_results_can_be_seeded_from_a_file(tmp_path, fresh_cache, monkeypatch):
    target = tessel.get_target()
    seed = tmp_path / "seed.json"
    seed.write_text(json.dumps({target: {"[5000]": {"kwargs": {"BLOCK": 128},
                                                      "num_warps": 1, "num_stages": 0}}}))
    out, _ = run_python(TUNE, {"TESSEL_AUTOTUNE_FILE": str(seed)})
    assert out.split() == ["0"]


def test_without_configs_the_plugin_defaults_are_tuned():
    n = 4096
    x = np.ones(n, np.float32)
    out = np.zeros(n, np.float32)
    k.default_tuned_add[lambda m: (tessel.cdiv(n, m["BLOCK_SIZE"]),)](x, x, out, n)
    assert out.sum() == 2 * n
    assert k.default_tuned_add.tuned >= 1
