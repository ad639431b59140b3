"""ctypes bindings of Tessel's C interfaces.

libtessel_runtime.so (core/runtime/capi/tessel_runtime.h) is required; it
needs no LLVM. libtessel_compiler.so (core/compiler/capi/tessel_compiler.h)
is loaded the first time a kernel must be compiled; an installation
without it runs kernels from the cache only. ctypes rather than a Python
extension module: the package then works on any Python 3 version with the
same build of the libraries. The one extension, _fastlaunch.abi3.so
(python/native/fastlaunch.c), is optional and on the stable ABI: it takes
the launches of kernels already loaded (jit.py works the same without it;
TESSEL_NO_FAST_LAUNCH=1 leaves it unused).

Where the libraries and plugins are looked for, first match wins:
  1. TESSEL_LIBRARY_DIR (both libraries);
  2. the package's own `_lib/` folder (scripts/build_python.sh fills it;
     `_lib/plugins/` holds plugins);
  3. a Bazel build of the source tree the package sits in (bazel-bin).
Plugins: TESSEL_PLUGIN_PATH is always searched (by the runtime itself);
before it, `_lib/plugins/` if present; the tree's built CPU and NVIDIA
plugins when neither is there.
"""
import ctypes
import os
import pathlib
import threading

from .errors import CompilationError, TesselError

_HERE = pathlib.Path(__file__).resolve().parent
_TREE = _HERE.parent.parent
_BAZEL_BIN = _TREE / "bazel-bin"

_u32, _u64, _i32, _size = ctypes.c_uint32, ctypes.c_uint64, ctypes.c_int32, ctypes.c_size_t
_p, _cp = ctypes.c_void_p, ctypes.c_char_p
_pp = ctypes.POINTER(ctypes.c_void_p)
_u64p = ctypes.POINTER(ctypes.c_uint64)

_RT_NO_CACHE = 1
_RT_SETUP_IN_PROCESS = 2
BUFFER_HANDLE = (1 << 64) - 1

CC_KEEP_STAGES = 1
CC_DUMP_PASSES = 2
CC_CHECK_BOUNDS = 4
CC_SETUP_IN_PROCESS = 8
CC_BY_PRODUCTS_ONLY = 16


def _find(name, bazel_sub):
    env = os.environ.get("TESSEL_LIBRARY_DIR")
    candidates = []
    if env:
        candidates.append(pathlib.Path(env) / name)
    candidates.append(_HERE / "_lib" / name)
    candidates.append(_BAZEL_BIN / bazel_sub / name)
    for c in candidates:
        if c.is_file():
            return c
    return None


def plugin_paths():
    """The plugin files or folders handed to the runtime (besides
    TESSEL_PLUGIN_PATH, which it reads itself)."""
    own = _HERE / "_lib" / "plugins"
    if own.is_dir():
        return [str(own)]
    if os.environ.get("TESSEL_PLUGIN_PATH"):
        return []  # the user's choice: not mixed with the tree's builds
    found = []
    for vendor in ("cpu", "nvidia"):
        so = _BAZEL_BIN / "plugins" / vendor / f"libtessel_{vendor}.so"
        if so.is_file():
            found.append(str(so))
    return found


def _declare(lib, name, restype, *argtypes):
    fn = getattr(lib, name)
    fn.restype = restype
    fn.argtypes = list(argtypes)
    return fn


class RuntimeLibrary:
    def __init__(self, path):
        self.path = path
        lib = ctypes.CDLL(str(path))
        self.lib = lib
        d = lambda *a: _declare(lib, *a)  # noqa: E731
        self.api_version = d("tessel_rt_api_version", _u32)
        self.tessel_version = d("tessel_rt_tessel_version", _cp)
        self.last_error = d("tessel_rt_last_error", _cp)
        self.free_string = d("tessel_rt_free_string", None, _p)
        self.create = d("tessel_rt_create", ctypes.c_int, _cp, _cp, _u32, _pp)
        self.destroy = d("tessel_rt_destroy", None, _p)
        self.plugins = d("tessel_rt_plugins", ctypes.c_int, _p, _pp)
        self.select_target = d("tessel_rt_select_target", ctypes.c_int, _p, _cp, _pp)
        self.open_device = d("tessel_rt_open_device", ctypes.c_int, _p, _cp, _pp)
        self.device_destroy = d("tessel_rt_device_destroy", None, _p)
        self.device_describe = d("tessel_rt_device_describe", ctypes.c_int, _p, _pp)
        self.device_synchronize = d("tessel_rt_device_synchronize", ctypes.c_int, _p)
        self.buffer_alloc = d("tessel_rt_buffer_alloc", ctypes.c_int, _p, _u64, _pp)
        self.buffer_wrap = d("tessel_rt_buffer_wrap", ctypes.c_int, _p, _u64, _u64, _pp)
        self.buffer_free = d("tessel_rt_buffer_free", None, _p)
        self.buffer_write = d("tessel_rt_buffer_write", ctypes.c_int, _p, _u64, _p, _u64)
        self.buffer_read = d("tessel_rt_buffer_read", ctypes.c_int, _p, _u64, _p, _u64)
        self.buffer_size = d("tessel_rt_buffer_size", _u64, _p)
        self.kernel_load = d("tessel_rt_kernel_load", ctypes.c_int, _p, _cp, _size, _cp, _pp)
        self.kernel_destroy = d("tessel_rt_kernel_destroy", None, _p)
        self.kernel_describe = d("tessel_rt_kernel_describe", ctypes.c_int, _p, _pp)
        self.launch = d("tessel_rt_launch", ctypes.c_int, _p, _u32, _u32, _u32, _size,
                        _u64p, _u64p)
        self.time = d("tessel_rt_time", ctypes.c_int, _p, _u32, _u32, _u32, _size, _u64p,
                      _u64p, _u32, _u32, ctypes.POINTER(ctypes.c_double))
        self.tuning_space = d("tessel_rt_tuning_space", ctypes.c_int, _p, _cp, _cp, _cp,
                              _cp, _pp)

    def error(self, code):
        message = self.last_error().decode("utf-8", "replace")
        return TesselError(message, code)

    def check(self, code):
        if code != 0:
            raise self.error(code)

    def take_string(self, call, *args):
        out = ctypes.c_void_p()
        self.check(call(*args, ctypes.byref(out)))
        try:
            return ctypes.string_at(out.value).decode("utf-8")
        finally:
            self.free_string(out)


