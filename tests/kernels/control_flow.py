# Early exits the way published kernels write them: a guard that returns
# before any work, helpers that return from inside an if, loops that break
# or continue on runtime values, and tuples carried through a loop.
import triton
import triton.language as tl


@triton.jit
def _scale_or_keep(x, s):
    if s > 1.0:
        return x * s
    return x


@triton.jit
def early_return_kernel(x_ptr, out_ptr, n, scale, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    if pid * BLOCK >= n:
        return
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, _scale_or_keep(x, scale), mask=mask)


@triton.jit
def first_above_kernel(x_ptr, out_ptr, n_cols, stride, threshold, BLOCK: tl.constexpr):
    # Scans one row in chunks and stops at the first chunk holding a value
    # above the threshold; writes its column (or -1).
    row = tl.program_id(0)
    found = -1
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * stride + cols, mask=cols < n_cols, other=float("-inf"))
        hit = tl.where(x > threshold, cols, n_cols)
        first = tl.min(hit, axis=0)
        if first < n_cols:
            found = first
            break
    tl.store(out_ptr + row, found)


@triton.jit
def skip_negative_chunks_kernel(x_ptr, out_ptr, n_cols, stride, BLOCK: tl.constexpr):
    # Sums the chunks of a row whose sum is not negative.
    row = tl.program_id(0)
    total = 0.0
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * stride + cols, mask=cols < n_cols, other=0.0)
        s = tl.sum(x, axis=0)
        if s < 0:
            continue
        total += s
    tl.store(out_ptr + row, total)


@triton.jit
def while_true_kernel(x_ptr, out_ptr, n, limit):
    # Counts how many leading elements fit under a running limit.
    pid = tl.program_id(0)
    i = 0
    acc = 0.0
    while True:
        if i >= n:
            break
        v = tl.load(x_ptr + i)
        if acc + v > limit:
            break
        acc += v
        i += 1
    tl.store(out_ptr + pid, i)


@triton.jit
def static_break_kernel(x_ptr, out_ptr, n, NUM: tl.constexpr):
    # An unrolled loop with a runtime break: later iterations do not run.
    acc = 0.0
    for i in tl.static_range(NUM):
        if i >= n:
            break
        acc += tl.load(x_ptr + i)
    tl.store(out_ptr, acc)


@triton.jit
def return_in_loop_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # Copies chunks until one starts with a negative value, then stops.
    for start in range(0, n, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        head = tl.load(x_ptr + start)
        if head < 0:
            return
        tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)


@triton.jit
def tuple_carry_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # A running (sum, max) pair carried as one tuple.
    stats = (tl.zeros([BLOCK], dtype=tl.float32), tl.full([BLOCK], float("-inf"), tl.float32))
    for start in range(0, n, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
        stats = (stats[0] + x, tl.maximum(stats[1], x))
    s, m = stats
    tl.store(out_ptr, tl.sum(s, axis=0))
    tl.store(out_ptr + 1, tl.max(m, axis=0))
