// The CPU benchmark: Tessel kernels side by side with what bounds them, in
// one run, reported as ratios (docs/bench.md says how to read it).
//
//   vector add fp32, 2^24 elements: Tessel's add_kernel vs a memcpy
//     bandwidth probe on the same number of threads;
//   SGEMM 1024^3: Tessel's sgemm_kernel (tl.dot) vs OpenBLAS cblas_sgemm.
//
// Each measurement is the median of --runs timed repetitions after one
// warm-up. Tessel launches are timed with the plugin's events (TimeLaunch);
// host work with std::chrono::steady_clock around the call.
#include <cblas.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "core/compiler/KernelCompiler.h"
#include "core/runtime/kernel.h"
#include "core/runtime/launch.h"
#include "core/runtime/runtime.h"

using namespace tessel;

namespace {

struct Options {
  std::string target;
  std::vector<std::string> plugins;
  int runs = 10;
  int64_t add_elements = int64_t(1) << 24;
  int gemm_size = 1024;
  int add_block = 4096;
  // The fastest of a sweep on a 2-core machine (docs/bench.md).
  int block_m = 256, block_n = 256, block_k = 16, group_m = 8;
  std::string add_kernel = "examples/vector_add/vector_add.py";
  std::string sgemm_kernel = "bench/cpu/sgemm.py";
};

const char* kUsage =
    "usage: bench_cpu [--target T] [--plugin PATH] [--runs N] [--add-elements N]\n"
    "                 [--add-block B] [--gemm-size N] [--blocks BM,BN,BK] [--group-m G]\n"
    "                 [--add-kernel FILE] [--sgemm-kernel FILE]\n";

bool Parse(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (i + 1 >= argc) return false;
    std::string v = argv[++i];
    if (a == "--target") o.target = v;
    else if (a == "--plugin") o.plugins.push_back(v);
    else if (a == "--runs") o.runs = std::max(1, std::atoi(v.c_str()));
    else if (a == "--add-elements") o.add_elements = std::atoll(v.c_str());
    else if (a == "--gemm-size") o.gemm_size = std::atoi(v.c_str());
    else if (a == "--add-block") o.add_block = std::atoi(v.c_str());
    else if (a == "--group-m") o.group_m = std::atoi(v.c_str());
    else if (a == "--add-kernel") o.add_kernel = v;
    else if (a == "--sgemm-kernel") o.sgemm_kernel = v;
    else if (a == "--blocks") {
      if (std::sscanf(v.c_str(), "%d,%d,%d", &o.block_m, &o.block_n, &o.block_k) != 3)
        return false;
    } else {
      return false;
    }
  }
  return o.add_elements > 0 && o.gemm_size > 0 && o.add_block > 0;
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Median wall time of `runs` calls of `f` in milliseconds, after a warm-up.
double TimeHost(int runs, const std::function<void()>& f) {
  f();
  std::vector<double> ms;
  for (int r = 0; r < runs; ++r) {
    auto start = std::chrono::steady_clock::now();
    f();
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                     .count());
  }
  return Median(ms);
}

// Median device time of `runs` launches (TimeLaunch), after a warm-up.
runtime::StatusOr<double> TimeKernel(int runs, const runtime::Kernel& kernel,
                                     const runtime::Grid& grid,
                                     const std::vector<runtime::Arg>& args) {
  std::vector<double> ms;
  for (int r = 0; r <= runs; ++r) {
    auto t = runtime::TimeLaunch(kernel, grid, args);
    if (!t.ok()) return t.status();
    if (r > 0) ms.push_back(*t);
  }
  return Median(ms);
}

// std::memcpy of `bytes`, split evenly over `threads` threads.
void ParallelCopy(char* dst, const char* src, size_t bytes, unsigned threads) {
  std::vector<std::thread> pool;
  const size_t chunk = (bytes / threads + 63) / 64 * 64;
  for (unsigned t = 0; t < threads; ++t) {
    size_t begin = std::min(bytes, t * chunk), end = std::min(bytes, begin + chunk);
    pool.emplace_back([=] { std::memcpy(dst + begin, src + begin, end - begin); });
  }
  for (std::thread& th : pool) th.join();
}

