"""vLLM's fused_add_rms_norm: residual += input, then input = RMSNorm(residual)
* weight, in place, with the variance accumulated in fp32 over blocks of the
hidden dimension."""
import triton
import triton.language as tl


@triton.jit
def fused_add_rms_norm_kernel(
    input_ptr,  # [num_tokens, hidden_size], overwritten with the output
    residual_ptr,  # [num_tokens, hidden_size], overwritten with input + residual
    weight_ptr,  # [hidden_size]
    input_stride,
    residual_stride,
    hidden_size,
    epsilon,
    BLOCK_SIZE: tl.constexpr,
):
    row = tl.program_id(0).to(tl.int64)
    input_ptr += row * input_stride
    residual_ptr += row * residual_stride

    variance = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for off in range(0, hidden_size, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        mask = cols < hidden_size
        x = tl.load(input_ptr + cols, mask=mask, other=0.0)
        r = tl.load(residual_ptr + cols, mask=mask, other=0.0)
        z = (x.to(tl.float32) + r.to(tl.float32)).to(residual_ptr.dtype.element_ty)
        tl.store(residual_ptr + cols, z, mask=mask)
        z = z.to(tl.float32)
        variance += z * z

    # the second pass reads back what the first one wrote
    tl.debug_barrier()
    variance = tl.sum(variance, axis=0) / hidden_size
    s_variance = tl.rsqrt(variance + epsilon)

    for off in range(0, hidden_size, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        mask = cols < hidden_size
        z = tl.load(residual_ptr + cols, mask=mask, other=0.0).to(tl.float32)
        w = tl.load(weight_ptr + cols, mask=mask, other=0.0)
        out = (z * s_variance).to(w.dtype) * w
        tl.store(input_ptr + cols, out, mask=mask)
