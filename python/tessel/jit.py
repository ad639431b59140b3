"""@tessel.jit: kernels launched from Python, `kernel[grid](*args, **constexprs)`.

A launch derives the specialization from its arguments (arguments.py),
finds the compiled kernel for it (in this process's table, else in the
readable cache, cache.py, else compiles it), and launches it on the
target's device. The compiled kernel is looked up by a key over
everything that can change it: Tessel's version, the source file's
contents, the kernel, the signature, the constexpr values, the target and
its plugin's name, version and ABI, num_warps, num_stages and bounds
checking.
"""
import ctypes
import hashlib
import inspect
import json
import os
import sys
import threading
import time

from . import _capi, cache, runtime
from .arguments import array_parts, integer_type, scalar_bits
from .errors import NotInCacheError, TesselError


def _is_constexpr_annotation(annotation):
    if annotation is inspect.Parameter.empty:
        return False
    if isinstance(annotation, str):
        return annotation.split(".")[-1] == "constexpr"
    return getattr(annotation, "__name__", "") == "constexpr"


def constexpr_text(value):
    """A constexpr value as `tessel compile -D` spells it."""
    if isinstance(value, bool):
        return "True" if value else "False"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return repr(value)
    if value is None:
        return "None"
    inner = getattr(value, "value", None)  # tl.constexpr(3)
    if inner is not None and type(value).__name__ == "constexpr":
        return constexpr_text(inner)
    return str(value)  # a dtype: tl.float16 -> fp16


def cdiv(a, b):
    return (a + b - 1) // b


class _Param:
    __slots__ = ("name", "index", "is_constexpr", "default", "specialize")

    def __init__(self, name, index, is_constexpr, default, specialize):
        self.name, self.index = name, index
        self.is_constexpr, self.default, self.specialize = is_constexpr, default, specialize


class _Loaded:
    """A compiled specialization loaded on its device."""
    __slots__ = ("handle", "num_args", "scalar_types", "metadata", "directory", "device")

    def __init__(self, handle, metadata, directory, device, scalar_types):
        self.handle, self.metadata, self.directory = handle, metadata, directory
        self.device, self.scalar_types = device, scalar_types
        self.num_args = len(scalar_types)


