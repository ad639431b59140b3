//===- BoundsGpu.cpp - The bounds-checked mode on the GPU -----------------===//
//
// Runs the bounds-checked kernels prepare_kernels compiled (BoundsCases.h)
// from the carried compile cache, with the runtime-only plugin: a correct
// launch must report no fault and copy its input; a load past the end of
// its buffer, a store past the end of its buffer and a 32-bit index
// overflow must each be reported with the source line and the program id
// that check_bounds_test.sh expects on the CPU. Run under compute-sanitizer
// it also shows that no faulting lane touched memory.
//   bounds_gpu PLUGIN DIR
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "bench/nvidia/BoundsCases.h"
#include "core/runtime/BoundsCheck.h"
#include "core/runtime/Kernel.h"
#include "core/runtime/Runtime.h"

namespace rt = tessel::runtime;
namespace tb = tessel::bench;

namespace {

std::vector<uint8_t> readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  std::string bytes = s.str();
  return std::vector<uint8_t>(bytes.begin(), bytes.end());
}

struct Case {
  std::string name;
  std::string kernel; // BoundsKernel::name
  int64_t xElements, outElements;
  int32_t n;
  uint32_t grid;
  std::string expected; // a regular expression; "" for no fault
};

// fp16 bits of a small integer (|v| < 2048, exact), and back.
uint16_t halfOf(int v) {
  if (v == 0)
    return 0;
  uint16_t sign = v < 0 ? 0x8000 : 0;
  unsigned m = unsigned(v < 0 ? -v : v);
  int e = 31 - __builtin_clz(m);
  return uint16_t(sign | uint16_t((e + 15) << 10) | uint16_t(((m << 10) >> e) & 0x3ff));
}
double valueOfHalf(uint16_t h) {
  int e = (h >> 10) & 0x1f;
  double m = h & 0x3ff;
  double v = e == 0 ? m * 0x1p-24 : (1.0 + m / 1024.0) * std::ldexp(1.0, e - 15);
  return h & 0x8000 ? -v : v;
}

