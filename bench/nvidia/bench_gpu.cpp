// Runs the GPU benchmark's kernels with the runtime only (no LLVM): each
// kernel's bytecode (from prepare_kernels) is looked up in the compile cache,
// which holds the cubins compiled elsewhere. Checks every result against a
// host reference, then times launches with the plugin's events.
//   bench_gpu PLUGIN DIR     (DIR holds <name>.mlirbc and cache/)
// Prints one line per workload: name, median ms, GB/s or TFLOP/s, check.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "bench/nvidia/workloads.h"
#include "core/runtime/kernel.h"
#include "core/runtime/launch.h"
#include "core/runtime/runtime.h"
#include "plugins/host/target_parser.h"

namespace tb = tessel::bench;
namespace rt = tessel::runtime;

namespace {

std::vector<uint8_t> ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  std::string bytes = s.str();
  return std::vector<uint8_t>(bytes.begin(), bytes.end());
}

uint16_t ToHalf(float f) {
  // Round-to-nearest-even conversion for normal-range values.
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000;
  int32_t exp = static_cast<int32_t>((x >> 23) & 0xff) - 127 + 15;
  uint32_t mant = x & 0x7fffff;
  if (exp <= 0) return static_cast<uint16_t>(sign);
  uint32_t h = sign | (static_cast<uint32_t>(exp) << 10) | (mant >> 13);
  uint32_t rest = mant & 0x1fff;
  if (rest > 0x1000 || (rest == 0x1000 && (h & 1))) ++h;
  return static_cast<uint16_t>(h);
}

uint16_t ToBf16(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  x += 0x7fff + ((x >> 16) & 1);  // round to nearest even (finite values)
  return static_cast<uint16_t>(x >> 16);
}

