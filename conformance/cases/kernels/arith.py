# conformance: integer and float arithmetic, bitwise operations, shifts,
# division semantics, comparisons and selection. OP picks the operation at
# compile time; the untaken branches are never lowered.
import triton
import triton.language as tl


@triton.jit
def binary(x_ptr, y_ptr, out_ptr, n, OP: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    # other=1: masked-off lanes divide by one (see divide_masked_lanes).
    y = tl.load(y_ptr + offs, mask=mask, other=1)
    if OP == "add":
        z = x + y
    elif OP == "sub":
        z = x - y
    elif OP == "mul":
        z = x * y
    elif OP == "div":
        z = x / y
    elif OP == "floordiv":
        z = x // y
    elif OP == "mod":
        z = x % y
    elif OP == "and":
        z = x & y
    elif OP == "or":
        z = x | y
    elif OP == "xor":
        z = x ^ y
    elif OP == "shl":
        z = x << y
    elif OP == "shr":
        z = x >> y
    elif OP == "maximum":
        z = tl.maximum(x, y)
    elif OP == "minimum":
        z = tl.minimum(x, y)
    tl.store(out_ptr + offs, z, mask=mask)


@triton.jit
def compare(x_ptr, y_ptr, out_ptr, n, OP: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    if OP == "lt":
        z = x < y
    elif OP == "le":
        z = x <= y
    elif OP == "gt":
        z = x > y
    elif OP == "ge":
        z = x >= y
    elif OP == "eq":
        z = x == y
    elif OP == "ne":
        z = x != y
    tl.store(out_ptr + offs, z, mask=mask)


@triton.jit
def select(c_ptr, x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    c = tl.load(c_ptr + offs, mask=mask)
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, tl.where(c != 0, x, y), mask=mask)


@triton.jit
def scalar_mul(x_ptr, out_ptr, a, n, BLOCK: tl.constexpr):
    # A runtime scalar of the element type in arithmetic with a tile. (A
    # single operation: a multiply-add may be contracted into an fma.)
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x * a, mask=mask)


@triton.jit
def unary(x_ptr, out_ptr, n, OP: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    if OP == "neg":
        z = -x
    elif OP == "invert":
        z = ~x
    elif OP == "abs":
        z = tl.abs(x)
    tl.store(out_ptr + offs, z, mask=mask)


@triton.jit
def divide_masked_lanes(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # Masked-off lanes of y are undefined (no `other`): whatever they hold,
    # dividing by them must not trap, and their results are never stored.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x // y + x % y, mask=mask)
