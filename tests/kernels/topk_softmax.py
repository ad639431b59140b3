"""Mixture-of-experts routing helpers: softmax over the gating logits and the
top-k experts of each token (the selection loop of vLLM's and SGLang's fused
top-k), and a sort-based top-k mask of the logits as sampling kernels use."""
import triton
import triton.language as tl


@triton.jit
def topk_softmax_kernel(
    gating_output_ptr,
    topk_weights_ptr,
    topk_ids_ptr,
    stride_gm,
    stride_wm,
    stride_im,
    num_experts,
    TOPK: tl.constexpr,
    BLOCK_E: tl.constexpr,
    RENORMALIZE: tl.constexpr,
):
    token = tl.program_id(0).to(tl.int64)
    offs_e = tl.arange(0, BLOCK_E)
    mask_e = offs_e < num_experts

    logits = tl.load(gating_output_ptr + token * stride_gm + offs_e, mask=mask_e,
                     other=float("-inf")).to(tl.float32)
    logits_max = tl.max(logits, axis=0)
    probs = tl.exp(logits - logits_max)
    probs = probs / tl.sum(probs, axis=0)

    offs_k = tl.arange(0, TOPK)
    topk_weights = tl.zeros([TOPK], dtype=tl.float32)
    topk_ids = tl.zeros([TOPK], dtype=tl.int32)
    for k in tl.static_range(TOPK):
        weight, expert = tl.max(probs, axis=0, return_indices=True)
        topk_weights = tl.where(offs_k == k, weight, topk_weights)
        topk_ids = tl.where(offs_k == k, expert, topk_ids)
        # take the chosen expert out of the running
        probs = tl.where(offs_e == expert, -1.0, probs)

    if RENORMALIZE:
        topk_weights = topk_weights / tl.sum(topk_weights, axis=0)

    tl.store(topk_weights_ptr + token * stride_wm + offs_k, topk_weights)
    tl.store(topk_ids_ptr + token * stride_im + offs_k, topk_ids)


@triton.jit
def top_k_mask_logits_kernel(
    logits_ptr,
    masked_logits_ptr,
    top_k_ptr,
    stride,
    vocab_size,
    BLOCK_SIZE: tl.constexpr,
):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK_SIZE)
    mask = offs < vocab_size
    logits = tl.load(logits_ptr + row * stride + offs, mask=mask, other=float("-inf"))
    k = tl.load(top_k_ptr + row)
    # the k-th largest logit is the threshold
    sorted_logits = tl.sort(logits, descending=True)
    pivot = tl.max(tl.where(offs == k - 1, sorted_logits, float("-inf")), axis=0)
    masked = tl.where(logits >= pivot, logits, float("-inf"))
    tl.store(masked_logits_ptr + row * stride + offs, masked, mask=mask)
