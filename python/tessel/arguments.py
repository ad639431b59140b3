"""Kernel arguments: how each Python value specializes a kernel and what
reaches the launch.

The specialization follows Triton's launcher, with one finer fact: an
array becomes `*<dtype>`, with `:16` when its address is a multiple of 16;
an integer becomes `i32` (or `i64`, `u64` by range) with `:16` when
divisible by 16, `:8` when divisible by 8 but not 16, and `:1` when it is 1;
a float `fp32`; a bool `i1`. Triton's launcher no longer derives the `:8`
fact; with it, rows of 16-bit elements whose length is a multiple of 8 (a
GEMM with N = 5000) still move in 16-byte vectors. Parameters named in
`do_not_specialize` keep only their type.

Arrays: NumPy arrays (host memory: the CPU target), objects with
`__cuda_array_interface__` or `__dlpack__` (device memory), PyTorch tensors
(`data_ptr()`), and tessel.Buffer. Each gives (address, extent in bytes).
"""
import ctypes
import struct

from . import _capi
from .errors import TesselError

_NUMPY_DTYPES = {
    "bool": "i1", "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
    "uint8": "u8", "uint16": "u16", "uint32": "u32", "uint64": "u64",
    "float16": "fp16", "float32": "fp32", "float64": "fp64",
}
_TORCH_DTYPES = {
    "torch.bool": "i1", "torch.int8": "i8", "torch.int16": "i16", "torch.int32": "i32",
    "torch.int64": "i64", "torch.uint8": "u8", "torch.uint16": "u16",
    "torch.uint32": "u32", "torch.uint64": "u64", "torch.float16": "fp16",
    "torch.bfloat16": "bf16", "torch.float32": "fp32", "torch.float64": "fp64",
    "torch.float8_e4m3fn": "fp8e4nv", "torch.float8_e5m2": "fp8e5",
}
# Array-interface type strings ("<f4") and DLPack (code, bits).
_TYPESTR = {"b1": "i1", "i1": "i8", "i2": "i16", "i4": "i32", "i8": "i64", "u1": "u8",
            "u2": "u16", "u4": "u32", "u8": "u64", "f2": "fp16", "f4": "fp32", "f8": "fp64"}
_DLPACK = {(0, 8): "i8", (0, 16): "i16", (0, 32): "i32", (0, 64): "i64", (1, 8): "u8",
           (1, 16): "u16", (1, 32): "u32", (1, 64): "u64", (2, 16): "fp16",
           (2, 32): "fp32", (2, 64): "fp64", (4, 16): "bf16", (6, 8): "i1"}

_torch_names = {}


def _torch_dtype(dt):
    name = _torch_names.get(dt)
    if name is None:
        name = _torch_names[dt] = _TORCH_DTYPES.get(str(dt))
        if name is None:
            raise TesselError(f"tensors of {dt} cannot be kernel arguments", 3)
    return name


def _extent(shape, strides, itemsize):
    """Bytes from the first element to the end of the last one."""
    if any(s == 0 for s in shape):
        return 0
    last = sum((n - 1) * st for n, st in zip(shape, strides) if st > 0)
    return (last + 1) * itemsize


class Array:
    """Where an array argument lives: address, extent, element type, and
    whether it is host memory."""
    __slots__ = ("address", "nbytes", "dtype", "host", "owner")

    def __init__(self, address, nbytes, dtype, host, owner=None):
        self.address, self.nbytes, self.dtype, self.host = address, nbytes, dtype, host
        self.owner = owner


def _torch_array(t):
    dtype = _torch_names.get(t.dtype) or _torch_dtype(t.dtype)
    if t.is_contiguous():
        nbytes = t.nbytes
    else:
        nbytes = _extent(t.shape, t.stride(), t.element_size())
    return (t.data_ptr(), nbytes, dtype, not t.is_cuda, None)


_numpy_names = {}


