"""Embedding lookup as Liger Kernel writes it (forward gather, backward
scatter-add with atomics), and a bag-sum that skips the padding index and
stops at an end-of-bag marker."""
import triton
import triton.language as tl


@triton.jit
def embedding_forward_kernel(
    embeddings_ptr,
    indices_ptr,
    output_ptr,
    n_elements,
    embedding_dim: tl.constexpr,
    BLOCK_SIZE_M: tl.constexpr,
    BLOCK_SIZE_N: tl.constexpr,
):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)

    start_m = pid_m * BLOCK_SIZE_M
    start_n = pid_n * BLOCK_SIZE_N
    offsets_m = start_m + tl.arange(0, BLOCK_SIZE_M)
    mask_m = offsets_m < n_elements
    indices = tl.load(indices_ptr + offsets_m, mask=mask_m, other=0)
    offsets_n = start_n + tl.arange(0, BLOCK_SIZE_N)
    mask_n = offsets_n < embedding_dim

    embedding_offsets = indices[:, None] * embedding_dim + offsets_n[None, :]
    embeddings = tl.load(
        embeddings_ptr + embedding_offsets,
        mask=mask_m[:, None] & mask_n[None, :],
        other=0.0,
    )

    output_offsets = offsets_m[:, None] * embedding_dim + offsets_n[None, :]
    tl.store(output_ptr + output_offsets, embeddings, mask=mask_m[:, None] & mask_n[None, :])


@triton.jit
def embedding_backward_kernel(
    grad_output_ptr,
    grad_weight_ptr,
    indices_ptr,
    n_elements,
    embedding_dim: tl.constexpr,
    BLOCK_SIZE_M: tl.constexpr,
    BLOCK_SIZE_N: tl.constexpr,
):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)

    start_m = pid_m * BLOCK_SIZE_M
    start_n = pid_n * BLOCK_SIZE_N
    offsets_m = start_m + tl.arange(0, BLOCK_SIZE_M)
    mask_m = offsets_m < n_elements
    indices = tl.load(indices_ptr + offsets_m, mask=mask_m, other=0)
    offsets_n = start_n + tl.arange(0, BLOCK_SIZE_N)
    mask_n = offsets_n < embedding_dim

    grad_output = tl.load(
        grad_output_ptr + offsets_m[:, None] * embedding_dim + offsets_n[None, :],
        mask=mask_m[:, None] & mask_n[None, :],
        other=0.0,
    )

    grad_weight_offsets = indices[:, None] * embedding_dim + offsets_n[None, :]

    tl.atomic_add(
        grad_weight_ptr + grad_weight_offsets,
        grad_output,
        mask=mask_m[:, None] & mask_n[None, :],
    )


@triton.jit
def embedding_bag_sum_kernel(
    weight_ptr,
    indices_ptr,
    bag_offsets_ptr,
    output_ptr,
    padding_idx,
    embedding_dim: tl.constexpr,
    BLOCK_SIZE_N: tl.constexpr,
):
    bag = tl.program_id(0)
    start = tl.load(bag_offsets_ptr + bag)
    end = tl.load(bag_offsets_ptr + bag + 1)
    cols = tl.arange(0, BLOCK_SIZE_N)
    mask = cols < embedding_dim
    acc = tl.zeros([BLOCK_SIZE_N], dtype=tl.float32)
    for i in range(start, end):
        idx = tl.load(indices_ptr + i)
        if idx == padding_idx:
            continue
        if idx < 0:  # end of the bag's valid entries
            break
        acc += tl.load(weight_ptr + idx * embedding_dim + cols, mask=mask, other=0.0).to(tl.float32)
    tl.store(output_ptr + bag * embedding_dim + cols, acc, mask=mask)
