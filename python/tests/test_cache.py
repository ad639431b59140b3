import json
import os

import numpy as np

import tessel
import vector_add as k
from conftest import run_python

LAUNCH = """
import numpy as np, tessel, vector_add as k
tessel.set_target("cpu")
x = np.ones(1000, np.float32); out = np.zeros(1000, np.float32)
k.add_kernel[(8,)](x, x, out, 1000, BLOCK=128)
assert out.sum() == 2000
print(k.add_kernel.compilations, k.add_kernel.cache_loads)
"""


def test_the_cache_is_readable_per_kernel(fresh_cache):
    out, _ = run_python(LAUNCH)
    assert out.split() == ["1", "0"]
    kernel_dirs = os.listdir(fresh_cache / "python")
    assert len(kernel_dirs) == 1 and kernel_dirs[0].startswith("add_kernel-")
    (spec,) = [d for d in os.listdir(fresh_cache / "python" / kernel_dirs[0])]
    folder = fresh_cache / "python" / kernel_dirs[0] / spec
    files = set(os.listdir(folder))
    assert {"metadata.json", "add_kernel.tile.mlir", "add_kernel.so", "add_kernel.tkc",
            "add_kernel.ll"} <= files
    # The assembly costs the CPU plugin a second code generation: kept only
    # when TESSEL_DUMP_IR asks for every stage.
    assert "add_kernel.s" not in files
    metadata = json.loads((folder / "metadata.json").read_text())
    assert metadata["kernel"] == "add_kernel"
    assert metadata["signature"] == "*fp32:16,*fp32:16,*fp32:16,i32:8"  # 1000 = 8 * 125
    assert metadata["constexprs"] == {"BLOCK": "128"}
    assert metadata["target"].startswith("cpu:")
    assert "tile.load" in (folder / "add_kernel.tile.mlir").read_text()


def test_a_fresh_process_loads_from_the_cache_without_compiling():
    run_python(LAUNCH)
    out, _ = run_python(LAUNCH)
    assert out.split() == ["0", "1"]


def test_a_damaged_entry_is_a_miss_and_is_replaced(fresh_cache):
    run_python(LAUNCH)
    for root, _, files in os.walk(fresh_cache / "python"):
        for f in files:
            if f.endswith(".tkc"):
                path = os.path.join(root, f)
                data = bytearray(open(path, "rb").read())
                data[-1] ^= 0xFF
                open(path, "wb").write(bytes(data))
    # The runtime refuses the damaged entry; the package compiles it again
    # and replaces it, and the next process loads the new one.
    out, _ = run_python(LAUNCH)
    assert out.split() == ["1", "0"]
    out, _ = run_python(LAUNCH)
    assert out.split() == ["0", "1"]


def test_dump_ir_writes_every_stage(tmp_path, monkeypatch):
    dump = tmp_path / "dump"
    monkeypatch.setenv("TESSEL_DUMP_IR", str(dump))
    x = np.ones(64, np.float32)
    fn = tessel.jit(k.add_kernel.fn)
    fn[(1,)](x, x, np.zeros(64, np.float32), 64, BLOCK=64)
    names = set(os.listdir(dump))
    assert "add_kernel.tile.mlir" in names
    assert "add_kernel.frontend.passes.mlir" in names
    assert {"add_kernel.ll", "add_kernel.s", "add_kernel.passes.mlir", "add_kernel.so"} <= names
    assert "add_kernel:" in (dump / "add_kernel.s").read_text()
    assert "IR Dump After" in (dump / "add_kernel.frontend.passes.mlir").read_text()


def test_warmup_compiles_and_loads_without_launching():
    fn = tessel.jit(k.add_kernel.fn)
    x = np.ones(64, np.float32)
    out = np.zeros(64, np.float32)
    loaded = fn.warmup(x, x, out, 64, BLOCK=64, grid=(1,))
    assert loaded.metadata["kernel"] == "add_kernel"
    assert fn.compilations == 1
    assert not out.any()  # nothing ran
    fn[(1,)](x, x, out, 64, BLOCK=64)  # the warmed-up kernel, not a new one
    assert fn.compilations == 1 and out.sum() == 128
