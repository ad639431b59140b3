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

// Wall time of one call of `f` in milliseconds.
double TimeOnce(const std::function<void()>& f) {
  auto start = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

// Median wall time of `runs` calls of `f` in milliseconds, after a warm-up.
double TimeHost(int runs, const std::function<void()>& f) {
  f();
  std::vector<double> ms;
  for (int r = 0; r < runs; ++r) ms.push_back(TimeOnce(f));
  return Median(ms);
}

// Median device time of `runs` launches (TimeLaunch), after a warm-up.
runtime::StatusOr<double> TimeKernel(int runs, const runtime::Kernel& kernel,
                                     const runtime::Grid& grid,
                                     const std::vector<runtime::Arg>& args) {
  std::vector<double> ms;
  for (int r = 0; r <= runs; ++r) {
    auto t = runtime::timeLaunch(kernel, grid, args);
    if (!t.ok()) return t.status();
    if (r > 0) ms.push_back(*t);
  }
  return Median(ms);
}

// Threads started once that run a job together, so that a timed parallel
// copy does not include starting threads (the CPU plugin's pool is started
// before its launches are timed, too).
class ProbeThreads {
 public:
  explicit ProbeThreads(unsigned threads) {
    for (unsigned t = 1; t < threads; ++t) workers_.emplace_back([this, t] { Loop(t); });
  }
  ~ProbeThreads() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    for (std::thread& th : workers_) th.join();
  }
  unsigned size() const { return static_cast<unsigned>(workers_.size()) + 1; }
  // Runs job(t) on thread t for every t in [0, size()); returns when all did.
  void Run(const std::function<void(unsigned)>& job) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      job_ = &job;
      pending_ = static_cast<unsigned>(workers_.size());
      ++generation_;
    }
    wake_.notify_all();
    job(0);
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [&] { return pending_ == 0; });
  }

 private:
  void Loop(unsigned t) {
    uint64_t seen = 0;
    std::unique_lock<std::mutex> lock(mutex_);
    while (true) {
      wake_.wait(lock, [&] { return stopping_ || generation_ != seen; });
      if (stopping_) return;
      seen = generation_;
      const std::function<void(unsigned)>* job = job_;
      lock.unlock();
      (*job)(t);
      lock.lock();
      if (--pending_ == 0) done_.notify_all();
    }
  }

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  const std::function<void(unsigned)>* job_ = nullptr;
  unsigned pending_ = 0;
  uint64_t generation_ = 0;
  bool stopping_ = false;
};

// A copy whose stores bypass the caches (SSE2 non-temporal stores, which
// every x86-64 CPU has): it moves exactly the bytes it counts, one read and
// one write stream. A plain store first reads its line into the cache
// (write-allocate), a third stream that no copy rate counts; glibc's
// memcpy uses non-temporal stores only above a size derived from the cache
// sizes the CPU reports (which virtual machines often report huge), so the
// memcpy probe alone may measure that slower copy.
void StreamingCopy(char* dst, const char* src, size_t bytes) {
  size_t head = std::min(bytes, (16 - reinterpret_cast<uintptr_t>(dst) % 16) % 16);
  std::memcpy(dst, src, head);
  size_t i = head;
  for (; i + 64 <= bytes; i += 64) {
    __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i));
    __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i + 16));
    __m128i c = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i + 32));
    __m128i d = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i + 48));
    _mm_stream_si128(reinterpret_cast<__m128i*>(dst + i), a);
    _mm_stream_si128(reinterpret_cast<__m128i*>(dst + i + 16), b);
    _mm_stream_si128(reinterpret_cast<__m128i*>(dst + i + 32), c);
    _mm_stream_si128(reinterpret_cast<__m128i*>(dst + i + 48), d);
  }
  _mm_sfence();
  std::memcpy(dst + i, src + i, bytes - i);
}

// `copy` of `bytes`, split evenly over the threads of `team`.
void ParallelCopy(ProbeThreads& team, char* dst, const char* src, size_t bytes,
                  void (*copy)(char*, const char*, size_t)) {
  const size_t chunk = (bytes / team.size() + 63) / 64 * 64;
  team.Run([&](unsigned t) {
    size_t begin = std::min(bytes, t * chunk), end = std::min(bytes, begin + chunk);
    copy(dst + begin, src + begin, end - begin);
  });
}

