# tessel-fuzz: kernel=kern signature=*fp32,i32 BLOCK=16
# Triggers "internal compiler error: ... does not verify: 'tile.desc_store' op stored tile type 'tensor<16x16x!tile.ptr<f32>>' does not match the descriptor block type": desc.store accepts a tile of pointers as the value.
import triton
import triton.language as tl


@triton.jit
def kern(x_ptr, n, BLOCK: tl.constexpr):
    d = tl.make_tensor_descriptor(x_ptr, shape=[n, BLOCK], strides=[BLOCK, 1], block_shape=[BLOCK, BLOCK])
    d.store([0, 0], x_ptr + tl.zeros((BLOCK, BLOCK), dtype=tl.int32))
