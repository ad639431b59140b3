# conformance: atomics, with contention (many lanes of many programs on few
# addresses) and without (exchange and compare-and-swap per lane).
import triton
import triton.language as tl


@triton.jit
def atomic_bins(x_ptr, bins_ptr, n, NBINS: tl.constexpr, OP: tl.constexpr,
                BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    p = bins_ptr + offs % NBINS
    if OP == "add":
        tl.atomic_add(p, x, mask=mask)
    elif OP == "max":
        tl.atomic_max(p, x, mask=mask)
    elif OP == "min":
        tl.atomic_min(p, x, mask=mask)
    elif OP == "and":
        tl.atomic_and(p, x, mask=mask)
    elif OP == "or":
        tl.atomic_or(p, x, mask=mask)
    elif OP == "xor":
        tl.atomic_xor(p, x, mask=mask)


@triton.jit
def atomic_counter(counter_ptr, n, BLOCK: tl.constexpr):
    # Every live lane of every program increments one counter.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    ones = tl.full([BLOCK], 1, dtype=tl.int32)
    tl.atomic_add(counter_ptr + offs * 0, ones, mask=offs < n)


@triton.jit
def atomic_xchg(p_ptr, x_ptr, old_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    old = tl.atomic_xchg(p_ptr + offs, x, mask=mask)
    tl.store(old_ptr + offs, old, mask=mask)


@triton.jit
def atomic_cas(p_ptr, cmp_ptr, val_ptr, old_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    c = tl.load(cmp_ptr + offs, mask=mask)
    v = tl.load(val_ptr + offs, mask=mask)
    old = tl.atomic_cas(p_ptr + offs, c, v)
    tl.store(old_ptr + offs, old, mask=mask)


@triton.jit
def atomic_last_sums(x_ptr, ws_ptr, count_ptr, out_ptr, BLOCK: tl.constexpr,
                     PROGRAMS: tl.constexpr):
    # Each program publishes its block (doubled) in the workspace and counts
    # itself in with the default semantics (acq_rel); the last to arrive
    # must see every other program's block, and sums them. No barrier in
    # the kernel: the atomic's semantics are the whole program's. The count
    # is count_ptr[1] (zero before the launch).
    pid = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + pid * BLOCK + offs)
    tl.store(ws_ptr + pid * BLOCK + offs, x * 2)
    arrived = tl.atomic_add(count_ptr + 1, 1)
    if arrived == PROGRAMS - 1:
        total = tl.zeros((BLOCK,), dtype=tl.int32)
        for p in range(0, PROGRAMS):
            total += tl.load(ws_ptr + p * BLOCK + offs)
        tl.store(out_ptr + offs, total)