class JITFunction:
    """A kernel of the kernel language, compiled by Tessel on first launch."""

    def __init__(self, fn, do_not_specialize=(), debug=False, noinline=None,
                 _source=None, **_ignored):
        self.fn = fn
        if _source is None:
            path = inspect.getsourcefile(fn)
            if path is None or not os.path.isfile(path):
                raise TesselError(f"the source of kernel '{fn.__name__}' is not in a file", 3)
            name = fn.__name__
            sig = inspect.signature(fn)
            parameters = [(p.name, _is_constexpr_annotation(p.annotation), p.default)
                          for p in sig.parameters.values()]
        else:
            path, name, parameters = _source
        self.__name__ = name
        self.__doc__ = getattr(fn, "__doc__", None)
        self.__module__ = getattr(fn, "__module__", None)
        self.source_file = os.path.abspath(path)
        with open(self.source_file, encoding="utf-8") as f:
            self.source = f.read()
        self.source_hash = hashlib.sha256(self.source.encode("utf-8")).hexdigest()
        names = [p[0] for p in parameters]
        skip = {d if isinstance(d, str) else names[d] for d in do_not_specialize}
        self.params = [_Param(n, i, c, d, n not in skip)
                       for i, (n, c, d) in enumerate(parameters)]
        self.arg_names = [p.name for p in self.params]
        self._by_name = {p.name: p for p in self.params}
        self._binder = _make_binder(name, self.params)
        # The fast path's table (fastlaunch.c): its key -> (kernel handle,
        # argument kinds, _Loaded).
        self._fast_table = {}
        self._spec_bytes = bytes(1 if p.specialize else 0
                                 for p in self.params if not p.is_constexpr)
        self.debug = debug
        self._loaded = {}
        self._lock = threading.Lock()
        # This process's counts: specializations compiled, and read from
        # the cache folder (a launch that finds its kernel loaded counts
        # neither).
        self.compilations = 0
        self.cache_loads = 0

    def __repr__(self):
        return f"<tessel.JITFunction {self.__name__} of {self.source_file}>"

    def __call__(self, *args, **kwargs):
        raise TesselError(f"kernel '{self.__name__}' is launched as "
                          f"{self.__name__}[grid](...), not called", 3)

    def __getitem__(self, grid):
        return lambda *args, **kwargs: self.run(*args, grid=grid, **kwargs)

    # -- binding --------------------------------------------------------
    def bind(self, args, kwargs):
        """The value of every parameter, in order, by Python's call rules
        (and with Python's messages when they do not fit)."""
        return list(self._binder(*args, **kwargs)[2])

    def _specialize(self, values, device):
        """Signature codes of the runtime parameters, constexpr values, and
        the launch's values and sizes."""
        codes, launch_values, sizes, constexprs = [], [], [], []
        host = None if device is None else device.is_host
        for p, v in zip(self.params, values):
            if p.is_constexpr:
                constexprs.append(v)
                continue
            cls = type(v)
            if cls is not int and cls is not float and cls is not bool and \
                    cls not in _ARRAY_TYPES:
                v = _plain_scalar(v)
                cls = type(v)
            if cls is int:
                t = integer_type(v)
                if p.specialize:
                    # Divisibility only of positive values: a compiler
                    # may take a `:16` row stride for a positive one (TMA
                    # copies of pointer tiles need that), and a stride of 0
                    # (a broadcast view) or below must not get them.
                    if v == 1:
                        t += ":1"
                    elif v > 0 and v % 16 == 0:
                        t += ":16"
                    elif v > 0 and v % 8 == 0:
                        # 16-byte vectors of 16-bit elements along a row
                        # whose length is a multiple of 8 (a ragged GEMM's
                        # N = 5000): Triton's launcher no longer derives it.
                        t += ":8"
                codes.append(t)
                launch_values.append(v)
                sizes.append(0)
                continue
            if cls is bool or cls is float:
                codes.append("i1" if cls is bool else "fp32")
                launch_values.append(v)
                sizes.append(0)
                continue
            parts = array_parts(v)
            if parts is None:
                raise TesselError(
                    f"argument '{p.name}' of {self.__name__}: a {type(v).__name__} cannot "
                    "be a kernel argument (arrays, integers, floats and bools can)", 3)
            _ARRAY_TYPES.add(cls)
            address, nbytes, dtype, on_host, _ = parts
            if host is not None and on_host != host:
                self._wrong_memory(p, on_host, device)
            aligned = nbytes == _capi.BUFFER_HANDLE or address % 16 == 0
            codes.append(("*" + dtype + ":16") if p.specialize and aligned else "*" + dtype)
            launch_values.append(address)
            sizes.append(nbytes)
        return codes, constexprs, launch_values, sizes

    def _wrong_memory(self, p, on_host, device):
        where = "host memory" if on_host else "device memory"
        wanted = ("a host array (NumPy)" if device.is_host else
                  "a device array (a PyTorch tensor on the GPU, __cuda_array_interface__, "
                  "DLPack, tessel.Buffer)")
        raise TesselError(
            f"argument '{p.name}' of {self.__name__} is in {where}, but target "
            f"{device.target} runs on {'the host' if device.is_host else 'a device'}: "
            f"pass {wanted}", 3)

    # -- launching ------------------------------------------------------
    def run(self, *args, grid, target=None, num_warps=0, num_stages=0, num_ctas=0,
            check_bounds=False, warmup=False, **kwargs):
        fast = _FAST
        if fast is None:
            fast = _fast_launch()
        if fast and not warmup and not check_bounds:
            runtime_args, constexprs, values = self._binder(*args, **kwargs)
            if callable(grid):
                grid = grid(self._meta(values, num_warps, num_stages))
            r = fast(self._fast_table,
                     (runtime.requested_target(target), num_warps, num_stages, constexprs),
                     runtime_args, constexprs, self._spec_bytes, grid)
            if r.__class__ is _Loaded:
                return r
            if r.__class__ is int:
                raise _capi.runtime_library().error(r)
            return self._run(values, grid, target, num_warps, num_stages, False, False, r)
        return self._run(self.bind(args, kwargs), grid, target, num_warps, num_stages,
                         check_bounds, warmup, None)

    def _meta(self, values, num_warps, num_stages):
        meta = dict(zip(self.arg_names, values))
        meta["num_warps"], meta["num_stages"] = num_warps, num_stages
        return meta

    def _run(self, values, grid, target, num_warps, num_stages, check_bounds, warmup,
             fast_key):
        """The launch in Python: every case. `fast_key`, the fast path's key
        for these arguments (None where it has none), gets the kernel this
        finds."""
        requested = runtime.requested_target(target)
        resolved = _resolved.get(requested)
        if resolved is None:
            sel = runtime.select(requested)
            device = None if warmup and not sel.has_device else runtime.device(requested)
            if device is not None:
                _resolved[requested] = (sel, device)
        else:
            sel, device = resolved
        codes, constexprs, launch_values, sizes = self._specialize(values, device)
        # Types are part of the key: True == 1 == 1.0, but they compile apart.
        key = (requested, tuple(codes), tuple(constexprs), tuple(map(type, constexprs)),
               num_warps or 0, num_stages or 0, bool(check_bounds))
        loaded = self._loaded.get(key)
        if loaded is None:
            loaded = self._compile(sel, device, codes, constexprs, num_warps or 0,
                                   num_stages or 0, bool(check_bounds))
            if device is not None:
                self._loaded[key] = loaded
        if warmup:
            return loaded
        if fast_key is not None:
            kinds = _fast_kinds(loaded.scalar_types)
            if kinds is not None:
                self._fast_table[fast_key] = (loaded.handle.value or 0, kinds, loaded)
        if callable(grid):
            grid = grid(self._meta(values, num_warps, num_stages))
        gx, gy, gz = _grid3(grid)
        n = loaded.num_args
        array = _U64_ARRAYS[n]
        vals = array(*[v if t is None else scalar_bits(v, t)
                       for v, t in zip(launch_values, loaded.scalar_types)])
        code = _launch(loaded.handle, gx, gy, gz, n, vals, array(*sizes))
        if code != 0:
            raise _capi.runtime_library().error(code)
        return loaded

    def warmup(self, *args, grid=None, **kwargs):
        """Compiles (and loads, where the target has a device) the
        specialization these arguments make, without launching: for
        example, to fill the cache for another machine with
        target="nvidia:sm_90a"."""
        return self.run(*args, grid=grid, warmup=True, **kwargs)

    def time(self, *args, grid, repeat=None, rep_ms=25.0, **kwargs):
        """Device time of one launch in milliseconds (the plugin's timing
        events over many launches)."""
        loaded = self.run(*args, grid=grid, **kwargs)
        return time_loaded(self, loaded, args, kwargs, grid, repeat, rep_ms)

    def _compile(self, sel, device, codes, constexprs, num_warps, num_stages, check_bounds):
        signature = ",".join(codes)
        cnames = [p.name for p in self.params if p.is_constexpr]
        ctext = {name: constexpr_text(v) for name, v in zip(cnames, constexprs)}
        material = {
            "tessel": _capi.runtime_library().tessel_version().decode(),
            "source": self.source_hash, "kernel": self.__name__, "signature": signature,
            "constexprs": ctext, "target": sel.target, "plugin": sel.plugin,
            "plugin_version": sel.plugin_version, "plugin_abi": sel.plugin_abi,
            "num_warps": num_warps, "num_stages": num_stages, "check_bounds": check_bounds,
        }
        key = hashlib.sha256(json.dumps(material, sort_keys=True).encode()).hexdigest()
        directory = cache.spec_dir(self.__name__, self.source_hash, key)
        with self._lock:
            hit = cache.load(directory, key)
            dump = os.environ.get("TESSEL_DUMP_IR")
            if hit is None or dump:
                metadata, entry = self._compile_into(directory, key, material, sel,
                                                     signature, ctext, dump)
            else:
                metadata, entry = hit
                self.cache_loads += 1
        scalar_types = [None if c.startswith("*") else c.split(":")[0] for c in codes]
        if device is None:
            return _Loaded(None, metadata, directory, None, scalar_types)
        lib = _capi.runtime_library()
        handle = ctypes.c_void_p()
        code = lib.kernel_load(device.handle, entry, len(entry), key.encode(),
                               ctypes.byref(handle))
        if code == 15 and hit is not None and _capi.compiler_library() is not None:
            # DATA_LOSS: the cached entry is damaged. Compile it again and
            # replace the folder.
            self.cache_loads -= 1
            with self._lock:
                metadata, entry = self._compile_into(directory, key, material, sel,
                                                     signature, ctext, dump)
            code = lib.kernel_load(device.handle, entry, len(entry), key.encode(),
                                   ctypes.byref(handle))
        if code != 0:
            raise lib.error(code)
        return _Loaded(handle, metadata, directory, device, scalar_types)

    def _compile_into(self, directory, key, material, sel, signature, ctext, dump):
        cc = _capi.compiler_library()
        if cc is None:
            raise NotInCacheError(
                f"kernel '{self.__name__}' ({signature}; "
                f"{', '.join(f'{k}={v}' for k, v in ctext.items()) or 'no constexprs'}; "
                f"{sel.target}) is not in the cache ({directory}) and this installation "
                "has no compiler (libtessel_compiler.so): compile it where Tessel's "
                "compiler is installed, with kernel.warmup(..., target=...), and copy "
                "the cache folder here", 5)
        # The stages the plugin makes anyway go into the cache folder at
        # every compile; those that cost a compile more (the CPU's assembly)
        # only when TESSEL_DUMP_IR asks for everything.
        flags = _capi.CC_KEEP_STAGES
        if dump:
            flags |= _capi.CC_DUMP_PASSES
        else:
            flags |= _capi.CC_BY_PRODUCTS_ONLY
        if material["check_bounds"]:
            flags |= _capi.CC_CHECK_BOUNDS
        if not runtime._isolated_set_up():
            flags |= _capi.CC_SETUP_IN_PROCESS
        start = time.perf_counter()
        info, entry, files = cc.compile_kernel(
            plugin_paths=":".join(_capi.plugin_paths()), target=sel.target,
            file_name=self.source_file, source=self.source, kernel=self.__name__,
            signature=signature,
            constexprs="\n".join(f"{k}={v}" for k, v in ctext.items()),
            num_warps=material["num_warps"], num_stages=material["num_stages"],
            flags=flags, key=key)
        metadata = dict(material, key=key, entry_file=f"{self.__name__}.tkc",
                        source_file=self.source_file, compiled=info,
                        compile_wall_ms=(time.perf_counter() - start) * 1e3,
                        created=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
        cache.store(directory, metadata, entry, files)
        self.compilations += 1
        if dump:
            os.makedirs(dump, exist_ok=True)
            for name, data in files.items():
                with open(os.path.join(dump, name), "wb") as f:
                    f.write(data)
        return metadata, entry


# Per process: the resolved target and device of each target request, the
# ctypes array type of each argument count, and the launch entry.
_resolved = {}


class _ArrayTypes(dict):
    def __missing__(self, n):
        array = self[n] = ctypes.c_uint64 * n
        return array


_U64_ARRAYS = _ArrayTypes()


# The fast path's launch function (fastlaunch.c), False where there is
# none; looked up at the first launch.
_FAST = None


def _fast_launch():
    global _FAST
    module = _capi.fast_launch()
    _FAST = module.launch if module is not None else False
    return _FAST


_KINDS = {"fp32": "f", "fp64": "d", "i1": "b", "i8": "i", "i16": "i", "i32": "i",
          "i64": "i", "u8": "i", "u16": "i", "u32": "i", "u64": "i"}


def _fast_kinds(scalar_types):
    """What the fast path makes of each argument ('p' pointer, 'i' integer,
    'f' fp32, 'd' fp64, 'b' bool), or None when one is beyond it."""
    kinds = []
    for t in scalar_types:
        k = "p" if t is None else _KINDS.get(t)
        if k is None:
            return None
        kinds.append(k)
    return "".join(kinds).encode()


def _make_binder(name, params):
    """A function with the kernel's parameters (names and defaults) that
    returns (runtime arguments, constexpr values, all values): Python's own
    call rules bind the launch's arguments, and say what is wrong when they
    do not fit."""
    defaults = {}
    spelled = []
    for p in params:
        if p.default is inspect.Parameter.empty:
            spelled.append(p.name)
        else:
            defaults[f"__tessel_default_{p.index}"] = p.default
            spelled.append(f"{p.name}=__tessel_default_{p.index}")
    runtime_names = "".join(p.name + ", " for p in params if not p.is_constexpr)
    constexpr_names = "".join(p.name + ", " for p in params if p.is_constexpr)
    all_names = "".join(p.name + ", " for p in params)
    # Named for the kernel: Python's messages then name it.
    source = (f"def {name}({', '.join(spelled)}):\n"
              f"    return ({runtime_names}), ({constexpr_names}), ({all_names})\n")
    scope = dict(defaults)
    exec(compile(source, "<tessel binder>", "exec"), scope)
    return scope[name]


def _launch(*args):
    global _launch
    _launch = _capi.runtime_library().launch
    return _launch(*args)


# Types already seen to be arrays: they skip the scalar conversions.
_ARRAY_TYPES = set()


def _plain_scalar(v):
    """A subclass of bool/int/float, or a NumPy scalar, as the plain Python
    value; anything else unchanged."""
    if isinstance(v, bool):
        return bool(v)
    if isinstance(v, int):
        return int(v)
    if isinstance(v, float):
        return float(v)
    if getattr(v, "shape", None) == () and hasattr(v, "item"):
        item = v.item()
        if isinstance(item, (bool, int, float)):
            return item
    return v


def _grid3(grid):
    if type(grid) is tuple and len(grid) == 1:
        return int(grid[0]), 1, 1
    if isinstance(grid, int):
        return grid, 1, 1
    g = tuple(grid)
    if not 1 <= len(g) <= 3:
        raise TesselError(f"a grid has 1 to 3 dimensions, got {grid!r}", 3)
    g = g + (1,) * (3 - len(g))
    return int(g[0]), int(g[1]), int(g[2])


def time_loaded(jit, loaded, args, kwargs, grid, repeat, rep_ms):
    """Times `loaded` with the launch values of (args, kwargs)."""
    values = jit.bind(args, {k: v for k, v in kwargs.items() if k in jit._by_name})
    _, _, launch_values, sizes = jit._specialize(values, loaded.device)
    if callable(grid):
        meta = dict(zip(jit.arg_names, values))
        grid = grid(meta)
    gx, gy, gz = _grid3(grid)
    n = loaded.num_args
    vals = (ctypes.c_uint64 * n)()
    szs = (ctypes.c_uint64 * n)(*sizes) if n else vals
    for i, (v, t) in enumerate(zip(launch_values, loaded.scalar_types)):
        vals[i] = v if t is None else scalar_bits(v, t)
    lib = _capi.runtime_library()
    ms = ctypes.c_double()
    if repeat is None:
        lib.check(lib.time(loaded.handle, gx, gy, gz, n, vals, szs, 1, 1, ctypes.byref(ms)))
        repeat = max(1, min(1000, int(rep_ms / max(ms.value, 1e-3))))
    lib.check(lib.time(loaded.handle, gx, gy, gz, n, vals, szs, 1, repeat, ctypes.byref(ms)))
    return ms.value


def load(path, name, **options):
    """The kernel `name` of the file `path`, read without importing the file
    (so a file written for Triton needs no `triton` module here)."""
    import ast
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), filename=path)
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == name:
            args = node.args
            if args.vararg or args.kwarg or args.kwonlyargs or args.posonlyargs:
                raise TesselError(f"{path}:{node.lineno}: kernel '{name}' takes only "
                                  "plain parameters", 3)
            defaults = [inspect.Parameter.empty] * (len(args.args) - len(args.defaults))
            for d in args.defaults:
                try:
                    defaults.append(ast.literal_eval(d))
                except ValueError:
                    raise TesselError(f"{path}:{d.lineno}: the default of a kernel "
                                      "parameter must be a literal", 3) from None
            parameters = []
            for a, default in zip(args.args, defaults):
                ann = ast.unparse(a.annotation) if a.annotation is not None else \
                    inspect.Parameter.empty
                parameters.append((a.arg, _is_constexpr_annotation(ann), default))
            return JITFunction(None, _source=(path, name, parameters), **options)
    raise TesselError(f"{path}: no function named '{name}'", 5)


def jit(fn=None, **options):
    """@tessel.jit, @tessel.jit(do_not_specialize=[...]); also takes a
    Triton @triton.jit function, whose Python function it compiles."""
    def wrap(f):
        inner = getattr(f, "fn", None)
        if inner is not None and type(f).__name__ == "JITFunction" and \
                not isinstance(f, JITFunction):
            f = inner  # triton.runtime.jit.JITFunction
        if isinstance(f, JITFunction):
            return f
        return JITFunction(f, **options)
    return wrap(fn) if fn is not None else wrap
