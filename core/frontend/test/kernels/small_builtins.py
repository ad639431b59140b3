import triton
import triton.language as tl


@triton.jit
def hints_and_debugging(x_ptr, out_ptr, n, stride, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    tl.assume(pid >= 0)
    tl.assume(stride > 0)
    tl.assume(n % 16 == 0)
    tl.static_assert(BLOCK >= 16, "BLOCK must be at least 16")
    tl.static_print("BLOCK =", BLOCK)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs * stride, mask=mask)
    tl.device_assert(offs >= 0, "negative offset")
    tl.device_print("x, offs: ", x, offs)
    tl.extra.cuda.gdc_wait()
    tl.store(out_ptr + offs, x, mask=mask)
    tl.extra.cuda.gdc_launch_dependents()


@triton.jit
def types_and_casts(x_ptr, out_ptr, i_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.static_assert(x.type.is_block())
    tl.static_assert(x.type.shape[0] == BLOCK)
    tl.static_assert(x.type.numel == BLOCK)
    tl.static_assert(x.type.element_ty == tl.float32)
    tl.static_assert(out_ptr.type.element_ty == tl.float16)
    tl.static_assert(out_ptr.dtype == tl.pointer_type(tl.float16))
    tl.static_assert(not x.dtype.is_block())
    y = x.to(out_ptr.type.element_ty)
    tl.store(out_ptr + offs, y)
    k = tl.int32(x) + tl.int32(7)
    tl.store(i_ptr + offs, k.to(tl.int64) + tl.int64(1))
