// Fused softmax through the runtime: 1823 rows of 781 fp32 values (rows
// shorter than the 1024-wide tile, and padded to a 800-element stride),
// checked against a double-precision host softmax.
#include <algorithm>
#include <cmath>

#include "core/runtime/Launch.h"
#include "examples/common/Example.h"

using namespace tessel;

int main(int argc, char** argv) {
  auto ex =
      examples::Example::setup("softmax", "examples/softmax/softmax.py", argc, argv);
  if (!ex) return 1;
  const int32_t rows = 1823, cols = 781, stride = 800;
  auto kernel =
      ex->compile({"softmax_kernel", "*fp32,*fp32,i32,i32,i32", {{"BLOCK", "1024"}}});
  if (!kernel.ok())
    return ex->fail(kernel.status());

  const std::vector<float> in = examples::randomFloats(size_t(rows) * stride, 3, -8, 8);
  auto bin = ex->device().allocateArray<float>(in.size());
  auto bout = ex->device().allocateArray<float>(in.size());
  for (auto* buffer : {&bin, &bout})
    if (!buffer->ok())
      return ex->fail(buffer->status());
  if (auto s = bin->write(in); !s.ok())
    return ex->fail(s);
  // Padding columns must come back untouched: fill the output with a marker.
  if (auto s = bout->write(std::vector<float>(in.size(), -1.0f)); !s.ok())
    return ex->fail(s);

  auto ms = runtime::timeLaunch(*kernel, {uint32_t(rows), 1, 1},
                                {*bout, *bin, stride, stride, cols});
  if (!ms.ok())
    return ex->fail(ms.status());
  auto out = bout->read<float>(in.size());
  if (!out.ok())
    return ex->fail(out.status());

  examples::MaxError max_error;
  for (int32_t r = 0; r < rows; ++r) {
    const float* x = in.data() + size_t(r) * stride;
    const double m = *std::max_element(x, x + cols);
    double sum = 0;
    for (int32_t c = 0; c < cols; ++c) sum += std::exp(x[c] - m);
    for (int32_t c = 0; c < stride; ++c) {
      const double got = (*out)[size_t(r) * stride + c];
      const double want = c < cols ? std::exp(x[c] - m) / sum : -1.0;
      max_error.add(std::fabs(got - want));
    }
  }
  // Outputs are at most 1; exp and the sum of 781 terms in fp32 stay well
  // within 1e-6 absolute.
  return ex->report(max_error, 1e-6, *ms);
}
