"""vLLM's SiLU-and-mul activation: out = silu(x[..., :d]) * x[..., d:], one
program per (token, block of d)."""
import triton
import triton.language as tl


@triton.jit
def _silu_and_mul_kernel(
    o_ptr,
    o_stride,
    x_ptr,
    x_stride,
    d,
    BLOCK_SIZE: tl.constexpr,
) -> None:
    i = tl.program_id(axis=0).to(tl.int64)
    j = tl.program_id(axis=1)

    o_row_ptr = o_ptr + o_stride * i
    x_row_ptr = x_ptr + x_stride * i

    offsets = j * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < d

    a = tl.load(x_row_ptr + offsets, mask=mask).to(tl.float32)
    b = tl.load(x_row_ptr + offsets + d, mask=mask).to(tl.float32)

    result = tl.sigmoid(a) * a * b
    tl.store(o_row_ptr + offsets, result.to(o_ptr.dtype.element_ty), mask=mask)