void Memcpy(char* dst, const char* src, size_t bytes) { std::memcpy(dst, src, bytes); }

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
  rtOptions.pluginPaths = o.plugins;
  auto rt = runtime::Runtime::create(rtOptions);
  if (!rt.ok()) return Fail(rt.status());
  auto sel = rt->selectTarget(o.target);
  if (!sel.ok()) return Fail(sel.status());
  auto device = rt->openDevice(*sel);
  if (!device.ok()) return Fail(device.status());
  const unsigned threads = std::max(1u, device->info().computeUnits);
  std::printf("target %s, %s, %u threads, median of %d runs\n",
              sel->target.toString().c_str(), device->describe().c_str(), threads,
              o.runs);

  // --- vector add vs the copy probe -------------------------------------
  {
    const int32_t n = static_cast<int32_t>(o.add_elements);
    const int32_t block = o.add_block;
    auto compiled = compiler::compileKernelFile(
        *rt, sel->target, o.add_kernel,
        {"add_kernel", "*fp32,*fp32,*fp32,i32", {{"BLOCK", std::to_string(block)}}});
    if (!compiled.ok()) return Fail(compiled.status());
    auto kernel = runtime::Kernel::load(*device, compiled->artifact);
    if (!kernel.ok()) return Fail(kernel.status());
    auto x = device->allocateArray<float>(n), y = device->allocateArray<float>(n),
         out = device->allocateArray<float>(n);
    if (!x.ok() || !y.ok() || !out.ok()) return Fail(x.ok() ? out.status() : x.status());
    const std::vector<float> hx = Random(n, 1), hy = Random(n, 2);
    if (!x->write(hx).ok() || !y->write(hy).ok())
      return Fail(x->write(hx));
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
      if (!t.ok()) return Fail(t.status());
      const double memcpyT =
          TimeOnce([&] { ParallelCopy(team, dst.data(), src.data(), bytes, Memcpy); });
      const double streamT =
          TimeOnce([&] { ParallelCopy(team, dst.data(), src.data(), bytes, StreamingCopy); });
      const double copy1T = TimeOnce([&] { std::memcpy(dst.data(), src.data(), bytes); });
      if (r == 0) continue;
      addRuns.push_back(*t);
      memcpyRuns.push_back(memcpyT);
      streamRuns.push_back(streamT);
      copy1Runs.push_back(copy1T);
    }
    auto result = out->read<float>(n);
    if (!result.ok()) return Fail(result.status());
    for (int32_t i = 0; i < n; ++i)
      if ((*result)[i] != hx[i] + hy[i]) {
        std::fprintf(stderr, "bench_cpu: vector add is wrong at %d\n", i);
        return 1;
      }
    const double addMs = Median(addRuns), memcpyMs = Median(memcpyRuns),
                 streamMs = Median(streamRuns), copy1Ms = Median(copy1Runs);
    const double addGBs = 3.0 * bytes / (addMs * 1e6);
    const double memcpyGBs = 2.0 * bytes / (memcpyMs * 1e6);
    const double streamGBs = 2.0 * bytes / (streamMs * 1e6);
    const double copy1GBs = 2.0 * bytes / (copy1Ms * 1e6);
    const double probeGBs = std::max(memcpyGBs, streamGBs);
    std::printf("\nvector add fp32, n = %d (%.0f MiB per array), bytes = 3 x 4n (2 reads, 1 write)\n",
                n, bytes / 1048576.0);
    auto row = [](const std::string& what, double ms, double gbs, const char* note) {
      std::printf("  %-36s %8.3f ms  %7.2f GB/s%s\n", what.c_str(), ms, gbs, note);
    };
    const std::string teamName = std::to_string(threads) + " threads";
    row("tessel add_kernel (BLOCK " + std::to_string(block) + ")", addMs, addGBs, "");
    row("copy, streaming stores, " + teamName, streamMs, streamGBs, "  (bytes = 2 x 4n)");
    row("memcpy, " + teamName, memcpyMs, memcpyGBs, "  (bytes = 2 x 4n)");
    row("memcpy, 1 thread", copy1Ms, copy1GBs, "");
    std::printf("  add / copy probe (%s)   %.2fx of the probe's GB/s (the faster copy: %s)\n",
                teamName.c_str(), addGBs / probeGBs, streamGBs >= memcpyGBs ? "streaming" : "memcpy");
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
    auto kernel = runtime::Kernel::load(*device, compiled->artifact);
    if (!kernel.ok()) return Fail(kernel.status());
    const std::vector<float> ha = Random(elems, 3), hb = Random(elems, 4);
    auto a = device->allocateArray<float>(elems),
         b = device->allocateArray<float>(elems),
         c = device->allocateArray<float>(elems);
    if (!a.ok() || !b.ok() || !c.ok()) return Fail(a.ok() ? c.status() : a.status());
    if (!a->write(ha).ok() || !b->write(hb).ok())
      return Fail(a->write(ha));
    const uint32_t programs =
        uint32_t(((s + o.block_m - 1) / o.block_m) * ((s + o.block_n - 1) / o.block_n));
    auto gemmMs = TimeKernel(o.runs, *kernel, {programs, 1, 1}, {*a, *b, *c, s, s, s, s, s, s});
    if (!gemmMs.ok()) return Fail(gemmMs.status());
    auto hc = c->read<float>(elems);
    if (!hc.ok()) return Fail(hc.status());

    std::vector<float> ref(elems);
    const double blasMs = TimeHost(o.runs, [&] {
      cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, s, s, s, 1.0f, ha.data(), s,
                  hb.data(), s, 0.0f, ref.data(), s);
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
                o.block_m, o.block_n, o.block_k, o.group_m, *gemmMs, tGF, compileS,
                compiled->artifact.record.cacheHit ? "cache hit" : "cache miss");
    std::printf("  OpenBLAS cblas_sgemm                %9.2f ms  %7.2f GFLOP/s\n", blasMs, bGF);
    std::printf("  tessel / OpenBLAS                   %.3fx of OpenBLAS's GFLOP/s\n", tGF / bGF);
    std::printf("  max |tessel - OpenBLAS| / (|OpenBLAS| + 1) = %.1e\n", maxRel.value());
    if (!maxRel.within(1e-4)) {
      std::fprintf(stderr, "bench_cpu: SGEMM result differs from OpenBLAS (element %zu)\n",
                   maxRel.index());
      return 1;
    }
  }
  return 0;
}
