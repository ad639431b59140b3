# conformance: leaving loops and kernels early: break, continue (in for and
# while loops, on runtime conditions) and return inside an if.
import triton
import triton.language as tl


@triton.jit
def for_break(x_ptr, out_ptr, limit, BLOCK: tl.constexpr):
    # Each program adds its elements in order while the sum stays <= limit.
    pid = tl.program_id(0)
    acc = 0
    count = 0
    for i in range(BLOCK):
        v = tl.load(x_ptr + pid * BLOCK + i)
        if acc + v > limit:
            break
        acc += v
        count += 1
    tl.store(out_ptr + 2 * pid, acc)
    tl.store(out_ptr + 2 * pid + 1, count)


@triton.jit
def for_continue(x_ptr, out_ptr, BLOCK: tl.constexpr):
    # Sums the even elements of the program's block, counts the odd ones.
    pid = tl.program_id(0)
    acc = 0
    odd = 0
    for i in range(BLOCK):
        v = tl.load(x_ptr + pid * BLOCK + i)
        if v % 2 != 0:
            odd += 1
            continue
        acc += v
    tl.store(out_ptr + 2 * pid, acc)
    tl.store(out_ptr + 2 * pid + 1, odd)


@triton.jit
def while_break(x_ptr, out_ptr, n, target):
    # The index of the first element equal to target, or n.
    i = 0
    while i < n:
        if tl.load(x_ptr + i) == target:
            break
        i += 1
    tl.store(out_ptr, i)


@triton.jit
def tile_break(x_ptr, out_ptr, n_blocks, threshold, BLOCK: tl.constexpr):
    # Accumulates whole blocks until one holds an element above threshold.
    acc = tl.zeros([BLOCK], dtype=tl.int32)
    for b in range(n_blocks):
        x = tl.load(x_ptr + b * BLOCK + tl.arange(0, BLOCK))
        if tl.max(x, axis=0) > threshold:
            break
        acc += x
    tl.store(out_ptr + tl.arange(0, BLOCK), acc)


@triton.jit
def early_return(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # Odd programs return before storing: their part of out keeps its contents.
    pid = tl.program_id(0)
    if pid % 2 == 1:
        return
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x * 3, mask=mask)
