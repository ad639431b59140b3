import numpy as np
import pytest

import tessel
import vector_add as k


def test_vector_add_with_a_grid_tuple():
    n = 1000
    x = np.arange(n, dtype=np.float32)
    y = np.full(n, 0.5, dtype=np.float32)
    out = np.zeros(n, dtype=np.float32)
    k.add_kernel[(tessel.cdiv(n, 128),)](x, y, out, n, BLOCK=128)
    np.testing.assert_array_equal(out, x + y)


def test_grid_function_sees_the_meta_parameters():
    n = 777
    x = np.random.rand(n).astype(np.float32)
    y = np.random.rand(n).astype(np.float32)
    out = np.zeros(n, dtype=np.float32)
    seen = {}

    def grid(meta):
        seen.update(meta)
        return (tessel.cdiv(meta["n"], meta["BLOCK"]),)

    k.add_kernel[grid](x, y, out, n, BLOCK=64)
    np.testing.assert_array_equal(out, x + y)
    assert seen["BLOCK"] == 64 and seen["n"] == n and seen["x_ptr"] is x


def test_two_and_three_dimensional_grids():
    out = np.zeros((3, 5), dtype=np.int32)
    k.fill_2d[(3, 5)](out, 5, VALUE=7)
    expected = 7 + 100 * np.arange(3)[:, None] + np.arange(5)[None, :]
    np.testing.assert_array_equal(out, expected)


def test_scalars_of_each_kind_and_dtype_constexprs():
    n = 300
    x = np.arange(n, dtype=np.float32)
    out = np.zeros(n, dtype=np.float16)
    k.scale_kernel[(tessel.cdiv(n, 128),)](x, out, n, 0.5, BLOCK=128,
                                         DTYPE=tessel.language.float16)
    np.testing.assert_array_equal(out, (x * 0.5).astype(np.float16))


def test_keyword_arguments_and_defaults_follow_python_rules():
    n = 64
    x = np.ones(n, dtype=np.float32)
    out = np.zeros(n, dtype=np.float32)
    k.add_kernel[(1,)](x_ptr=x, y_ptr=x, out_ptr=out, n=n, BLOCK=64)
    assert out.sum() == 2 * n
    with pytest.raises(TypeError, match=r"add_kernel\(\) missing 1 required positional argument: 'n'"):
        k.add_kernel[(1,)](x, x, out, BLOCK=64)
    with pytest.raises(TypeError, match=r"add_kernel\(\) got an unexpected keyword argument 'BLOK'"):
        k.add_kernel[(1,)](x, x, out, n, BLOK=64)


def test_strided_views_and_offsets():
    base = np.arange(2048, dtype=np.float32)
    x = base[1:1001]  # not 16-byte aligned: compiled without :16
    out = np.zeros(1000, dtype=np.float32)
    k.add_kernel[(8,)](x, x, out, 1000, BLOCK=128)
    np.testing.assert_array_equal(out, 2 * x)


def test_dlpack_and_array_interface_objects():
    class OnlyDLPack:
        def __init__(self, a):
            self.a = a

        def __dlpack__(self, stream=None):
            return self.a.__dlpack__()

    class OnlyInterface:
        def __init__(self, a):
            self.a = a
            self.__array_interface__ = a.__array_interface__

    n = 256
    x = np.random.rand(n).astype(np.float32)
    out = np.zeros(n, dtype=np.float32)
    k.add_kernel[(2,)](OnlyDLPack(x), OnlyInterface(x), out, n, BLOCK=128)
    np.testing.assert_array_equal(out, 2 * x)


def test_runtime_buffers():
    n = 128
    x = np.arange(n, dtype=np.float32)
    bx = tessel.Buffer.from_array(x)
    bout = tessel.Buffer(n, "fp32")
    k.add_kernel[(1,)](bx, bx, bout, n, BLOCK=128)
    out = bout.copy_to(np.empty(n, dtype=np.float32))
    np.testing.assert_array_equal(out, 2 * x)


def test_bad_arguments_are_clear_errors():
    out = np.zeros(4, dtype=np.float32)
    with pytest.raises(tessel.TesselError, match="a str cannot be a kernel argument"):
        k.add_kernel[(1,)]("x", out, out, 4, BLOCK=4)
    with pytest.raises(tessel.TesselError, match="launched as add_kernel\\[grid\\]"):
        k.add_kernel(out, out, out, 4, BLOCK=4)
    with pytest.raises(tessel.TesselError, match="1 to 3 dimensions"):
        k.add_kernel[(1, 1, 1, 1)](out, out, out, 4, BLOCK=4)


def test_compile_errors_carry_the_location():
    import bad_kernel
    x = np.zeros(8, dtype=np.float32)
    with pytest.raises(tessel.CompilationError) as info:
        bad_kernel.broken[(1,)](x, 8, BLOCK=8)
    assert "bad_kernel.py:8:" in str(info.value)


def test_triton_decorated_functions_are_accepted(monkeypatch):
    import os
    import sys
    monkeypatch.syspath_prepend(os.path.join(os.path.dirname(__file__), "fake_triton"))
    for name in [m for m in sys.modules if m == "triton" or m.startswith("triton.")]:
        monkeypatch.delitem(sys.modules, name)
    import triton_written
    kernel = tessel.jit(triton_written.triton_add)
    n = 100
    x = np.arange(n, dtype=np.float32)
    out = np.zeros(n, dtype=np.float32)
    kernel[(1,)](x, x, out, n, BLOCK=128)
    np.testing.assert_array_equal(out, 2 * x)


def test_heuristics_fill_constexprs_from_the_arguments():
    x = np.arange(100, dtype=np.float32)
    out = np.zeros(1, dtype=np.float32)
    k.whole_row_sum[(1,)](x, out, 100)
    assert out[0] == x.sum()


def test_target_selection_order(monkeypatch):
    assert tessel.get_target().startswith("cpu:")
    tessel.set_target(None)
    monkeypatch.setenv("TESSEL_TARGET", "cpu")
    assert tessel.get_target().startswith("cpu:")
    with pytest.raises(tessel.TesselError, match="no_such_vendor"):
        tessel.get_target("no_such_vendor:x")


def test_a_kernel_file_is_loaded_without_importing_it():
    import os
    path = os.path.join(os.path.dirname(__file__), "kernels", "triton_written.py")
    kernel = tessel.load(path, "triton_add")  # `import triton` is never run
    n = 50
    x = np.arange(n, dtype=np.float32)
    out = np.zeros(n, dtype=np.float32)
    kernel[(1,)](x, x, out, n, BLOCK=64)
    np.testing.assert_array_equal(out, 2 * x)
    with pytest.raises(tessel.TesselError, match="no function named 'nope'"):
        tessel.load(path, "nope")


def test_numpy_scalars_and_int_subclasses_are_scalars():
    import enum

    class Size(enum.IntEnum):
        N = 64

    x = np.ones(64, dtype=np.float32)
    out = np.zeros(64, dtype=np.float32)
    k.add_kernel[(1,)](x, x, out, np.int32(64), BLOCK=64)
    assert out.sum() == 128
    out[:] = 0
    k.add_kernel[(1,)](x, x, out, Size.N, BLOCK=64)
    assert out.sum() == 128
