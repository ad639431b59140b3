//===- BenchCpu.cpp - The CPU backend against its bounds ------------------===//
//
// The CPU benchmark: Tessel kernels side by side with what bounds them, in
// one run, reported as ratios (docs/bench.md says how to read it).
//
//   vector add fp32, 2^24 elements: Tessel's add_kernel vs a copy
//     bandwidth probe (memcpy, and a copy with streaming stores) on the
//     same number of threads;
//   SGEMM 1024^3: Tessel's sgemm_kernel (tl.dot) vs OpenBLAS cblas_sgemm.
//
// Each measurement is the median of --runs timed repetitions after one
// warm-up; the vector add and its probes take turns within each repetition.
// Tessel launches are timed with the plugin's events (TimeLaunch);
// host work with std::chrono::steady_clock around the call.
//
//===----------------------------------------------------------------------===//

#include <cblas.h>
#include <emmintrin.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/compiler/KernelCompiler.h"
#include "core/runtime/Kernel.h"
#include "core/runtime/Launch.h"
#include "core/runtime/Runtime.h"
#include "examples/common/MaxError.h"

using namespace tessel;

namespace {

struct Options {
  std::string target;
  std::vector<std::string> plugins;
  int runs = 10;
  int64_t addElements = int64_t(1) << 24;
  int gemmSize = 1024;
  int addBlock = 4096;
  // The fastest of a sweep on a 2-core machine (docs/bench.md).
  int blockM = 256, blockN = 256, blockK = 16, groupM = 8;
  std::string addKernel = "examples/vector_add/vector_add.py";
  std::string sgemmKernel = "bench/cpu/sgemm.py";
};

const char *kUsage =
    "usage: bench_cpu [--target T] [--plugin PATH] [--runs N] [--add-elements N]\n"
    "                 [--add-block B] [--gemm-size N] [--blocks BM,BN,BK] [--group-m "
    "G]\n"
    "                 [--add-kernel FILE] [--sgemm-kernel FILE]\n";

bool parse(int argc, char **argv, Options &o) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (i + 1 >= argc)
      return false;
    std::string v = argv[++i];
    if (a == "--target")
      o.target = v;
    else if (a == "--plugin")
      o.plugins.push_back(v);
    else if (a == "--runs")
      o.runs = std::max(1, std::atoi(v.c_str()));
    else if (a == "--add-elements")
      o.addElements = std::atoll(v.c_str());
    else if (a == "--gemm-size")
      o.gemmSize = std::atoi(v.c_str());
    else if (a == "--add-block")
      o.addBlock = std::atoi(v.c_str());
    else if (a == "--group-m")
      o.groupM = std::atoi(v.c_str());
    else if (a == "--add-kernel")
      o.addKernel = v;
    else if (a == "--sgemm-kernel")
      o.sgemmKernel = v;
    else if (a == "--blocks") {
      if (std::sscanf(v.c_str(), "%d,%d,%d", &o.blockM, &o.blockN, &o.blockK) != 3)
        return false;
    } else {
      return false;
    }
  }
  return o.addElements > 0 && o.gemmSize > 0 && o.addBlock > 0;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Wall time of one call of `f` in milliseconds.
double timeOnce(const std::function<void()> &f) {
  auto start = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() -
                                                   start)
      .count();
}

// Median wall time of `runs` calls of `f` in milliseconds, after a warm-up.
double timeHost(int runs, const std::function<void()> &f) {
  f();
  std::vector<double> ms;
  for (int r = 0; r < runs; ++r)
    ms.push_back(timeOnce(f));
  return median(ms);
}

// Median device time of `runs` launches (TimeLaunch), after a warm-up.
runtime::StatusOr<double> timeKernel(int runs, const runtime::Kernel &kernel,
                                     const runtime::Grid &grid,
                                     const std::vector<runtime::Arg> &args) {
  std::vector<double> ms;
  for (int r = 0; r <= runs; ++r) {
    auto t = runtime::timeLaunch(kernel, grid, args);
    if (!t.ok())
      return t.status();
    if (r > 0)
      ms.push_back(*t);
  }
  return median(ms);
}

