# conformance: control flow on runtime values: if/else on a scalar, for
# loops with carried tiles, while loops, nested loops, static_range, calls
# of @jit helpers.
import triton
import triton.language as tl


@triton.jit
def _affine(x, a, b):
    return x * a + b


@triton.jit
def if_scalar(x_ptr, out_ptr, n, flag, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    if flag > 0:
        y = x * 2
    else:
        y = x - 1
    tl.store(out_ptr + offs, y, mask=mask)


@triton.jit
def if_program(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # Branch on the program id: even programs negate, odd ones add 3.
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    if pid % 2 == 0:
        y = -x
    elif pid == 1:
        y = x + 3
    else:
        y = x + 5
    tl.store(out_ptr + offs, y, mask=mask)


@triton.jit
def for_carry(x_ptr, out_ptr, n, iters, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    acc = tl.zeros([BLOCK], dtype=x.dtype)
    for i in range(iters):
        acc = acc + x * i
    tl.store(out_ptr + offs, acc, mask=mask)


@triton.jit
def for_step(x_ptr, out_ptr, n, start, stop, step, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    for i in tl.range(start, stop, step):
        x = x + i
    tl.store(out_ptr + offs, x, mask=mask)


@triton.jit
def while_loop(out_ptr, limit):
    v = 1
    count = 0
    while v < limit:
        v = v * 3
        count += 1
    tl.store(out_ptr, v)
    tl.store(out_ptr + 1, count)


@triton.jit
def nested(x_ptr, out_ptr, n, outer, inner, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    acc = tl.zeros([BLOCK], dtype=tl.int32)
    for i in range(outer):
        for j in range(inner):
            acc += x * (i + 1) - j
    tl.store(out_ptr + offs, acc, mask=mask)


@triton.jit
def static_unroll(x_ptr, out_ptr, n, BLOCK: tl.constexpr, STEPS: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    for i in tl.static_range(STEPS):
        x = _affine(x, 2, i)
    tl.store(out_ptr + offs, x, mask=mask)


@triton.jit
def loop_if(x_ptr, out_ptr, n, iters, BLOCK: tl.constexpr):
    # A runtime `if` inside a runtime loop, on the induction variable.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    for i in range(iters):
        if i % 3 == 0:
            x = x + 1
        else:
            x = x * 2
    tl.store(out_ptr + offs, x, mask=mask)
