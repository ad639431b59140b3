"""The process's Tessel runtime: plugins, the target of launches, devices.

The target of a launch is, first match wins: the launch's `target=`,
`tessel.set_target(...)`, the TESSEL_TARGET environment variable, `auto`
(the runtime's rule: a GPU before the CPU; docs/runtime.md).
"""
import ctypes
import json
import os
import threading

from . import _capi
from .errors import TesselError

_lock = threading.RLock()
_runtime = None
_target_override = None
_selections = {}
_devices = {}


class Device:
    """One device of one plugin (where kernels of a target run)."""

    def __init__(self, handle, target):
        self.handle = handle
        self.target = target
        lib = _capi.runtime_library()
        self.info = json.loads(lib.take_string(lib.device_describe, handle))
        self.plugin = self.info["plugin"]
        # Memory the arrays of a launch must live in.
        self.is_host = self.plugin == "cpu"

    def synchronize(self):
        lib = _capi.runtime_library()
        lib.check(lib.device_synchronize(self.handle))

    def __repr__(self):
        return f"<tessel.Device {self.info['description']} for {self.target}>"


class Selection:
    """A resolved target: its canonical string and the plugin behind it."""

    def __init__(self, info):
        self.target = info["target"]
        self.plugin = info["plugin"]
        self.plugin_version = info.get("plugin_version", "")
        self.plugin_abi = info.get("plugin_abi", "")
        self.source = info["source"]
        self.has_device = info["has_device"]
        self.has_compiler = info["has_compiler"]


def _isolated_set_up():
    # Plugins are set up in this process by default: a forked child of a
    # process that has initialized CUDA (any PyTorch program that touched
    # the GPU) cannot use the driver, so a probe there would see no device.
    return os.environ.get("TESSEL_ISOLATE_PLUGINS", "") not in ("", "0")


def cache_dir():
    """The cache root: TESSEL_CACHE_DIR, else $XDG_CACHE_HOME/tessel, else
    ~/.cache/tessel (the runtime's own rule, core/runtime/CacheDirectory.h)."""
    env = os.environ.get("TESSEL_CACHE_DIR")
    if env:
        return env
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg and os.path.isabs(xdg):
        return os.path.join(xdg, "tessel")
    return os.path.join(os.path.expanduser("~"), ".cache", "tessel")


def runtime():
    """The process's runtime handle (created on first use)."""
    global _runtime
    if _runtime is None:
        with _lock:
            if _runtime is None:
                lib = _capi.runtime_library()
                flags = 0 if _isolated_set_up() else _capi._RT_SETUP_IN_PROCESS
                handle = ctypes.c_void_p()
                paths = ":".join(_capi.plugin_paths())
                lib.check(lib.create(paths.encode(), cache_dir().encode(), flags,
                                     ctypes.byref(handle)))
                _runtime = handle
    return _runtime


def set_target(target):
    """Sets the target of later launches that do not name one ("cpu",
    "nvidia:sm_90a", "auto"); None goes back to TESSEL_TARGET / auto."""
    global _target_override
    with _lock:
        _target_override = target


def requested_target(target=None):
    if target is not None:
        return target
    if _target_override is not None:
        return _target_override
    return os.environ.get("TESSEL_TARGET", "")


def select(target=None):
    """Resolves a target request to a Selection (cached per request)."""
    requested = requested_target(target)
    sel = _selections.get(requested)
    if sel is None:
        with _lock:
            lib = _capi.runtime_library()
            info = json.loads(lib.take_string(lib.select_target, runtime(),
                                              requested.encode()))
            sel = _selections[requested] = Selection(info)
    return sel


def get_target(target=None):
    """The canonical target string a launch would use."""
    return select(target).target


def device(target=None):
    """The device of the target (opened once per process)."""
    sel = select(target)
    dev = _devices.get(sel.target)
    if dev is None:
        with _lock:
            dev = _devices.get(sel.target)
            if dev is None:
                if not sel.has_device:
                    raise TesselError(
                        f"target '{sel.target}' has no device on this machine: kernels "
                        "can be compiled for it (kernel.warmup(..., target=...)) but "
                        "not launched", 9)
                lib = _capi.runtime_library()
                handle = ctypes.c_void_p()
                lib.check(lib.open_device(runtime(), sel.target.encode(),
                                          ctypes.byref(handle)))
                dev = _devices[sel.target] = Device(handle, sel.target)
    return dev


def plugins():
    """What the runtime found: {"plugins": [...], "failures": [...]}."""
    lib = _capi.runtime_library()
    return json.loads(lib.take_string(lib.plugins, runtime()))


def synchronize(target=None):
    device(target).synchronize()


def tuning_space(target, entry, tunables, problem):
    lib = _capi.runtime_library()
    text = lib.take_string(lib.tuning_space, runtime(), target.encode(), entry.encode(),
                           ",".join(tunables).encode(),
                           ",".join(f"{k}={int(v)}" for k, v in problem.items()).encode())
    return json.loads(text)
