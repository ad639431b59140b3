# libdevice's types: an integer exponent of pow, int32 predicates.
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def pow_int(x_ptr, e_ptr, out_ptr, BLOCK_SIZE: tl.constexpr):
    offsets = tl.arange(0, BLOCK_SIZE)
    x = tl.load(x_ptr + offsets)
    e = tl.load(e_ptr + offsets)
    tl.store(out_ptr + offsets, libdevice.pow(x, e))


@triton.jit
def nan_flags(x_ptr, out_ptr, BLOCK_SIZE: tl.constexpr):
    offsets = tl.arange(0, BLOCK_SIZE)
    tl.store(out_ptr + offsets, libdevice.isnan(tl.load(x_ptr + offsets)))