// The GEMM of bounds_matmul with every check on: exact on small integers
// when the sizes are right, an out-of-bounds load when K is larger than the
// buffers were made for.
bool runMatmul(const rt::Runtime &runtime, const rt::TargetSelection &selection,
               const rt::Device &device, const std::string &dir, int32_t kArg,
               bool expectFault) {
  const int m = 128, n = 128, k = 128;
  rt::CompileRequest request;
  request.ir = readFile(dir + "/bounds_matmul.mlirbc");
  request.entryName = "matmul";
  request.options = tb::boundsCompileOptions();
  auto artifact = runtime.compile(selection.target, request);
  auto kernel = artifact.ok() ? rt::Kernel::load(device, *artifact)
                              : rt::StatusOr<rt::Kernel>(artifact.status());
  auto a = device.allocate(uint64_t(m) * k * 2);
  auto b = device.allocate(uint64_t(k) * n * 2);
  auto c = device.allocate(uint64_t(m) * n * 2);
  if (!kernel.ok() || !a.ok() || !b.ok() || !c.ok()) {
    std::printf("FAIL matmul: %s\n",
                (!kernel.ok() ? kernel.status() : a.status()).toString().c_str());
    return false;
  }
  std::vector<uint16_t> ha(m * k), hb(k * n), hc(m * n, 0);
  for (int i = 0; i < m * k; ++i)
    ha[i] = halfOf(i % 7 - 3);
  for (int i = 0; i < k * n; ++i)
    hb[i] = halfOf(i % 5 - 2);
  (void)a->write(ha);
  (void)b->write(hb);
  (void)c->write(hc);
  auto fault = rt::launchCheckingBounds(*kernel, rt::Grid{2, 2, 1},
                                        {*a, *b, *c, int32_t(m), int32_t(n), kArg});
  if (!fault.ok()) {
    std::printf("FAIL matmul: %s\n", fault.status().toString().c_str());
    return false;
  }
  std::string got = fault->has_value() ? (*fault)->describe("bounds_kernels.py",
                                                            {"a_ptr", "b_ptr", "c_ptr"})
                                       : std::string();
  bool ok;
  if (expectFault) {
    ok = got.find("error: out-of-bounds load from '") != std::string::npos;
  } else {
    auto back = c->read<uint16_t>(m * n);
    ok = got.empty() && back.ok();
    for (int i = 0; ok && i < m; ++i)
      for (int j = 0; ok && j < n; ++j) {
        double ref = 0;
        for (int p = 0; p < k; ++p)
          ref += double((i * k + p) % 7 - 3) * double((p * n + j) % 5 - 2);
        ok = valueOfHalf((*back)[i * n + j]) == ref;
      }
  }
  std::printf("%s matmul%s: %s\n", ok ? "ok" : "FAIL",
              expectFault ? " with K past the buffers" : "",
              got.empty() ? "no fault, output exact" : got.c_str());
  return ok;
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: bounds_gpu PLUGIN DIR\n");
    return 2;
  }
  const std::string dir = argv[2];
  rt::RuntimeOptions options;
  options.pluginPaths = {argv[1]};
  options.usePluginPathEnv = false;
  options.useDefaultPluginDir = false;
  options.cacheDir = dir + "/cache";
  auto runtime = rt::Runtime::create(options);
  if (!runtime.ok()) {
    std::fprintf(stderr, "%s\n", runtime.status().toString().c_str());
    return 1;
  }
  auto selection = runtime->selectTarget("nvidia:sm_90a");
  auto device = selection.ok() ? runtime->openDevice(*selection)
                               : rt::StatusOr<rt::Device>(selection.status());
  if (!device.ok()) {
    std::fprintf(stderr, "%s\n", device.status().toString().c_str());
    return 1;
  }
  std::printf("device: %s\n", device->describe().c_str());

  // Expectations are regular expressions: which faulting program is
  // recorded first depends on the order the programs ran (programs 3 to 7
  // fault, at byte offsets 4000 to 8191).
  const std::string file = "bounds_kernels.py";
  const std::string fault =
      "\\(byte offset (4[0-9]{3}|[5-8][0-9]{3}) of a 4000-byte buffer\\) in program "
      "\\([3-7], 0, 0\\)";
  const std::vector<Case> cases = {
      {"clean", "bounds_copy_masked", 2000, 2000, 2000, 8, ""},
      {"out-of-bounds load", "bounds_copy_masked", 1000, 2000, 2000, 8,
       "^" + file + ":12:9: error: out-of-bounds load from 'x_ptr' " + fault},
      {"out-of-bounds store", "bounds_copy_masked", 2000, 1000, 2000, 8,
       "^" + file + ":13:5: error: out-of-bounds store to 'out_ptr' " + fault},
      {"index overflow", "bounds_strided", 1000, 1000, 1000, 2049,
       "^" + file +
           ":27:16: error: index overflow: 32-bit index arithmetic wrapped \\(the "
           "exact value is 2147483648\\) in program \\(2048, 0, 0\\)"},
  };
  int failures = 0;
  for (const Case &c : cases) {
    const tb::BoundsKernel *spec = nullptr;
    for (const tb::BoundsKernel &b : tb::getBoundsKernels())
      if (b.name == c.kernel)
        spec = &b;
    rt::CompileRequest request;
    request.ir = readFile(dir + "/" + c.kernel + ".mlirbc");
    request.entryName = spec->kernel;
    request.options = tb::boundsCompileOptions();
    auto artifact = runtime->compile(selection->target, request);
    auto kernel = artifact.ok() ? rt::Kernel::load(*device, *artifact)
                                : rt::StatusOr<rt::Kernel>(artifact.status());
    auto x = device->allocateArray<float>(c.xElements);
    auto out = device->allocateArray<float>(c.outElements);
    if (!kernel.ok() || !x.ok() || !out.ok()) {
      std::printf("FAIL %s: %s\n", c.name.c_str(),
                  (!kernel.ok() ? kernel.status()
                   : !x.ok()    ? x.status()
                                : out.status())
                      .toString()
                      .c_str());
      ++failures;
      continue;
    }
    std::vector<float> input(c.xElements);
    for (int64_t i = 0; i < c.xElements; ++i)
      input[i] = float(i) * 0.5f + 1.0f;
    (void)x->write(input);
    (void)out->write(std::vector<float>(c.outElements, 0.0f));
    auto fault =
        rt::launchCheckingBounds(*kernel, rt::Grid{c.grid, 1, 1}, {*x, *out, c.n});
    if (!fault.ok()) {
      std::printf("FAIL %s: %s\n", c.name.c_str(), fault.status().toString().c_str());
      ++failures;
      continue;
    }
    std::string got = fault->has_value()
                          ? (*fault)->describe(file, {"x_ptr", "out_ptr", "n"})
                          : std::string();
    bool ok = c.expected.empty() ? got.empty()
                                 : std::regex_search(got, std::regex(c.expected));
    if (ok && c.expected.empty()) {
      auto copied = out->read<float>(c.outElements);
      ok = copied.ok() && *copied == input;
    }
    std::printf("%s %s: %s\n", ok ? "ok" : "FAIL", c.name.c_str(),
                got.empty() ? "no fault, output correct" : got.c_str());
    failures += ok ? 0 : 1;
  }
  failures += runMatmul(*runtime, *selection, *device, dir, 128, false) ? 0 : 1;
  failures += runMatmul(*runtime, *selection, *device, dir, 160, true) ? 0 : 1;
  std::printf("%s\n", failures == 0 ? "bounds_gpu: every case as expected"
                                    : "bounds_gpu: FAILED");
  return failures == 0 ? 0 : 1;
}
