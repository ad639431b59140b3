# A libdevice function that Tessel does not implement is named, not undefined.
# expect-error: 11:9: libdevice function 'j1' is not supported by Tessel yet (docs/language.md lists the libdevice functions it implements)
# kernel: k
# signature: *fp32
import triton
import triton.language as tl
from triton.language.extra import libdevice

@triton.jit
def k(x_ptr):
    y = libdevice.j1(tl.load(x_ptr))
    tl.store(x_ptr, y)