// Threads started once that run a job together, so that a timed parallel
// copy does not include starting threads (the CPU plugin's pool is started
// before its launches are timed, too).
class ProbeThreads {
public:
  explicit ProbeThreads(unsigned threads) {
    for (unsigned t = 1; t < threads; ++t)
      workers.emplace_back([this, t] { loop(t); });
  }
  ~ProbeThreads() {
    {
      std::lock_guard<std::mutex> lock(poolMutex);
      stopping = true;
    }
    wake.notify_all();
    for (std::thread &th : workers)
      th.join();
  }
  unsigned size() const { return static_cast<unsigned>(workers.size()) + 1; }
  // Runs job(t) on thread t for every t in [0, size()); returns when all did.
  void run(const std::function<void(unsigned)> &job) {
    {
      std::lock_guard<std::mutex> lock(poolMutex);
      currentJob = &job;
      pending = static_cast<unsigned>(workers.size());
      ++generation;
    }
    wake.notify_all();
    job(0);
    std::unique_lock<std::mutex> lock(poolMutex);
    done.wait(lock, [&] { return pending == 0; });
  }

private:
  void loop(unsigned t) {
    uint64_t seen = 0;
    std::unique_lock<std::mutex> lock(poolMutex);
    while (true) {
      wake.wait(lock, [&] { return stopping || generation != seen; });
      if (stopping)
        return;
      seen = generation;
      const std::function<void(unsigned)> *job = currentJob;
      lock.unlock();
      (*job)(t);
      lock.lock();
      if (--pending == 0)
        done.notify_all();
    }
  }

  std::vector<std::thread> workers;
  std::mutex poolMutex;
  std::condition_variable wake, done;
  const std::function<void(unsigned)> *currentJob = nullptr;
  unsigned pending = 0;
  uint64_t generation = 0;
  bool stopping = false;
};

// A copy whose stores bypass the caches (SSE2 non-temporal stores, which
// every x86-64 CPU has): it moves exactly the bytes it counts, one read and
// one write stream. A plain store first reads its line into the cache
// (write-allocate), a third stream that no copy rate counts; glibc's
// memcpy uses non-temporal stores only above a size derived from the cache
// sizes the CPU reports (which virtual machines often report huge), so the
// memcpy probe alone may measure that slower copy.
void streamingCopy(char *dst, const char *src, size_t bytes) {
  size_t head = std::min(bytes, (16 - reinterpret_cast<uintptr_t>(dst) % 16) % 16);
  std::memcpy(dst, src, head);
  size_t i = head;
  for (; i + 64 <= bytes; i += 64) {
    __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i *>(src + i));
    __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i *>(src + i + 16));
    __m128i c = _mm_loadu_si128(reinterpret_cast<const __m128i *>(src + i + 32));
    __m128i d = _mm_loadu_si128(reinterpret_cast<const __m128i *>(src + i + 48));
    _mm_stream_si128(reinterpret_cast<__m128i *>(dst + i), a);
    _mm_stream_si128(reinterpret_cast<__m128i *>(dst + i + 16), b);
    _mm_stream_si128(reinterpret_cast<__m128i *>(dst + i + 32), c);
    _mm_stream_si128(reinterpret_cast<__m128i *>(dst + i + 48), d);
  }
  _mm_sfence();
  std::memcpy(dst + i, src + i, bytes - i);
}

// `copy` of `bytes`, split evenly over the threads of `team`.
void parallelCopy(ProbeThreads &team, char *dst, const char *src, size_t bytes,
                  void (*copy)(char *, const char *, size_t)) {
  const size_t chunk = (bytes / team.size() + 63) / 64 * 64;
  team.run([&](unsigned t) {
    size_t begin = std::min(bytes, t * chunk), end = std::min(bytes, begin + chunk);
    copy(dst + begin, src + begin, end - begin);
  });
}

void stdMemcpy(char *dst, const char *src, size_t bytes) {
  std::memcpy(dst, src, bytes);
}

std::vector<float> random(size_t n, uint32_t seed) {
  std::vector<float> v(n);
  uint32_t s = seed;
  for (float &x : v) {
    s = s * 1664525u + 1013904223u;
    x = float(s >> 8) * 0x1p-24f * 2.0f - 1.0f;
  }
  return v;
}

int fail(const runtime::Status &s) {
  std::fprintf(stderr, "bench_cpu: %s\n", s.message().c_str());
  return 1;
}

} // namespace

