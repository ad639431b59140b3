# Module-level constexprs as published kernels declare them, dicts of
# constexprs, and a helper whose tl.constexpr parameter gets a runtime value.
import triton
import triton.language as tl

ROWS: tl.constexpr = tl.constexpr(4)
SCALE = tl.constexpr(0.5)
USE_SQUARE: tl.constexpr = True
CONFIG = {"BLOCK": 128, "OFFSET": 3.0}


@triton.jit
def _apply(x, factor: tl.constexpr):
    # Triton ignores the annotation on an inlined call: factor may be a
    # runtime scalar here.
    return x * factor


@triton.jit
def globals_kernel(x_ptr, out_ptr, n_elements, factor):
    offsets = tl.program_id(0) * CONFIG["BLOCK"] + tl.arange(0, CONFIG["BLOCK"])
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    if USE_SQUARE:
        x = x * x
    modes = {"scale": SCALE, 1: ROWS}
    y = x * modes["scale"] + modes[1] + CONFIG["OFFSET"]
    tl.store(out_ptr + offsets, _apply(y, factor), mask=mask)
