"""The kernels of Liger Kernel's fused linear cross entropy: the host loop
computes one chunk of logits at a time, the cross entropy kernel turns them
into the loss and their gradient in place, and element_mul_kernel scales the
accumulated input gradient by the incoming grad_output."""
import triton
import triton.language as tl

from .cross_entropy import liger_cross_entropy_kernel


@triton.jit
def element_mul_kernel(
    X_ptr,
    X_stride,
    grad_output_ptr,
    n_cols,
    BLOCK_SIZE: tl.constexpr,
):
    """
    This function multiplies each element of the tensor pointed by X_ptr with the value pointed by grad_output_ptr.
    The multiplication is performed in-place on the tensor pointed by X_ptr.

    Parameters:
    X_ptr: Pointer to the input tensor.
    X_stride (int): The stride of the input tensor.
    grad_output_ptr: Pointer to the gradient output value.
    n_cols (int): The number of columns in the input tensor.
    BLOCK_SIZE (int): The block size for Triton operations.
    """

    # Get the program ID and convert it to int64 to avoid overflow
    program_id = tl.program_id(0).to(tl.int64)

    # Locate the start index
    X_ptr += program_id * X_stride

    # Load the gradient output value
    grad_output = tl.load(grad_output_ptr)

    # Perform the element-wise multiplication
    for i in range(0, n_cols, BLOCK_SIZE):
        X_offsets = i + tl.arange(0, BLOCK_SIZE)
        X_block = tl.load(X_ptr + X_offsets, mask=X_offsets < n_cols)
        tl.store(X_ptr + X_offsets, X_block * grad_output, mask=X_offsets < n_cols)


def fused_linear_cross_entropy_forward(_input, weight, target, ignore_index=-100):
    # host code (skipped by the frontend): chunks of _input @ weight.T go through
    # liger_cross_entropy_kernel[(n_rows,)](...), then grad_input = logits_grad @ weight
    BT, H = _input.shape
    V = weight.shape[0]
    BLOCK_SIZE = min(65536 // 2, triton.next_power_of_2(V))
    inc_factor = triton.cdiv(V, H)
    chunk_size = triton.next_power_of_2(triton.cdiv(BT, inc_factor))
    return [chunk_size * i for i in range(triton.cdiv(BT, chunk_size))], BLOCK_SIZE