def _numpy_array(a):
    ptr = a.ctypes.data
    dt = a.dtype
    dtype = _numpy_names.get(dt)
    if dtype is None:
        dtype = _numpy_names[dt] = _NUMPY_DTYPES.get(dt.name)
        if dtype is None:
            raise TesselError(f"NumPy arrays of {dt} cannot be kernel arguments", 3)
    if a.flags.c_contiguous:
        nbytes = a.nbytes
    else:
        nbytes = _extent(a.shape, [s // a.itemsize for s in a.strides], a.itemsize)
    return (ptr, nbytes, dtype, True, a)


def _interface_array(obj, interface, host):
    ptr = interface["data"][0]
    typestr = interface["typestr"]
    dtype = _TYPESTR.get(typestr[1:])
    if dtype is None:
        raise TesselError(f"arrays of type '{typestr}' cannot be kernel arguments", 3)
    itemsize = int(typestr[2:])
    shape = interface["shape"]
    strides = interface.get("strides")
    if strides is None:
        n = 1
        for s in shape:
            n *= s
        nbytes = n * itemsize
    else:
        nbytes = _extent(shape, [s // itemsize for s in strides], itemsize)
    return (ptr, nbytes, dtype, host, obj)


class _DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class _DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class _DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", _DLDevice), ("ndim", ctypes.c_int32),
                ("dtype", _DLDataType), ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64)]


def _dlpack_array(obj):
    capsule = obj.__dlpack__()
    get = ctypes.pythonapi.PyCapsule_GetPointer
    get.restype = ctypes.c_void_p
    get.argtypes = [ctypes.py_object, ctypes.c_char_p]
    # DLManagedTensor starts with its DLTensor.
    tensor = _DLTensor.from_address(get(capsule, b"dltensor"))
    dtype = _DLPACK.get((tensor.dtype.code, tensor.dtype.bits))
    if dtype is None or tensor.dtype.lanes != 1:
        raise TesselError("this DLPack tensor's type cannot be a kernel argument", 3)
    itemsize = max(1, tensor.dtype.bits // 8)
    shape = [tensor.shape[i] for i in range(tensor.ndim)]
    if tensor.strides:
        strides = [tensor.strides[i] for i in range(tensor.ndim)]
    else:
        strides, step = [], 1
        for n in reversed(shape):
            strides.insert(0, step)
            step *= n
    address = (tensor.data or 0) + tensor.byte_offset
    # kDLCPU = 1, kDLCUDAHost = 3 are host memory.
    host = tensor.device.device_type in (1, 3)
    # The capsule keeps the memory alive; hold it for the launch.
    return (address, _extent(shape, strides, itemsize), dtype, host, capsule)


def _buffer_array(value):
    # The runtime's buffers start 16-byte aligned; the launch passes the
    # handle itself (nbytes = the C interface's handle marker).
    return (value.handle.value, _capi.BUFFER_HANDLE, value.dtype, value.device.is_host,
            value)


def _not_an_array(value):
    return None


# The handler of each argument type, found once per type: a launch then
# costs one dictionary lookup per argument to classify it.
_HANDLERS = {}


def _handler_for(cls):
    from .buffer import Buffer
    if issubclass(cls, Buffer):
        return _buffer_array
    if cls.__module__.startswith("torch") and hasattr(cls, "data_ptr"):
        _fast_path_takes(cls)
        return _torch_array
    if cls.__module__ == "numpy" and hasattr(cls, "__array_interface__"):
        return _numpy_array
    if hasattr(cls, "__cuda_array_interface__"):
        return lambda v: _interface_array(v, v.__cuda_array_interface__, False)
    if hasattr(cls, "__dlpack__"):
        return _dlpack_array
    if hasattr(cls, "__array_interface__"):
        return lambda v: _interface_array(v, v.__array_interface__, True)
    return None


def _fast_path_takes(cls):
    """Lets the launch fast path (fastlaunch.c) take tensors of `cls`: it
    reads what _torch_array reads."""
    try:
        fast = _capi.fast_launch()
    except TesselError:
        return  # no runtime library: nothing launches anyway
    if fast is not None:
        fast.add_tensor_type(cls)


def array_parts(value):
    """(address, nbytes, dtype, host, owner) of a value that is an array,
    else None: the launch's fast path."""
    cls = type(value)
    handler = _HANDLERS.get(cls)
    if handler is None:
        handler = _handler_for(cls)
        if handler is None:
            # An instance attribute (not the class's) may still make it one.
            if hasattr(value, "__cuda_array_interface__"):
                return _interface_array(value, value.__cuda_array_interface__, False)
            if hasattr(value, "__array_interface__"):
                return _interface_array(value, value.__array_interface__, True)
            handler = _not_an_array
        _HANDLERS[cls] = handler
    return handler(value)


def as_array(value):
    """The Array of a value that is one, else None."""
    parts = array_parts(value)
    return None if parts is None else Array(*parts)


def integer_type(v):
    if -(1 << 31) <= v < (1 << 31):
        return "i32"
    if -(1 << 63) <= v < (1 << 63):
        return "i64"
    if 0 <= v < (1 << 64):
        return "u64"
    raise TesselError(f"integer argument {v} does not fit in 64 bits", 3)


_pack_f = struct.Struct("<f").pack
_unpack_I = struct.Struct("<I").unpack
_pack_d = struct.Struct("<d").pack
_unpack_Q = struct.Struct("<Q").unpack

_INTEGERS = frozenset(["i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64"])


def scalar_bits(value, dtype):
    """The bit pattern of a scalar argument of `dtype` (a signature type)."""
    if dtype in _INTEGERS:
        return value & 0xFFFFFFFFFFFFFFFF
    if dtype == "fp32":
        return _unpack_I(_pack_f(float(value)))[0]
    if dtype == "fp64":
        return _unpack_Q(_pack_d(float(value)))[0]
    if dtype == "i1":
        return 1 if value else 0
    if dtype in ("fp16", "bf16"):
        raise TesselError(f"{dtype} scalar arguments are not supported from Python", 3)
    return int(value) & 0xFFFFFFFFFFFFFFFF
