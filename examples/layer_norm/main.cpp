// Layer norm (forward) through the runtime: 1151 rows of 3000 fp32 values
// (three 1024-wide chunks per row, the last one partial), with weights,
// biases, and the per-row mean and 1/std, checked against a double-precision
// host computation.
#include <cmath>

#include "core/runtime/Launch.h"
#include "examples/common/Example.h"

using namespace tessel;

int main(int argc, char** argv) {
  auto ex = examples::Example::setup("layer_norm", "examples/layer_norm/layer_norm.py",
                                     argc, argv);
  if (!ex) return 1;
  const int32_t rows = 1151, cols = 3000;
  const float eps = 1e-5f;
  auto kernel = ex->compile({"layer_norm_fwd",
                             "*fp32,*fp32,*fp32,*fp32,*fp32,*fp32,i32,i32,fp32",
                             {{"BLOCK", "1024"}}});
  if (!kernel.ok())
    return ex->fail(kernel.status());

  const size_t size = size_t(rows) * cols;
  std::vector<float> x = examples::randomFloats(size, 4, -2, 2);
  // An offset per row, so that the mean matters.
  for (int32_t r = 0; r < rows; ++r)
    for (int32_t c = 0; c < cols; ++c) x[size_t(r) * cols + c] += float(r % 7) - 3.0f;
  const std::vector<float> w = examples::randomFloats(cols, 5, 0.5f, 1.5f);
  const std::vector<float> b = examples::randomFloats(cols, 6, -0.5f, 0.5f);
  const runtime::Device& dev = ex->device();
  auto bx = dev.allocateArray<float>(size), by = dev.allocateArray<float>(size);
  auto bw = dev.allocateArray<float>(cols), bb = dev.allocateArray<float>(cols);
  auto bmean = dev.allocateArray<float>(rows), brstd = dev.allocateArray<float>(rows);
  for (auto* buffer : {&bx, &by, &bw, &bb, &bmean, &brstd})
    if (!buffer->ok())
      return ex->fail(buffer->status());
  if (auto s = bx->write(x); !s.ok())
    return ex->fail(s);
  if (auto s = bw->write(w); !s.ok())
    return ex->fail(s);
  if (auto s = bb->write(b); !s.ok())
    return ex->fail(s);

  auto ms = runtime::timeLaunch(*kernel, {uint32_t(rows), 1, 1},
                                {*bx, *by, *bw, *bb, *bmean, *brstd, cols, cols, eps});
  if (!ms.ok())
    return ex->fail(ms.status());
  auto y = by->read<float>(size);
  auto mean = bmean->read<float>(rows);
  auto rstd = brstd->read<float>(rows);
  for (auto* result : {&y, &mean, &rstd})
    if (!result->ok())
      return ex->fail(result->status());

  examples::MaxError max_error;
  for (int32_t r = 0; r < rows; ++r) {
    const float* xr = x.data() + size_t(r) * cols;
    double m = 0, v = 0;
    for (int32_t c = 0; c < cols; ++c) m += xr[c];
    m /= cols;
    for (int32_t c = 0; c < cols; ++c) v += (xr[c] - m) * (xr[c] - m);
    const double rs = 1.0 / std::sqrt(v / cols + eps);
    max_error.add(std::fabs((*mean)[r] - m));
    max_error.add(std::fabs((*rstd)[r] - rs) / rs);
    for (int32_t c = 0; c < cols; ++c) {
      const double want = (xr[c] - m) * rs * w[c] + b[c];
      max_error.add(std::fabs((*y)[size_t(r) * cols + c] - want));
    }
  }
  // |y| stays below about 6; fp32 sums of 3000 terms in 1024 lanes and the
  // normalization keep the error near 1e-6.
  return ex->report(max_error, 3e-5, *ms);
}
