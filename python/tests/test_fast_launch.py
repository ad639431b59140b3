"""The launch fast path (python/native/fastlaunch.c) against jit.py's own
launch: same kernels chosen, same results, same errors. Its tensors are
those the package reads as PyTorch's (data_ptr, dtype, is_cuda,
is_contiguous, nbytes); FakeTensor is one over a NumPy array, so that the
path runs on the CPU plugin without PyTorch."""
import os
import sys

import numpy as np
import pytest

import tessel
import vector_add as k

jit_module = sys.modules["tessel.jit"]  # `tessel.jit` is the decorator

# Where the fast path is turned off, the tests of its use do not apply.
uses_the_fast_path = pytest.mark.skipif(
    os.environ.get("TESSEL_NO_FAST_LAUNCH", "") not in ("", "0"),
    reason="TESSEL_NO_FAST_LAUNCH is set")


class _DType:
    def __init__(self, name):
        self.name = name

    def __str__(self):
        return "torch." + self.name


_DTYPES = {name: _DType(name) for name in ("float32", "float64", "int32")}


class FakeTensor:
    """A NumPy array seen as a PyTorch tensor."""

    def __init__(self, array, is_cuda=False):
        self.array = array
        self.dtype = _DTYPES[array.dtype.name]
        self.is_cuda = is_cuda
        self.shape = array.shape

    def data_ptr(self):
        return self.array.ctypes.data

    def is_contiguous(self):
        return self.array.flags.c_contiguous

    @property
    def nbytes(self):
        return self.array.nbytes

    def stride(self):
        return tuple(s // self.array.itemsize for s in self.array.strides)

    def element_size(self):
        return self.array.itemsize


FakeTensor.__module__ = "torch.fake"  # what the package takes for PyTorch's


def tensors(n, dtype=np.float32):
    return (FakeTensor(np.ones(n, dtype)), FakeTensor(np.ones(n, dtype)),
            FakeTensor(np.zeros(n, dtype)))


@pytest.fixture
def counted():
    """A fresh add_kernel whose launches through jit.py are counted."""
    fn = tessel.jit(k.add_kernel.fn)
    slow = fn._run
    fn.slow_launches = 0

    def run(*args):
        fn.slow_launches += 1
        return slow(*args)

    fn._run = run
    return fn


def launch_three_times(fn, *args, **kwargs):
    for _ in range(3):
        fn[(tessel.cdiv(args[3], 64),)](*args, BLOCK=64, **kwargs)


@uses_the_fast_path
def test_the_extension_is_built_and_used(counted):
    x, y, out = tensors(1000)
    launch_three_times(counted, x.array, y.array, out.array, 1000)  # NumPy: jit.py
    assert counted.slow_launches == 3
    assert jit_module._FAST, "the build has no _fastlaunch.abi3.so"
    counted.slow_launches = 0
    launch_three_times(counted, x, y, out, 1000)
    # At most: the first launch meets a new tensor type, the second fills
    # the table; from then on, the fast path launches.
    assert counted.slow_launches <= 2
    assert len(counted._fast_table) == 1
    counted.slow_launches = 0
    out.array[:] = 0
    launch_three_times(counted, x, y, out, 1000)
    assert counted.slow_launches == 0
    np.testing.assert_array_equal(out.array, 2 * np.ones(1000, np.float32))
    assert counted.compilations == 1


def test_specialization_follows_jit_py(counted):
    x, y, out = tensors(8192)
    for n in (4096, 8192, 16):  # multiples of 16: one kernel
        launch_three_times(counted, x, y, out, n)
    assert counted.compilations == 1
    for n in (4097, 1, 4104):  # another divisibility, 1, a multiple of 8
        launch_three_times(counted, x, y, out, n)
    assert counted.compilations == 4
    big = (1 << 40) + 16  # i64:16 (out of range of the arrays: grid 0 work)
    counted.warmup(x, y, out, big, BLOCK=64)
    sigs = sorted(key[1] for key in counted._loaded)
    assert ("*fp32:16", "*fp32:16", "*fp32:16", "i32") in sigs
    assert ("*fp32:16", "*fp32:16", "*fp32:16", "i32:1") in sigs
    assert ("*fp32:16", "*fp32:16", "*fp32:16", "i32:8") in sigs
    assert ("*fp32:16", "*fp32:16", "*fp32:16", "i32:16") in sigs
    assert ("*fp32:16", "*fp32:16", "*fp32:16", "i64:16") in sigs
    out.array[:] = 0
    launch_three_times(counted, x, y, out, 8192)
    assert out.array.sum() == 2 * 8192


def test_an_unaligned_tensor_gets_its_own_kernel(counted):
    base = np.ones(1025, np.float32)
    unaligned = FakeTensor(base[1:])  # 4 bytes past a 16-byte boundary
    x, _, out = tensors(1024)
    launch_three_times(counted, x, x, out, 1024)
    launch_three_times(counted, unaligned, x, out, 1024)
    assert counted.compilations == 2
    assert ("*fp32", "*fp32:16", "*fp32:16", "i32:16") in [key[1] for key in counted._loaded]
    np.testing.assert_array_equal(out.array, 2 * np.ones(1024, np.float32))


def test_scalars_reach_the_kernel_with_their_bits():
    fn = tessel.jit(k.scale_kernel.fn)
    x = FakeTensor(np.arange(64, dtype=np.float32))
    out = FakeTensor(np.zeros(64, np.float32))
    for factor in (0.5, -3.25, 2.0):
        for _ in range(3):
            fn[(1,)](x, out, 64, factor, BLOCK=64, DTYPE=tessel.language.float32)
        np.testing.assert_array_equal(out.array, np.arange(64, dtype=np.float32) * factor)
    outi = FakeTensor(np.zeros(64, np.int32))
    for factor in (-7, 3, 1):  # negative and unit integers, then :1
        for _ in range(3):
            fn[(1,)](x, outi, 64, factor, BLOCK=64, DTYPE=tessel.language.int32)
        np.testing.assert_array_equal(outi.array, (np.arange(64) * factor).astype(np.int32))


def test_a_float_too_large_for_fp32_is_refused_on_both_paths(monkeypatch):
    fn = tessel.jit(k.scale_kernel.fn)
    x = FakeTensor(np.arange(64, dtype=np.float32))
    out = FakeTensor(np.zeros(64, np.float32))
    for _ in range(3):
        fn[(1,)](x, out, 64, 2.0, BLOCK=64, DTYPE=tessel.language.float32)
    for fast in (jit_module._FAST, False):
        monkeypatch.setattr(jit_module, "_FAST", fast)
        with pytest.raises(OverflowError):
            fn[(1,)](x, out, 64, 1e300, BLOCK=64, DTYPE=tessel.language.float32)
    np.testing.assert_array_equal(out.array, np.arange(64, dtype=np.float32) * 2.0)


def test_a_non_contiguous_tensor_takes_jit_py(counted):
    base = np.ones(2048, np.float32)
    strided = FakeTensor(base[::2])
    _, _, out = tensors(1024)
    launch_three_times(counted, strided, strided, out, 512)
    assert counted.slow_launches == 3
    assert counted._fast_table == {}
    np.testing.assert_array_equal(out.array[:512], 2 * np.ones(512, np.float32))


def test_device_memory_on_the_cpu_target_is_refused_every_time(counted):
    x, y, out = tensors(64)
    launch_three_times(counted, x, y, out, 64)
    on_device = FakeTensor(np.ones(64, np.float32), is_cuda=True)
    for _ in range(2):
        with pytest.raises(tessel.TesselError, match="argument 'x_ptr'.*device memory"):
            counted[(1,)](on_device, y, out, 64, BLOCK=64)


def test_launch_errors_and_binding_errors_match_jit_py(counted, monkeypatch):
    x, y, out = tensors(64)
    launch_three_times(counted, x, y, out, 64)
    messages = []
    for fast in (jit_module._FAST, False):
        monkeypatch.setattr(jit_module, "_FAST", fast)
        with pytest.raises(tessel.TesselError) as e:
            counted[(0,)](x, y, out, 64, BLOCK=64)
        messages.append(str(e.value))
        with pytest.raises(TypeError, match="missing 1 required positional argument: 'n'"):
            counted[(1,)](x, y, out, BLOCK=64)
    assert messages[0] == messages[1]
    assert "grid" in messages[0]


@uses_the_fast_path
def test_grid_functions_and_keywords_on_the_fast_path(counted):
    x, y, out = tensors(1000)
    for _ in range(3):
        counted[lambda meta: (tessel.cdiv(meta["n"], meta["BLOCK"]),)](
            x_ptr=x, y_ptr=y, out_ptr=out, n=1000, BLOCK=128)
    assert counted.slow_launches <= 2
    counted.slow_launches = 0
    counted[lambda meta: (tessel.cdiv(meta["n"], meta["BLOCK"]),)](
        x, y, out, 1000, BLOCK=128)
    assert counted.slow_launches == 0
    np.testing.assert_array_equal(out.array, 2 * np.ones(1000, np.float32))