float FromBf16(uint16_t h) {
  uint32_t x = uint32_t(h) << 16;
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

float FromHalf(uint16_t h) {
  uint32_t sign = (h & 0x8000u) << 16, exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  uint32_t x = exp == 0 ? sign : sign | ((exp - 15 + 127) << 23) | (mant << 13);
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

template <typename F>
rt::StatusOr<double> TimeMedian(const rt::Kernel& k, rt::Grid g, const std::vector<rt::Arg>& a,
                                int reps, F&&) {
  std::vector<double> ms;
  for (int i = 0; i < reps; ++i) {
    auto t = rt::TimeLaunch(k, g, a);
    if (!t.ok()) return t.status();
    ms.push_back(*t);
  }
  return Median(ms);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: bench_gpu PLUGIN DIR\n");
    return 2;
  }
  std::string dir = argv[2];
  rt::RuntimeOptions options;
  options.plugin_paths = {argv[1]};
  options.use_plugin_path_env = false;
  options.use_default_plugin_dir = false;
  options.cache_dir = dir + "/cache";
  auto runtime = rt::Runtime::Create(options);
  if (!runtime.ok()) {
    std::fprintf(stderr, "%s\n", runtime.status().ToString().c_str());
    return 1;
  }
  auto selection = runtime->SelectTarget("nvidia:sm_90a");
  if (!selection.ok()) {
    std::fprintf(stderr, "%s\n", selection.status().ToString().c_str());
    return 1;
  }
  auto device = runtime->OpenDevice(*selection);
  if (!device.ok()) {
    std::fprintf(stderr, "%s\n", device.status().ToString().c_str());
    return 1;
  }
  std::printf("device: %s\n", device->Describe().c_str());
  std::mt19937 rng(1234);
  std::uniform_real_distribution<float> dist(-1, 1);
  int status = 0;
  for (const tb::Workload& w : tb::Workloads()) {
    rt::CompileRequest request;
    request.ir = ReadFile(dir + "/" + w.name + ".mlirbc");
    request.entry_name = w.kernel;
    // The options are part of the cache key: the same as prepare_kernels'.
    request.options = tb::CompileOptionsFor(w);
    auto artifact = runtime->Compile(selection->target, request);
    if (!artifact.ok()) {
      std::printf("%-20s compile: %s\n", w.name.c_str(), artifact.status().ToString().c_str());
      status = 1;
      continue;
    }
    auto kernel = rt::Kernel::Load(*device, *artifact);
    if (!kernel.ok()) {
      std::printf("%-20s load: %s\n", w.name.c_str(), kernel.status().ToString().c_str());
      status = 1;
      continue;
    }
    std::string check = "ok";
    double ms = 0, work = 0;
    const char* unit = "GB/s";
    if (w.kind == tb::Kind::kVectorAdd) {
      int64_t n = w.n;
      int32_t block = std::stoi(w.constexprs.at("BLOCK"));
      std::vector<float> x(n), y(n), out(n);
      for (int64_t i = 0; i < n; ++i) x[i] = dist(rng), y[i] = dist(rng);
      auto bx = device->Allocate(n * 4), by = device->Allocate(n * 4), bo = device->Allocate(n * 4);
      if (!bx.ok() || !by.ok() || !bo.ok()) return 1;
      (void)bx->CopyFromHost(x.data(), n * 4);
      (void)by->CopyFromHost(y.data(), n * 4);
      std::vector<rt::Arg> args = {*bx, *by, *bo, static_cast<int32_t>(n)};
      rt::Grid grid{static_cast<uint32_t>((n + block - 1) / block), 1, 1};
      auto launched = rt::Launch(*kernel, grid, args);
      if (!launched.ok() || !device->Synchronize().ok()) check = "launch failed";
      (void)bo->CopyToHost(out.data(), n * 4);
      for (int64_t i = 0; i < n && check == "ok"; ++i)
        if (out[i] != x[i] + y[i]) check = "WRONG at " + std::to_string(i);
      auto t = TimeMedian(*kernel, grid, args, 20, 0);
      ms = t.ok() ? *t : -1;
      work = 3.0 * 4 * n / (ms * 1e-3) / 1e9;
    } else if (w.kind == tb::Kind::kSoftmax) {
      int64_t rows = w.m, cols = w.n;
      std::vector<float> x(rows * cols), out(rows * cols);
      for (auto& v : x) v = dist(rng) * 4;
      auto bi = device->Allocate(x.size() * 4), bo = device->Allocate(x.size() * 4);
      if (!bi.ok() || !bo.ok()) return 1;
      (void)bi->CopyFromHost(x.data(), x.size() * 4);
      std::vector<rt::Arg> args = {*bo, *bi, static_cast<int32_t>(cols), static_cast<int32_t>(cols),
                                   static_cast<int32_t>(cols)};
      rt::Grid grid{static_cast<uint32_t>(rows), 1, 1};
      auto launched = rt::Launch(*kernel, grid, args);
      if (!launched.ok() || !device->Synchronize().ok()) check = "launch failed";
      (void)bo->CopyToHost(out.data(), out.size() * 4);
      double worst = 0;
      for (int64_t r = 0; r < rows; r += 97) {
        double mx = -1e30, sum = 0;
        for (int64_t c = 0; c < cols; ++c) mx = std::max(mx, double(x[r * cols + c]));
        for (int64_t c = 0; c < cols; ++c) sum += std::exp(double(x[r * cols + c]) - mx);
        for (int64_t c = 0; c < cols; ++c)
          worst = std::max(worst, std::fabs(std::exp(double(x[r * cols + c]) - mx) / sum -
                                            out[r * cols + c]));
      }
      if (check == "ok" && worst > 1e-5) check = "WRONG (max error " + std::to_string(worst) + ")";
      auto t = TimeMedian(*kernel, grid, args, 20, 0);
      ms = t.ok() ? *t : -1;
      work = 2.0 * 4 * rows * cols / (ms * 1e-3) / 1e9;
    } else {
      int64_t M = w.m, N = w.n, K = w.k;
      std::vector<uint16_t> a(M * K), b(K * N), c(M * N);
      const bool bf16 = w.signature.rfind("*bf16", 0) == 0;
      auto to16 = bf16 ? ToBf16 : ToHalf;
      auto from16 = bf16 ? FromBf16 : FromHalf;
      for (auto& v : a) v = to16(dist(rng));
      for (auto& v : b) v = to16(dist(rng));
      auto ba = device->Allocate(a.size() * 2), bb = device->Allocate(b.size() * 2),
           bc = device->Allocate(c.size() * 2);
      if (!ba.ok() || !bb.ok() || !bc.ok()) return 1;
      (void)ba->CopyFromHost(a.data(), a.size() * 2);
      (void)bb->CopyFromHost(b.data(), b.size() * 2);
      int32_t bm = std::stoi(w.constexprs.at("BLOCK_M")), bn = std::stoi(w.constexprs.at("BLOCK_N"));
      auto i32 = [](int64_t v) { return static_cast<int32_t>(v); };
      std::vector<rt::Arg> args = {*ba, *bb, *bc, i32(M), i32(N), i32(K), i32(K), 1, i32(N), 1,
                                   i32(N), 1};
      rt::Grid grid{static_cast<uint32_t>(((M + bm - 1) / bm) * ((N + bn - 1) / bn)), 1, 1};
      auto launched = rt::Launch(*kernel, grid, args);
      if (!launched.ok() || !device->Synchronize().ok()) check = "launch failed";
      (void)bc->CopyToHost(c.data(), c.size() * 2);
      double worst = 0;
      for (int s = 0; s < 64; ++s) {
        int64_t i = (s * 977) % M, j = (s * 613) % N;
        double ref = 0;
        for (int64_t k = 0; k < K; ++k) ref += double(from16(a[i * K + k])) * from16(b[k * N + j]);
        worst = std::max(worst, std::fabs(ref - from16(c[i * N + j])) / (1 + std::fabs(ref)));
      }
      if (check == "ok" && worst > 2e-2) check = "WRONG (rel error " + std::to_string(worst) + ")";
      auto t = TimeMedian(*kernel, grid, args, 5, 0);
      ms = t.ok() ? *t : -1;
      work = 2.0 * M * N * K / (ms * 1e-3) / 1e12;
      unit = "TFLOP/s";
    }
    if (check != "ok") status = 1;
    std::printf("tessel %-20s %10.4f ms %10.1f %-8s %s\n", w.name.c_str(), ms, work, unit,
                check.c_str());
  }
  return status;
}
