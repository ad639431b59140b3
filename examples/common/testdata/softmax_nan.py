"""A broken softmax for the test of the example's own check: the same kernel
as examples/softmax/softmax.py, except that one element (row 1000, column 5)
of the output is NaN. softmax_nan_test (examples/common/example.bzl) runs the
example with this file and expects it to be reported WRONG."""
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(out_ptr, in_ptr, in_row_stride, out_row_stride, n_cols,
                   BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(in_ptr + row * in_row_stride + cols, mask=mask, other=-float("inf"))
    x = x - tl.max(x, axis=0)
    numerator = tl.exp(x)
    y = numerator / tl.sum(numerator, axis=0)
    y = tl.where(row * BLOCK + cols == 1000 * BLOCK + 5, float("nan"), y)
    tl.store(out_ptr + row * out_row_stride + cols, y, mask=mask)
