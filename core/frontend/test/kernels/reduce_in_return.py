# Helpers whose return expression calls tl.reduce and tl.associative_scan
# with a @jit combiner, nested several calls deep: each combiner is inlined
# while the helper's own return is being lowered.
import triton
import triton.language as tl


@triton.jit
def combine(a, b):
    return a + b


@triton.jit
def row_total(x):
    return tl.reduce(x, 1, combine)


@triton.jit
def prefix(x):
    return tl.associative_scan(row_total(x), 0, combine)


@triton.jit
def prefix_twice(x):
    return tl.associative_scan(prefix(x), 0, combine) + tl.reduce(prefix(x), 0, combine)


@triton.jit
def prefix_total(x):
    return tl.reduce(prefix_twice(x), 0, combine), prefix_twice(x)


@triton.jit
def reduce_in_return(x_ptr, out_ptr, BLOCK: tl.constexpr):
    rows = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + rows[:, None] * BLOCK + rows[None, :])
    total, scanned = prefix_total(x)
    tl.store(out_ptr + rows, scanned + total)