int main(int argc, char **argv) {
  Options o;
  if (!parse(argc, argv, o)) {
    std::fprintf(stderr, "%s", kUsage);
    return 2;
  }
  runtime::RuntimeOptions rtOptions;
  rtOptions.pluginPaths = o.plugins;
  auto rt = runtime::Runtime::create(rtOptions);
  if (!rt.ok())
    return fail(rt.status());
  auto sel = rt->selectTarget(o.target);
  if (!sel.ok())
    return fail(sel.status());
  auto device = rt->openDevice(*sel);
  if (!device.ok())
    return fail(device.status());
  const unsigned threads = std::max(1u, device->info().computeUnits);
  std::printf("target %s, %s, %u threads, median of %d runs\n",
              sel->target.toString().c_str(), device->describe().c_str(), threads,
              o.runs);

  // --- vector add vs the copy probe -------------------------------------
  {
    const int32_t n = static_cast<int32_t>(o.addElements);
    const int32_t block = o.addBlock;
    auto compiled = compiler::compileKernelFile(
        *rt, sel->target, o.addKernel,
        {"add_kernel", "*fp32,*fp32,*fp32,i32", {{"BLOCK", std::to_string(block)}}});
    if (!compiled.ok())
      return fail(compiled.status());
    auto kernel = runtime::Kernel::load(*device, compiled->artifact);
    if (!kernel.ok())
      return fail(kernel.status());
    auto x = device->allocateArray<float>(n), y = device->allocateArray<float>(n),
         out = device->allocateArray<float>(n);
    if (!x.ok() || !y.ok() || !out.ok())
      return fail(x.ok() ? out.status() : x.status());
    const std::vector<float> hx = random(n, 1), hy = random(n, 2);
    if (!x->write(hx).ok() || !y->write(hy).ok())
      return fail(x->write(hx));
    const runtime::Grid grid{uint32_t((n + block - 1) / block), 1, 1};
    const std::vector<runtime::Arg> args = {*x, *y, *out, n};

    // The probe copies one array of the same size (of the same data): one
    // read and one write stream, against the add's two reads and one write.
    // Its rate is the faster of two copies on the pool's number of threads:
    // memcpy, and a copy with non-temporal stores, which moves exactly the
    // bytes counted (as the add's streaming stores do; StreamingCopy says
    // why memcpy may not).
    const size_t bytes = size_t(n) * 4;
    std::vector<char> src(bytes), dst(bytes, 0);
    std::memcpy(src.data(), hx.data(), bytes);
    ProbeThreads team(threads);
    // Side by side: every repetition runs the kernel and then each probe,
    // so that the slow and fast phases of a shared machine's memory fall on
    // all of them alike. The first repetition is the warm-up.
    std::vector<double> addRuns, memcpyRuns, streamRuns, copy1Runs;
    for (int r = 0; r <= o.runs; ++r) {
      auto t = runtime::timeLaunch(*kernel, grid, args);
      if (!t.ok())
        return fail(t.status());
      const double memcpyT = timeOnce(
          [&] { parallelCopy(team, dst.data(), src.data(), bytes, stdMemcpy); });
      const double streamT = timeOnce(
          [&] { parallelCopy(team, dst.data(), src.data(), bytes, streamingCopy); });
      const double copy1T =
          timeOnce([&] { std::memcpy(dst.data(), src.data(), bytes); });
      if (r == 0)
        continue;
      addRuns.push_back(*t);
      memcpyRuns.push_back(memcpyT);
      streamRuns.push_back(streamT);
      copy1Runs.push_back(copy1T);
    }
    auto result = out->read<float>(n);
    if (!result.ok())
      return fail(result.status());
    for (int32_t i = 0; i < n; ++i)
      if ((*result)[i] != hx[i] + hy[i]) {
        std::fprintf(stderr, "bench_cpu: vector add is wrong at %d\n", i);
        return 1;
      }
    const double addMs = median(addRuns), memcpyMs = median(memcpyRuns),
                 streamMs = median(streamRuns), copy1Ms = median(copy1Runs);
    const double addGBs = 3.0 * bytes / (addMs * 1e6);
    const double memcpyGBs = 2.0 * bytes / (memcpyMs * 1e6);
    const double streamGBs = 2.0 * bytes / (streamMs * 1e6);
    const double copy1GBs = 2.0 * bytes / (copy1Ms * 1e6);
    const double probeGBs = std::max(memcpyGBs, streamGBs);
    std::printf("\nvector add fp32, n = %d (%.0f MiB per array), bytes = 3 x 4n (2 "
                "reads, 1 write)\n",
                n, bytes / 1048576.0);
    auto row = [](const std::string &what, double ms, double gbs, const char *note) {
      std::printf("  %-36s %8.3f ms  %7.2f GB/s%s\n", what.c_str(), ms, gbs, note);
    };
    const std::string teamName = std::to_string(threads) + " threads";
    row("tessel add_kernel (BLOCK " + std::to_string(block) + ")", addMs, addGBs, "");
    row("copy, streaming stores, " + teamName, streamMs, streamGBs,
        "  (bytes = 2 x 4n)");
    row("memcpy, " + teamName, memcpyMs, memcpyGBs, "  (bytes = 2 x 4n)");
    row("memcpy, 1 thread", copy1Ms, copy1GBs, "");
    std::printf(
        "  add / copy probe (%s)   %.2fx of the probe's GB/s (the faster copy: %s)\n",
        teamName.c_str(), addGBs / probeGBs,
        streamGBs >= memcpyGBs ? "streaming" : "memcpy");
  }

  // --- SGEMM vs OpenBLAS ------------------------------------------------
  {
    const int32_t s = o.gemmSize;
    const size_t elems = size_t(s) * s;
    auto compiled =
        compiler::compileKernelFile(*rt, sel->target, o.sgemmKernel,
                                    {"sgemm_kernel",
                                     "*fp32,*fp32,*fp32,i32,i32,i32,i32,i32,i32",
                                     {{"BLOCK_M", std::to_string(o.blockM)},
                                      {"BLOCK_N", std::to_string(o.blockN)},
                                      {"BLOCK_K", std::to_string(o.blockK)},
                                      {"GROUP_M", std::to_string(o.groupM)}}});
    if (!compiled.ok())
      return fail(compiled.status());
    const double compileS =
        (compiled->tile.frontendMilliseconds + compiled->artifact.record.milliseconds) /
        1000.0;
    auto kernel = runtime::Kernel::load(*device, compiled->artifact);
    if (!kernel.ok())
      return fail(kernel.status());
    const std::vector<float> ha = random(elems, 3), hb = random(elems, 4);
    auto a = device->allocateArray<float>(elems),
         b = device->allocateArray<float>(elems),
         c = device->allocateArray<float>(elems);
    if (!a.ok() || !b.ok() || !c.ok())
      return fail(a.ok() ? c.status() : a.status());
    if (!a->write(ha).ok() || !b->write(hb).ok())
      return fail(a->write(ha));
    const uint32_t programs =
        uint32_t(((s + o.blockM - 1) / o.blockM) * ((s + o.blockN - 1) / o.blockN));
    auto gemmMs =
        timeKernel(o.runs, *kernel, {programs, 1, 1}, {*a, *b, *c, s, s, s, s, s, s});
    if (!gemmMs.ok())
      return fail(gemmMs.status());
    auto hc = c->read<float>(elems);
    if (!hc.ok())
      return fail(hc.status());

    std::vector<float> ref(elems);
    const double blasMs = timeHost(o.runs, [&] {
      cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, s, s, s, 1.0f, ha.data(),
                  s, hb.data(), s, 0.0f, ref.data(), s);
    });
    // MaxError keeps a NaN, which std::max would drop (max_error.h).
    examples::MaxError maxRel;
    for (size_t i = 0; i < elems; ++i)
      maxRel.add(std::fabs(double((*hc)[i]) - ref[i]) / (std::fabs(ref[i]) + 1.0), i);
    const double flops = 2.0 * double(s) * s * s;
    const double tGF = flops / (*gemmMs * 1e6), bGF = flops / (blasMs * 1e6);
    std::printf("\nSGEMM %d^3 fp32, flops = 2 M N K\n", s);
    std::printf("  tessel sgemm_kernel %dx%dx%d, GROUP_M %d  %9.2f ms  %7.2f GFLOP/s  "
                "(compile %.2f s, %s)\n",
                o.blockM, o.blockN, o.blockK, o.groupM, *gemmMs, tGF, compileS,
                compiled->artifact.record.cacheHit ? "cache hit" : "cache miss");
    std::printf("  OpenBLAS cblas_sgemm                %9.2f ms  %7.2f GFLOP/s\n",
                blasMs, bGF);
    std::printf("  tessel / OpenBLAS                   %.3fx of OpenBLAS's GFLOP/s\n",
                tGF / bGF);
    std::printf("  max |tessel - OpenBLAS| / (|OpenBLAS| + 1) = %.1e\n",
                maxRel.value());
    if (!maxRel.within(1e-4)) {
      std::fprintf(stderr,
                   "bench_cpu: SGEMM result differs from OpenBLAS (element %zu)\n",
                   maxRel.index());
      return 1;
    }
  }
  return 0;
}
