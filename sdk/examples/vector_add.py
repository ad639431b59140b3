# The SDK's example kernel: out = x + y over n elements, in blocks of BLOCK.
# The plugin template's walkthrough (template/README.md) and the tile IR
# kit's (ir/README.md) compile it, so that a vendor with only sdk/ can
# follow them.
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, x + y, mask=mask)
