"""Vector add: out = x + y, one block of BLOCK elements per program."""
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n  # the last block may be partial
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    # The result is not read again soon: stream it past the caches.
    tl.store(out_ptr + offsets, x + y, mask=mask, eviction_policy="evict_first")


# Host code as in Triton; Tessel's frontend skips it, the C++ host program
# (main.cpp) or `tessel run` launches the kernel instead.
def add(x, y):
    out = torch.empty_like(x)
    n = x.numel()
    grid = lambda meta: (triton.cdiv(n, meta["BLOCK"]),)
    add_kernel[grid](x, y, out, n, BLOCK=1024)
    return out
