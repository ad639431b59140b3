"""A broken vector add for the test of the example's own check: the same
kernel as examples/vector_add/vector_add.py, except that element 123457 of
the output is NaN. vector_add_nan_test (examples/common/example.bzl) runs the
example with this file and expects it to be reported WRONG."""
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, tl.where(offsets == 123457, float("nan"), x + y), mask=mask)
