// Vector add through the runtime: out = x + y for 1,000,000 fp32 elements
// (not a multiple of the block, so the last program is partial), checked
// element by element against the host.
#include <cmath>

#include "core/runtime/Launch.h"
#include "examples/common/Example.h"

using namespace tessel;

int main(int argc, char** argv) {
  auto ex = examples::Example::setup("vector_add", "examples/vector_add/vector_add.py",
                                     argc, argv);
  if (!ex) return 1;
  const int32_t n = 1000000, block = 1024;
  auto kernel = ex->compile(
      {"add_kernel", "*fp32,*fp32,*fp32,i32", {{"BLOCK", std::to_string(block)}}});
  if (!kernel.ok())
    return ex->fail(kernel.status());

  const std::vector<float> x = examples::randomFloats(n, 1, -1, 1);
  const std::vector<float> y = examples::randomFloats(n, 2, -1, 1);
  auto bx = ex->device().allocateArray<float>(n);
  auto by = ex->device().allocateArray<float>(n);
  auto bout = ex->device().allocateArray<float>(n);
  for (auto* buffer : {&bx, &by, &bout})
    if (!buffer->ok())
      return ex->fail(buffer->status());
  if (auto s = bx->write(x); !s.ok())
    return ex->fail(s);
  if (auto s = by->write(y); !s.ok())
    return ex->fail(s);

  const runtime::Grid grid{static_cast<uint32_t>((n + block - 1) / block), 1, 1};
  auto ms = runtime::timeLaunch(*kernel, grid, {*bx, *by, *bout, n});
  if (!ms.ok())
    return ex->fail(ms.status());
  auto out = bout->read<float>(n);
  if (!out.ok())
    return ex->fail(out.status());

  examples::MaxError max_error;
  for (int32_t i = 0; i < n; ++i)
    max_error.add(std::fabs(double((*out)[i]) - (double(x[i]) + y[i])));
  // One fp32 rounding of a sum of magnitude < 2: at most 2^-23.
  return ex->report(max_error, 0x1p-23, *ms);
}