std::vector<float> Random(size_t n, uint32_t seed) {
  std::vector<float> v(n);
  uint32_t s = seed;
  for (float& x : v) {
    s = s * 1664525u + 1013904223u;
    x = float(s >> 8) * 0x1p-24f * 2.0f - 1.0f;
  }
  return v;
}

int Fail(const runtime::Status& s) {
  std::fprintf(stderr, "bench_cpu: %s\n", s.message().c_str());
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (!Parse(argc, argv, o)) {
    std::fprintf(stderr, "%s", kUsage);
    return 2;
  }
  runtime::RuntimeOptions rtOptions;
  rtOptions.plugin_paths = o.plugins;
  auto rt = runtime::Runtime::Create(rtOptions);
  if (!rt.ok()) return Fail(rt.status());
  auto sel = rt->SelectTarget(o.target);
  if (!sel.ok()) return Fail(sel.status());
  auto device = rt->OpenDevice(*sel);
  if (!device.ok()) return Fail(device.status());
  const unsigned threads = std::max(1u, device->info().compute_units);
  std::printf("target %s, %s, %u threads, median of %d runs\n",
              sel->target.ToString().c_str(), device->Describe().c_str(), threads, o.runs);

  // --- vector add vs the copy probe -------------------------------------
  {
    const int32_t n = static_cast<int32_t>(o.add_elements);
    const int32_t block = o.add_block;
    auto compiled = compiler::compileKernelFile(
        *rt, sel->target, o.add_kernel,
        {"add_kernel", "*fp32,*fp32,*fp32,i32", {{"BLOCK", std::to_string(block)}}});
    if (!compiled.ok()) return Fail(compiled.status());
    auto kernel = runtime::Kernel::Load(*device, compiled->artifact);
    if (!kernel.ok()) return Fail(kernel.status());
    auto x = device->AllocateArray<float>(n), y = device->AllocateArray<float>(n),
         out = device->AllocateArray<float>(n);
    if (!x.ok() || !y.ok() || !out.ok()) return Fail(x.ok() ? out.status() : x.status());
    const std::vector<float> hx = Random(n, 1), hy = Random(n, 2);
    if (!x->Write(hx).ok() || !y->Write(hy).ok()) return Fail(x->Write(hx));
    const runtime::Grid grid{uint32_t((n + block - 1) / block), 1, 1};
    auto addMs = TimeKernel(o.runs, *kernel, grid, {*x, *y, *out, n});
    if (!addMs.ok()) return Fail(addMs.status());
    auto result = out->Read<float>(n);
    if (!result.ok()) return Fail(result.status());
    for (int32_t i = 0; i < n; ++i)
      if ((*result)[i] != hx[i] + hy[i]) {
        std::fprintf(stderr, "bench_cpu: vector add is wrong at %d\n", i);
        return 1;
      }

    // The probe copies one array of the same size: one read and one write
    // stream, against the add's two reads and one write.
    const size_t bytes = size_t(n) * 4;
    std::vector<char> src(bytes, 1), dst(bytes, 0);
    const double copyMs = TimeHost(o.runs, [&] { ParallelCopy(dst.data(), src.data(), bytes, threads); });
    const double copy1Ms = TimeHost(o.runs, [&] { std::memcpy(dst.data(), src.data(), bytes); });
    const double addGBs = 3.0 * bytes / (*addMs * 1e6);
    const double copyGBs = 2.0 * bytes / (copyMs * 1e6);
    const double copy1GBs = 2.0 * bytes / (copy1Ms * 1e6);
    std::printf("\nvector add fp32, n = %d (%.0f MiB per array), bytes = 3 x 4n (2 reads, 1 write)\n",
                n, bytes / 1048576.0);
    std::printf("  tessel add_kernel (BLOCK %d)   %8.3f ms  %7.2f GB/s\n", block, *addMs, addGBs);
    std::printf("  memcpy, %u threads              %8.3f ms  %7.2f GB/s  (bytes = 2 x 4n)\n",
                threads, copyMs, copyGBs);
    std::printf("  memcpy, 1 thread               %8.3f ms  %7.2f GB/s\n", copy1Ms, copy1GBs);
    std::printf("  add / copy probe (%u threads)   %.2fx of the probe's GB/s\n", threads,
                addGBs / copyGBs);
  }

  // --- SGEMM vs OpenBLAS ------------------------------------------------
  {
    const int32_t s = o.gemm_size;
    const size_t elems = size_t(s) * s;
    auto compiled = compiler::compileKernelFile(
        *rt, sel->target, o.sgemm_kernel,
        {"sgemm_kernel", "*fp32,*fp32,*fp32,i32,i32,i32,i32,i32,i32",
         {{"BLOCK_M", std::to_string(o.block_m)},
          {"BLOCK_N", std::to_string(o.block_n)},
          {"BLOCK_K", std::to_string(o.block_k)},
          {"GROUP_M", std::to_string(o.group_m)}}});
    if (!compiled.ok()) return Fail(compiled.status());
    const double compileS = (compiled->tile.frontendMilliseconds +
                             compiled->artifact.record.milliseconds) / 1000.0;
    auto kernel = runtime::Kernel::Load(*device, compiled->artifact);
    if (!kernel.ok()) return Fail(kernel.status());
    const std::vector<float> ha = Random(elems, 3), hb = Random(elems, 4);
    auto a = device->AllocateArray<float>(elems), b = device->AllocateArray<float>(elems),
         c = device->AllocateArray<float>(elems);
    if (!a.ok() || !b.ok() || !c.ok()) return Fail(a.ok() ? c.status() : a.status());
    if (!a->Write(ha).ok() || !b->Write(hb).ok()) return Fail(a->Write(ha));
    const uint32_t programs =
        uint32_t(((s + o.block_m - 1) / o.block_m) * ((s + o.block_n - 1) / o.block_n));
    auto gemmMs = TimeKernel(o.runs, *kernel, {programs, 1, 1}, {*a, *b, *c, s, s, s, s, s, s});
    if (!gemmMs.ok()) return Fail(gemmMs.status());
    auto hc = c->Read<float>(elems);
    if (!hc.ok()) return Fail(hc.status());

    std::vector<float> ref(elems);
    const double blasMs = TimeHost(o.runs, [&] {
      cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, s, s, s, 1.0f, ha.data(), s,
                  hb.data(), s, 0.0f, ref.data(), s);
    });
    double maxRel = 0;
    for (size_t i = 0; i < elems; ++i)
      maxRel = std::max(maxRel, std::fabs(double((*hc)[i]) - ref[i]) / (std::fabs(ref[i]) + 1.0));
    const double flops = 2.0 * double(s) * s * s;
    const double tGF = flops / (*gemmMs * 1e6), bGF = flops / (blasMs * 1e6);
    std::printf("\nSGEMM %d^3 fp32, flops = 2 M N K\n", s);
    std::printf("  tessel sgemm_kernel %dx%dx%d, GROUP_M %d  %9.2f ms  %7.2f GFLOP/s  "
                "(compile %.2f s, %s)\n",
                o.block_m, o.block_n, o.block_k, o.group_m, *gemmMs, tGF, compileS,
                compiled->artifact.record.cache_hit ? "cache hit" : "cache miss");
    std::printf("  OpenBLAS cblas_sgemm                %9.2f ms  %7.2f GFLOP/s\n", blasMs, bGF);
    std::printf("  tessel / OpenBLAS                   %.3fx of OpenBLAS's GFLOP/s\n", tGF / bGF);
    std::printf("  max |tessel - OpenBLAS| / (|OpenBLAS| + 1) = %.1e\n", maxRel);
    if (!(maxRel < 1e-4)) {
      std::fprintf(stderr, "bench_cpu: SGEMM result differs from OpenBLAS\n");
      return 1;
    }
  }
  return 0;
}
