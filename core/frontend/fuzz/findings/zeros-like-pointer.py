# tessel-fuzz: kernel=kern signature=*fp32 BLOCK=16
# Triggers a SEGV in Lowerer::constantTile (mlir::Builder::getIntegerAttr on a null type): tl.zeros_like of a pointer is not rejected.
import triton
import triton.language as tl


@triton.jit
def kern(out_ptr, BLOCK: tl.constexpr):
    z = tl.zeros_like(out_ptr)