class CompilerLibrary:
    def __init__(self, path):
        self.path = path
        lib = ctypes.CDLL(str(path))
        d = lambda *a: _declare(lib, *a)  # noqa: E731
        self.last_error = d("tessel_cc_last_error", _cp)
        self.compile = d("tessel_compile", ctypes.c_int, _cp, _cp, _cp, _cp, _cp, _cp, _cp,
                         _i32, _i32, _u32, _cp, _pp)
        self.destroy = d("tessel_compiled_destroy", None, _p)
        self.info = d("tessel_compiled_info", _cp, _p)
        self.entry = d("tessel_compiled_entry", None, _p, ctypes.POINTER(_p),
                       ctypes.POINTER(_size))
        self.num_files = d("tessel_compiled_num_files", _size, _p)
        self.file = d("tessel_compiled_file", None, _p, _size, ctypes.POINTER(_cp),
                      ctypes.POINTER(_p), ctypes.POINTER(_size))

    def compile_kernel(self, *, plugin_paths, target, file_name, source, kernel,
                       signature, constexprs, num_warps, num_stages, flags, key):
        out = ctypes.c_void_p()
        enc = lambda s: s.encode("utf-8")  # noqa: E731
        code = self.compile(enc(plugin_paths), enc(target), enc(file_name), enc(source),
                            enc(kernel), enc(signature), enc(constexprs), num_warps,
                            num_stages, flags, enc(key), ctypes.byref(out))
        if code != 0:
            message = self.last_error().decode("utf-8", "replace")
            # INVALID_ARGUMENT from the frontend carries the diagnostics.
            if code == 3 and ": error:" in message:
                raise CompilationError(message, code)
            raise TesselError(message, code)
        try:
            import json
            info = json.loads(self.info(out).decode("utf-8"))
            data, size = ctypes.c_void_p(), ctypes.c_size_t()
            self.entry(out, ctypes.byref(data), ctypes.byref(size))
            entry = ctypes.string_at(data.value, size.value)
            files = {}
            for i in range(self.num_files(out)):
                name = ctypes.c_char_p()
                self.file(out, i, ctypes.byref(name), ctypes.byref(data), ctypes.byref(size))
                files[name.value.decode("utf-8")] = (
                    ctypes.string_at(data.value, size.value) if size.value else b"")
            return info, entry, files
        finally:
            self.destroy(out)


_lock = threading.Lock()
_runtime_lib = None
_compiler_lib = None
_compiler_missing = False


def runtime_library():
    global _runtime_lib
    if _runtime_lib is None:
        with _lock:
            if _runtime_lib is None:
                path = _find("libtessel_runtime.so", "core/runtime/capi")
                if path is None:
                    raise TesselError(
                        "libtessel_runtime.so not found: set TESSEL_LIBRARY_DIR, or build "
                        "it (bash scripts/build_python.sh)", 5)
                _runtime_lib = RuntimeLibrary(path)
    return _runtime_lib


_fast = None
_fast_tried = False


def fast_launch():
    """The launch fast path (tessel._fastlaunch) bound to the runtime
    library, or None where it is not built or is turned off."""
    global _fast, _fast_tried
    if _fast_tried:
        return _fast
    lib = runtime_library()  # outside _lock, which it takes
    with _lock:
        if not _fast_tried:
            _fast_tried = True
            if os.environ.get("TESSEL_NO_FAST_LAUNCH", "") not in ("", "0"):
                return None
            path = _find("_fastlaunch.abi3.so", "python")
            if path is not None:
                import importlib.machinery
                import importlib.util
                loader = importlib.machinery.ExtensionFileLoader("tessel._fastlaunch",
                                                                 str(path))
                spec = importlib.util.spec_from_file_location("tessel._fastlaunch", str(path),
                                                              loader=loader)
                try:
                    module = importlib.util.module_from_spec(spec)
                    loader.exec_module(module)
                except (ImportError, OSError) as e:
                    # Every launch still works, through jit.py: say why it
                    # is slower rather than fail.
                    import warnings
                    warnings.warn(f"tessel: the launch fast path {path} cannot be loaded "
                                  f"({e}); launching without it", RuntimeWarning)
                    return None
                module.set_launch(ctypes.cast(lib.launch, ctypes.c_void_p).value)
                _fast = module
    return _fast


def compiler_library():
    """The compiler's library, or None where this installation has none."""
    global _compiler_lib, _compiler_missing
    if _compiler_lib is None and not _compiler_missing:
        with _lock:
            if _compiler_lib is None and not _compiler_missing:
                path = _find("libtessel_compiler.so", "core/compiler/capi")
                if path is None:
                    _compiler_missing = True
                else:
                    _compiler_lib = CompilerLibrary(path)
    return _compiler_lib
