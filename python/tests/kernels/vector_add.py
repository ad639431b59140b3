"""Vector add, as the tests launch it."""
import tessel
import tessel.language as tl


@tessel.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, x + y, mask=mask)


@tessel.jit
def scale_kernel(x_ptr, out_ptr, n, factor, BLOCK: tl.constexpr, DTYPE: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, (x * factor).to(DTYPE), mask=mask)


@tessel.jit
def fill_2d(out_ptr, stride, VALUE: tl.constexpr):
    # One program per (row, column) of a 2-D grid.
    r = tl.program_id(0)
    c = tl.program_id(1)
    tl.store(out_ptr + r * stride + c, VALUE + r * 100 + c)


@tessel.autotune(configs=[tessel.Config({"BLOCK": 32}, num_warps=1),
                          tessel.Config({"BLOCK": 128}, num_warps=1),
                          tessel.Config({"BLOCK": 512}, num_warps=1)],
                 key=["n"])
@tessel.jit
def tuned_add(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask),
             mask=mask)


@tessel.autotune(key=["n"])
@tessel.jit
def default_tuned_add(x_ptr, y_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask),
             mask=mask)


@tessel.heuristics({"BLOCK": lambda args: tessel.next_power_of_2(args["n"])})
@tessel.jit
def whole_row_sum(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.store(out_ptr, tl.sum(x, axis=0))
