"""Runs a kernel on the CPU plugin through `tessel run` and returns its outputs.

Each test in this folder writes its kernel the way published Triton code
writes it, launches it here with NumPy arrays, and compares the result with a
NumPy reference. The binary and the plugin come from the environment that
run_kernel_test.sh sets up (TESSEL, TESSEL_PLUGIN_PATH).
"""

import os
import subprocess
import sys
import tempfile

import numpy as np

_SIGNATURE_OF_DTYPE = {
    np.dtype(np.float16): "fp16",
    np.dtype(np.float32): "fp32",
    np.dtype(np.float64): "fp64",
    np.dtype(np.int8): "i8",
    np.dtype(np.int16): "i16",
    np.dtype(np.int32): "i32",
    np.dtype(np.int64): "i64",
    np.dtype(np.uint8): "u8",
    np.dtype(np.uint16): "u16",
    np.dtype(np.uint32): "u32",
    np.dtype(np.uint64): "u64",
    np.dtype(np.bool_): "i1",
}


class Pointer:
    """A pointer argument whose pointee type differs from the array's NumPy
    dtype (bf16 data is held as uint16 bits, for example)."""

    def __init__(self, array, pointee):
        self.array = np.ascontiguousarray(array)
        self.pointee = pointee


class Scalar:
    """A scalar argument with an explicit signature type ("i64", "fp32")."""

    def __init__(self, value, type_):
        self.value = value
        self.type = type_


class Dtype:
    """A dtype as a constexpr value (-D NAME=fp16), e.g. Dtype("tl.float32")."""

    def __init__(self, name):
        self.name = name


def _scalar_type(value):
    if isinstance(value, bool):
        return "i1"
    if isinstance(value, int):
        return "i32" if -(2**31) <= value < 2**31 else "i64"
    if isinstance(value, float):
        return "fp32"
    raise TypeError("unsupported scalar argument %r" % (value,))


def _format_scalar(value):
    if isinstance(value, bool):
        return "True" if value else "False"
    if isinstance(value, float):
        return repr(value)
    return str(int(value))


def _format_constexpr(value):
    if isinstance(value, Dtype):
        return value.name
    if isinstance(value, bool):
        return "True" if value else "False"
    if isinstance(value, str):
        return "'%s'" % value
    return str(value)


def run(source, kernel, args, grid, constexprs=None, outputs=None, signature=None,
        extra=()):
    """Launches `source::kernel` once.

    args: an ordered list of (name, value): NumPy arrays become pointer
    arguments (`*<dtype>`), Pointer gives the pointee explicitly, Python
    numbers and Scalar become scalars. `signature` overrides the derived one
    (e.g. to add ":16" divisibility). Returns {name: array} for the names in
    `outputs` (default: every pointer argument).
    """
    tessel = os.environ["TESSEL"]
    constexprs = constexprs or {}
    grid = grid if isinstance(grid, (tuple, list)) else (grid,)
    with tempfile.TemporaryDirectory(dir=os.environ.get("TEST_TMPDIR")) as work:
        sig, cmd_args, pointers = [], [], {}
        for name, value in args:
            if isinstance(value, (np.ndarray, Pointer)):
                p = value if isinstance(value, Pointer) else Pointer(
                    value, _SIGNATURE_OF_DTYPE[np.dtype(value.dtype)])
                path = os.path.join(work, name + ".npy")
                np.save(path, p.array)
                sig.append("*" + p.pointee)
                cmd_args += ["--arg", "%s=%s" % (name, path)]
                pointers[name] = p.array
            elif isinstance(value, Scalar):
                sig.append(value.type)
                cmd_args += ["--arg", "%s=%s" % (name, _format_scalar(value.value))]
            else:
                sig.append(_scalar_type(value))
                cmd_args += ["--arg", "%s=%s" % (name, _format_scalar(value))]
        outputs = list(pointers) if outputs is None else list(outputs)
        outs = {}
        for name in outputs:
            outs[name] = os.path.join(work, name + ".out.npy")
            cmd_args += ["--out", "%s=%s" % (name, outs[name])]
        cmd = [tessel, "run", "%s::%s" % (source, kernel), "--signature",
               signature or ",".join(sig), "--grid", ",".join(str(g) for g in grid)]
        for key, value in constexprs.items():
            cmd += ["-D", "%s=%s" % (key, _format_constexpr(value))]
        cmd += cmd_args + list(extra)
        result = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                text=True, timeout=600)
        if result.returncode != 0:
            raise RuntimeError("%s failed (%d):\n%s" % (" ".join(cmd), result.returncode,
                                                         result.stdout))
        return {name: np.load(path) for name, path in outs.items()}


def compile_ir(source, kernel, signature, constexprs=None):
    """The tile IR of one specialization, as text."""
    cmd = [os.environ["TESSEL"], "compile", "%s::%s" % (source, kernel), "--signature",
           signature]
    for key, value in (constexprs or {}).items():
        cmd += ["-D", "%s=%s" % (key, _format_constexpr(value))]
    result = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, timeout=600)
    if result.returncode != 0:
        raise RuntimeError("%s failed:\n%s" % (" ".join(cmd), result.stdout))
    return result.stdout


def check_close(name, got, want, rtol=1e-5, atol=1e-6):
    """Fails the test (exit 1) with the worst element when got != want."""
    got = np.asarray(got, dtype=np.float64)
    want = np.asarray(want, dtype=np.float64)
    if got.shape != want.shape:
        sys.exit("FAIL %s: shape %s, expected %s" % (name, got.shape, want.shape))
    bad = ~np.isclose(got, want, rtol=rtol, atol=atol, equal_nan=True)
    if bad.any():
        i = np.unravel_index(np.argmax(np.where(bad, np.abs(got - want), -1)), got.shape)
        sys.exit("FAIL %s: %d of %d elements differ; worst at %s: got %r, expected %r"
                 % (name, int(bad.sum()), bad.size, tuple(int(k) for k in i), got[i],
                    want[i]))
    print("ok %s" % name)


def check_equal(name, got, want):
    got, want = np.asarray(got), np.asarray(want)
    if got.shape != want.shape or not np.array_equal(got, want):
        diff = np.argwhere(got != want) if got.shape == want.shape else None
        where = "" if diff is None or not len(diff) else " first at %s: got %r, expected %r" % (
            tuple(diff[0]), got[tuple(diff[0])], want[tuple(diff[0])])
        sys.exit("FAIL %s: differs%s" % (name, where))
    print("ok %s" % name)
