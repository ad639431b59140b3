"""Device memory of the runtime, for machines without another array library
on the device (PyTorch tensors and NumPy arrays are passed as they are)."""
import ctypes

from . import _capi, runtime
from .arguments import as_array

_ITEMSIZE = {"i1": 1, "i8": 1, "u8": 1, "i16": 2, "u16": 2, "fp16": 2, "bf16": 2,
             "i32": 4, "u32": 4, "fp32": 4, "i64": 8, "u64": 8, "fp64": 8,
             "fp8e4nv": 1, "fp8e5": 1}


class Buffer:
    """`count` elements of `dtype` (a signature type: "fp32") on a target's
    device; freed when garbage-collected or by free()."""

    def __init__(self, count, dtype, target=None):
        if dtype not in _ITEMSIZE:
            raise ValueError(f"unknown dtype '{dtype}'")
        self.device = runtime.device(target)
        self.dtype = dtype
        self.count = int(count)
        self.nbytes = self.count * _ITEMSIZE[dtype]
        self._lib = _capi.runtime_library()
        self.handle = ctypes.c_void_p()
        self._lib.check(self._lib.buffer_alloc(self.device.handle, self.nbytes,
                                               ctypes.byref(self.handle)))

    @classmethod
    def from_array(cls, array, target=None):
        """A buffer holding a copy of a NumPy array (or any host array)."""
        info = as_array(array)
        if info is None or not info.host:
            raise TypeError("from_array takes a host array (NumPy)")
        buf = cls(info.nbytes // _ITEMSIZE[info.dtype], info.dtype, target)
        buf._lib.check(buf._lib.buffer_write(buf.handle, 0, info.address, info.nbytes))
        return buf

    def copy_to(self, array):
        """Copies the buffer into a host array of the same size."""
        info = as_array(array)
        if info is None or not info.host or info.nbytes != self.nbytes:
            raise TypeError(f"copy_to takes a host array of {self.nbytes} bytes")
        self._lib.check(self._lib.buffer_read(self.handle, 0, info.address, self.nbytes))
        return array

    def free(self):
        if self.handle:
            self._lib.buffer_free(self.handle)
            self.handle = ctypes.c_void_p()

    def __del__(self):
        try:
            self.free()
        except Exception:  # interpreter shutdown
            pass
