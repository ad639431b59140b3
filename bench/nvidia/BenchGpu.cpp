//===- BenchGpu.cpp - The GPU benchmark's timed runs ----------------------===//
//
// Runs the GPU benchmark's kernels with the runtime only (no LLVM): each
// kernel's bytecode (from prepare_kernels) is looked up in the compile cache,
// which holds the cubins compiled elsewhere.
//   bench_gpu PLUGIN DIR [--corrupt NAME]   (DIR holds <name>.mlirbc and cache/)
//
// Every element of every result is checked against a host reference (in
// fp64, on all cores; the bounds are those of Workloads.h, which
// triton_bench.py applies to Triton's and PyTorch's results), then launches
// are timed the way triton_bench.py times them (Workloads.h): warm-up
// launches, an L2 flush before every timed launch, the plugin's events
// (CUDA events) around each launch, the median.
//
// Prints a "timing:" line, then one line per workload: name, median ms,
// GB/s or TFLOP/s, and "ok" or what is wrong; for each GEMM also a
// "tessel-auto" line, the fastest of the configurations that compiled
// (Workloads.h, getAutoConfigsFor; its "config:" line names it).
// Exits 1 when a workload does not compile, load or launch, or a result is
// wrong.
//
// --corrupt NAME writes a NaN over one element of workload NAME's output on
// the device after its checked launch: the check must then report it, and
// bench_gpu (and run_h200.sh) exit 1. It shows that the check can fail.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <limits>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "bench/nvidia/Workloads.h"
#include "core/plugin_host/TargetParser.h"
#include "core/runtime/Kernel.h"
#include "core/runtime/Launch.h"
#include "core/runtime/Runtime.h"
#include "examples/common/MaxError.h"

namespace tb = tessel::bench;
namespace rt = tessel::runtime;
using tessel::examples::MaxError;

namespace {

std::vector<uint8_t> readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  std::string bytes = s.str();
  return std::vector<uint8_t>(bytes.begin(), bytes.end());
}

uint16_t toHalf(float f) {
  // Round-to-nearest-even conversion for normal-range values.
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000;
  int32_t exp = static_cast<int32_t>((x >> 23) & 0xff) - 127 + 15;
  uint32_t mant = x & 0x7fffff;
  if (exp <= 0)
    return static_cast<uint16_t>(sign);
  uint32_t h = sign | (static_cast<uint32_t>(exp) << 10) | (mant >> 13);
  uint32_t rest = mant & 0x1fff;
  if (rest > 0x1000 || (rest == 0x1000 && (h & 1)))
    ++h;
  return static_cast<uint16_t>(h);
}

uint16_t toBf16(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  x += 0x7fff + ((x >> 16) & 1); // round to nearest even (finite values)
  return static_cast<uint16_t>(x >> 16);
}

float fromBf16(uint16_t h) {
  uint32_t x = uint32_t(h) << 16;
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

// Exact for every fp16 value this program makes (normal numbers and zero)
// and for the results it reads back; infinities and NaNs decode as such.
float fromHalf(uint16_t h) {
  uint32_t sign = (h & 0x8000u) << 16, exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  uint32_t x;
  if (exp == 0x1f) {
    x = sign | 0x7f800000u | (mant << 13);
  } else if (exp == 0) {
    float sub = std::ldexp(float(mant), -24); // subnormal (or zero)
    return sign ? -sub : sub;
  } else {
    x = sign | ((exp - 15 + 127) << 23) | (mant << 13);
  }
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

// A random e4m3 value as its byte: either sign, exponent fields 1 to 7
// (normal numbers of magnitude 2^-6 to 1.875), any mantissa.
uint8_t randomE4m3(std::mt19937 &rng) {
  const uint32_t r = rng();
  return uint8_t(((r & 1u) << 7) | ((1 + (r >> 1) % 7) << 3) | ((r >> 8) & 7u));
}

// The value of an e4m3 byte (normal and subnormal numbers; this program
// makes no NaN): (8 + m) 2^(e - 10), or m 2^-9 for e = 0.
double fromE4m3(uint8_t v) {
  const int e = (v >> 3) & 15, m = v & 7;
  const double magnitude = e == 0 ? std::ldexp(m, -9) : std::ldexp(8 + m, e - 10);
  return (v & 0x80) ? -magnitude : magnitude;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2]; // the upper middle for an even count, as triton_bench.py
}

// body(begin, end) over [0, count) split into one range per core; returns
// the largest of the ranges' results (MaxError keeps a NaN).
MaxError parallelMax(int64_t count,
                     const std::function<MaxError(int64_t, int64_t)> &body) {
  const int64_t threads = std::max<int64_t>(
      1, std::min<int64_t>(count, std::thread::hardware_concurrency()));
  std::vector<MaxError> parts(threads);
  std::vector<std::thread> pool;
  for (int64_t t = 0; t < threads; ++t)
    pool.emplace_back(
        [&, t] { parts[t] = body(count * t / threads, count * (t + 1) / threads); });
  for (std::thread &th : pool)
    th.join();
  MaxError all;
  for (const MaxError &p : parts)
    all.add(p.value(), p.index());
  return all;
}

// "ok", or what is wrong: `worst` holds, per element, its error divided by
// the error it is allowed (so more than 1 is wrong, and NaN is wrong).
std::string verdict(const MaxError &worst, double got, double want) {
  if (worst.within(1.0))
    return "ok";
  char buf[160];
  std::snprintf(buf, sizeof buf,
                "WRONG at %zu: got %.9g, expected %.9g (%.3g x the allowed error)",
                worst.index(), got, want, worst.value());
  return buf;
}

// The L2 flush both sides run before every timed launch (Workloads.h).
struct Flush {
  const rt::Kernel *kernel = nullptr;
  const rt::Buffer *buffer = nullptr;
  rt::Grid grid;
  int32_t n = 0;
  rt::Status run(int32_t value) const {
    return rt::launch(*kernel, grid, {*buffer, n, value});
  }
};

// The timing of Workloads.h: kWarmupLaunches launches, then kTimedLaunches
// launches, each after a flush and between two events of its own (the
// flush also keeps the device busy while the host records the first event
// and launches, so the host's launch overhead is not timed); the median.
rt::StatusOr<double> timeMedian(const rt::Kernel &k, rt::Grid g,
                                const std::vector<rt::Arg> &a, const Flush &flush) {
  for (int i = 0; i < tb::kWarmupLaunches; ++i) {
    if (rt::Status s = flush.run(i); !s.ok())
      return s;
    if (rt::Status s = rt::launch(k, g, a); !s.ok())
      return s;
  }
  std::vector<double> ms;
  for (int i = 0; i < tb::kTimedLaunches; ++i) {
    if (rt::Status s = flush.run(i); !s.ok())
      return s;
    auto t = rt::timeLaunch(k, g, a);
    if (!t.ok())
      return t.status();
    ms.push_back(*t);
  }
  return median(ms);
}

// Writes `bytes` of `bits` over element `index` of `buffer` (--corrupt).
rt::Status corruptElement(rt::Buffer &buffer, uint64_t index, uint64_t bits,
                          uint64_t bytes) {
  return buffer.copyFromHost(&bits, bytes, index * bytes);
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 3 && !(argc == 5 && std::string(argv[3]) == "--corrupt")) {
    std::fprintf(stderr, "usage: bench_gpu PLUGIN DIR [--corrupt NAME]\n");
    return 2;
  }
  std::string dir = argv[2];
  const std::string corrupt = argc == 5 ? argv[4] : "";
  // TESSEL_BENCH_AUTOTUNE=0 leaves out the "tessel-auto" side, as it does
  // the "triton-auto" side in triton_bench.py.
  const char *autotuneEnv = std::getenv("TESSEL_BENCH_AUTOTUNE");
  const bool autotune = !autotuneEnv || std::string(autotuneEnv) != "0";
  // TESSEL_BENCH_ONLY=NAME runs that workload alone (a profiler's run: its
  // first launch is the checked one); NAME@CONFIG (a "tessel-auto" name,
  // e.g. gemm_fp16_4096@128x256x64w8s3) runs the GEMM at that configuration.
  const char *onlyEnv = std::getenv("TESSEL_BENCH_ONLY");
  const std::string only = onlyEnv ? onlyEnv : "";
  // TESSEL_BENCH_SELECT=PREFIX[,PREFIX...] runs the workloads whose names
  // start with one of the PREFIXes (e.g. attn_fwd), as triton_bench.py
  // does: a short run.
  const char *selectEnv = std::getenv("TESSEL_BENCH_SELECT");
  std::vector<std::string> prefixes;
  {
    std::string all = selectEnv ? selectEnv : "";
    for (size_t start = 0;;) {
      size_t comma = all.find(',', start);
      prefixes.push_back(all.substr(start, comma - start));
      if (comma == std::string::npos)
        break;
      start = comma + 1;
    }
  }
  auto selected = [&](const std::string &name) {
    for (const std::string &p : prefixes)
      if (name.rfind(p, 0) == 0)
        return true;
    return false;
  };
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
  if (!selection.ok()) {
    std::fprintf(stderr, "%s\n", selection.status().toString().c_str());
    return 1;
  }
  auto device = runtime->openDevice(*selection);
  if (!device.ok()) {
    std::fprintf(stderr, "%s\n", device.status().toString().c_str());
    return 1;
  }
  std::printf("device: %s\n", device->describe().c_str());

  // One workload's kernel from the carried compile cache.
  auto load = [&](const tb::Workload &w) -> rt::StatusOr<rt::Kernel> {
    rt::CompileRequest request;
    request.ir = readFile(dir + "/" + w.name + ".mlirbc");
    request.entryName = w.kernel;
    // The options are part of the cache key: the same as prepare_kernels'.
    request.options = tb::compileOptionsFor(w);
    auto artifact = runtime->compile(selection->target, request);
    if (!artifact.ok())
      return artifact.status();
    return rt::Kernel::load(*device, *artifact);
  };

  const tb::Workload flushWorkload = tb::l2Flush();
  auto flushKernel = load(flushWorkload);
  auto flushBuffer = device->allocate(uint64_t(flushWorkload.n) * 4);
  if (!flushKernel.ok() || !flushBuffer.ok()) {
    std::fprintf(stderr, "l2_flush: %s\n",
                 (flushKernel.ok() ? flushBuffer.status() : flushKernel.status())
                     .toString()
                     .c_str());
    return 1;
  }
  const int32_t flushBlock = std::stoi(flushWorkload.constexprs.at("BLOCK"));
  Flush flush{&*flushKernel, &*flushBuffer,
              rt::Grid{static_cast<uint32_t>(flushWorkload.n / flushBlock), 1, 1},
              static_cast<int32_t>(flushWorkload.n)};
  std::printf(
      "timing: warm-up %d, timed %d, L2 flush %lld B before each, events around each "
      "launch, median\n",
      tb::kWarmupLaunches, tb::kTimedLaunches,
      static_cast<long long>(flushWorkload.n * 4));

  // "tessel-auto": times each tuning variant of a workload that compiled
  // (tb::getTuningVariants), timed as the main side is, with a "config:"
  // line each; the fastest, its kernel loaded, or none.
  struct Fastest {
    double ms = -1;
    std::optional<tb::Workload> workload;
    std::optional<rt::Kernel> kernel;
  };
  auto timeVariants = [&](const tb::Workload &w,
                          const std::function<rt::Grid(const tb::Workload &)> &gridOf,
                          const std::vector<rt::Arg> &args,
                          const std::function<double(double)> &tflops) {
    Fastest fastest;
    for (const tb::Workload &v : tb::getTuningVariants(w)) {
      if (!std::ifstream(dir + "/" + v.name + ".mlirbc")) {
        std::printf("config: tessel-auto %s not compiled (see prepare_kernels)\n",
                    v.name.c_str());
        continue;
      }
      auto vk = load(v);
      if (!vk.ok()) {
        std::printf("config: tessel-auto %s load: %s\n", v.name.c_str(),
                    vk.status().toString().c_str());
        continue;
      }
      auto vt = timeMedian(*vk, gridOf(v), args, flush);
      if (!vt.ok())
        std::printf("config: tessel-auto %s timing: %s\n", v.name.c_str(),
                    vt.status().toString().c_str());
      else
        std::printf("config: tessel-auto %s %.4f ms %.1f TFLOP/s\n", v.name.c_str(),
                    *vt, tflops(*vt));
      if (vt.ok() && (fastest.ms < 0 || *vt < fastest.ms)) {
        fastest.ms = *vt;
        fastest.workload = v;
        fastest.kernel.emplace(std::move(*vk));
      }
    }
    return fastest;
  };

  std::mt19937 rng(1234);
  std::uniform_real_distribution<float> dist(-1, 1);
  int status = 0;
  bool corrupted = false;
  for (tb::Workload w : tb::getWorkloads()) {
    if (!selected(w.name))
      continue;
    if (!only.empty() && w.name != only) {
      if (only.rfind(w.name + "@", 0) != 0)
        continue;
      bool found = false;
      for (const tb::Workload &v : tb::getTuningVariants(w))
        if (v.name == only) {
          w = v;
          found = true;
        }
      if (!found)
        continue;
    }
    auto kernel = load(w);
    if (!kernel.ok()) {
      std::printf("tessel %-20s load: %s\n", w.name.c_str(),
                  kernel.status().toString().c_str());
      status = 1;
      continue;
    }
    const bool corruptThis = w.name == corrupt;
    corrupted = corrupted || corruptThis;
    std::string check = "ok";
    // A failed copy or launch is the check's result too.
    auto must = [&check](const rt::Status &s, const char *what) {
      if (!s.ok() && check == "ok")
        check = std::string(what) + " failed: " + s.toString();
    };
    double ms = 0, work = 0;
    const char *unit = "GB/s";
    if (w.kind == tb::Kind::kVectorAdd) {
      int64_t n = w.n;
      int32_t block = std::stoi(w.constexprs.at("BLOCK"));
      std::vector<float> x(n), y(n), out(n);
      for (int64_t i = 0; i < n; ++i)
        x[i] = dist(rng), y[i] = dist(rng);
      auto bx = device->allocate(n * 4), by = device->allocate(n * 4),
           bo = device->allocate(n * 4);
      if (!bx.ok() || !by.ok() || !bo.ok())
        return 1;
      must(bx->copyFromHost(x.data(), n * 4), "copy");
      must(by->copyFromHost(y.data(), n * 4), "copy");
      std::vector<rt::Arg> args = {*bx, *by, *bo, static_cast<int32_t>(n)};
      rt::Grid grid{static_cast<uint32_t>((n + block - 1) / block), 1, 1};
      must(rt::launch(*kernel, grid, args), "launch");
      must(device->synchronize(), "launch");
      if (corruptThis)
        must(corruptElement(*bo, n / 2, 0x7fc00000u, 4), "corrupt");
      must(bo->copyToHost(out.data(), n * 4), "copy");
      // Exact: one fp32 rounding on both sides (a NaN never compares equal).
      MaxError worst = parallelMax(n, [&](int64_t begin, int64_t end) {
        MaxError e;
        for (int64_t i = begin; i < end; ++i)
          if (!(out[i] == x[i] + y[i]))
            e.add(std::numeric_limits<double>::infinity(), i);
        return e;
      });
      if (check == "ok" && !worst.within(1.0)) {
        const int64_t i = static_cast<int64_t>(worst.index());
        check = "WRONG at " + std::to_string(i) + ": got " + std::to_string(out[i]) +
                ", expected " + std::to_string(x[i] + y[i]) + " (exactly)";
      }
      auto t = timeMedian(*kernel, grid, args, flush);
      must(t.status(), "timing");
      ms = t.ok() ? *t : -1;
      work = 3.0 * 4 * n / (ms * 1e-3) / 1e9;
    } else if (w.kind == tb::Kind::kSoftmax) {
      int64_t rows = w.m, cols = w.n;
      std::vector<float> x(rows * cols), out(rows * cols);
      for (auto &v : x)
        v = dist(rng) * 4;
      auto bi = device->allocate(x.size() * 4), bo = device->allocate(x.size() * 4);
      if (!bi.ok() || !bo.ok())
        return 1;
      must(bi->copyFromHost(x.data(), x.size() * 4), "copy");
      std::vector<rt::Arg> args = {*bo, *bi, static_cast<int32_t>(cols),
                                   static_cast<int32_t>(cols),
                                   static_cast<int32_t>(cols)};
      rt::Grid grid{static_cast<uint32_t>(rows), 1, 1};
      must(rt::launch(*kernel, grid, args), "launch");
      must(device->synchronize(), "launch");
      if (corruptThis)
        must(corruptElement(*bo, x.size() / 2 + 7, 0x7fc00000u, 4), "corrupt");
      must(bo->copyToHost(out.data(), out.size() * 4), "copy");
      // Every row; the bound of Workloads.h (softmaxRelTolerance).
      const double rtol = tb::softmaxRelTolerance(cols),
                   atol = tb::kSoftmaxAbsTolerance;
      // Row r's maximum and sum of exponentials, in fp64.
      auto rowStats = [&](int64_t r, double *mx, double *sum) {
        const float *xr = x.data() + r * cols;
        *mx = -std::numeric_limits<double>::infinity();
        *sum = 0;
        for (int64_t c = 0; c < cols; ++c)
          *mx = std::max(*mx, double(xr[c]));
        for (int64_t c = 0; c < cols; ++c)
          *sum += std::exp(double(xr[c]) - *mx);
      };
      MaxError worst = parallelMax(rows, [&](int64_t begin, int64_t end) {
        MaxError e;
        for (int64_t r = begin; r < end; ++r) {
          double mx, sum;
          rowStats(r, &mx, &sum);
          for (int64_t c = 0; c < cols; ++c) {
            const int64_t i = r * cols + c;
            const double want = std::exp(double(x[i]) - mx) / sum;
            e.add(std::fabs(double(out[i]) - want) / (atol + rtol * want), i);
          }
        }
        return e;
      });
      if (check == "ok") {
        const int64_t i = static_cast<int64_t>(worst.index());
        double mx, sum;
        rowStats(i / cols, &mx, &sum);
        check = verdict(worst, out[i], std::exp(double(x[i]) - mx) / sum);
      }
      auto t = timeMedian(*kernel, grid, args, flush);
      must(t.status(), "timing");
      ms = t.ok() ? *t : -1;
      work = 2.0 * 4 * rows * cols / (ms * 1e-3) / 1e9;
    } else if (w.kind == tb::Kind::kMatmul) {
      int64_t M = w.m, N = w.n, K = w.k;
      // Inputs as bytes: 16-bit values, or fp8 (e4m3) ones with B K-major
      // (Workloads.h, GemmShape); C is bf16 for fp8 inputs.
      const bool fp8 = tb::isFp8Gemm(w.signature);
      const bool bf16 = fp8 || w.signature.rfind("*bf16", 0) == 0;
      const int64_t inBytes = fp8 ? 1 : 2;
      auto to16 = bf16 ? toBf16 : toHalf;
      auto from16 = bf16 ? fromBf16 : fromHalf;
      auto makeInput = [&](int64_t count) {
        std::vector<uint8_t> raw(count * inBytes);
        for (int64_t i = 0; i < count; ++i) {
          if (fp8) {
            raw[i] = randomE4m3(rng);
          } else {
            const uint16_t h = to16(dist(rng));
            std::memcpy(&raw[2 * i], &h, 2);
          }
        }
        return raw;
      };
      auto inputAt = [&](const std::vector<uint8_t> &raw, int64_t i) -> double {
        if (fp8)
          return fromE4m3(raw[i]);
        uint16_t h;
        std::memcpy(&h, &raw[2 * i], 2);
        return from16(h);
      };
      std::vector<uint8_t> a = makeInput(M * K), b = makeInput(K * N);
      std::vector<uint16_t> c(M * N);
      auto ba = device->allocate(a.size()), bb = device->allocate(b.size()),
           bc = device->allocate(c.size() * 2);
      if (!ba.ok() || !bb.ok() || !bc.ok())
        return 1;
      must(ba->copyFromHost(a.data(), a.size()), "copy");
      must(bb->copyFromHost(b.data(), b.size()), "copy");
      auto i32 = [](int64_t v) { return static_cast<int32_t>(v); };
      // Strides: A (K, 1); B (N, 1), or (1, K) K-major; C (N, 1).
      const int32_t strideBk = fp8 ? 1 : i32(N), strideBn = fp8 ? i32(K) : 1;
      std::vector<rt::Arg> args = {*ba,    *bb, *bc,      i32(M),   i32(N), i32(K),
                                   i32(K), 1,   strideBk, strideBn, i32(N), 1};
      // Split-K (Workloads.h, isSplitKGemm): the workspace for kMaxSplitK
      // partial products, and one count for every 32x32 tile (more than any
      // configuration's tiles), zeroed once; the kernel leaves them zero.
      const bool splitK = tb::isSplitKGemm(w.kernel);
      std::optional<rt::Buffer> workspace, counts;
      if (splitK) {
        const int64_t tiles = ((M + 31) / 32) * ((N + 31) / 32);
        auto bw = device->allocate(tb::kMaxSplitK * M * N * 4);
        auto bn = device->allocate(tiles * 4);
        if (!bw.ok() || !bn.ok())
          return 1;
        workspace.emplace(std::move(*bw));
        counts.emplace(std::move(*bn));
        std::vector<int32_t> zeros(tiles, 0);
        must(counts->copyFromHost(zeros.data(), tiles * 4), "copy");
        args.insert(args.begin() + 3, {*workspace, *counts});
      }
      auto gridFor = [&](const tb::Workload &v) {
        const int64_t vm = std::stoi(v.constexprs.at("BLOCK_M")),
                      vn = std::stoi(v.constexprs.at("BLOCK_N"));
        const uint32_t split =
            splitK ? static_cast<uint32_t>(std::stoi(v.constexprs.at("SPLIT_K"))) : 1;
        const int64_t tiles = ((M + vm - 1) / vm) * ((N + vn - 1) / vn);
        // A persistent GEMM: one program an SM, each walking its tiles.
        if (tb::isPersistentGemm(v.kernel))
          return rt::Grid{
              static_cast<uint32_t>(std::min(tiles, tb::kPersistentPrograms)), 1, 1};
        return rt::Grid{static_cast<uint32_t>(tiles), split, 1};
      };
      rt::Grid grid = gridFor(w);
      // Every element against an fp64 product of the same inputs, with the
      // bound of Workloads.h (gemmBound): the output's rounding plus K fp32
      // accumulation steps, each at most half an fp32 ulp of a sum whose
      // terms' magnitudes add up to at most |a_i|_2 |b_j|_2.
      std::vector<double> af(M * K), bt(N * K), rowNorm(M, 0), colNorm(N, 0);
      for (int64_t i = 0; i < M * K; ++i)
        af[i] = inputAt(a, i);
      for (int64_t k = 0; k < K; ++k)
        for (int64_t j = 0; j < N; ++j)
          bt[j * K + k] = inputAt(b, fp8 ? j * K + k : k * N + j);
      for (int64_t i = 0; i < M; ++i) {
        for (int64_t k = 0; k < K; ++k)
          rowNorm[i] += af[i * K + k] * af[i * K + k];
        rowNorm[i] = std::sqrt(rowNorm[i]);
      }
      for (int64_t j = 0; j < N; ++j) {
        for (int64_t k = 0; k < K; ++k)
          colNorm[j] += bt[j * K + k] * bt[j * K + k];
        colNorm[j] = std::sqrt(colNorm[j]);
      }
      const tb::GemmTolerance tol = tb::gemmBound(bf16, K);
      // fp8: sum_s |P_s| of the partial sums after every kFp8AccumulationStep
      // k (Workloads.h, kFp8AccumulationRel); 0 for 16-bit inputs.
      const int64_t step = fp8 ? tb::kFp8AccumulationStep : K + 1;
      auto dot = [&](int64_t i, int64_t j, double *partials = nullptr) {
        double ref = 0, sum = 0;
        for (int64_t k = 0; k < K; ++k) {
          ref += af[i * K + k] * bt[j * K + k];
          if ((k + 1) % step == 0)
            sum += std::fabs(ref);
        }
        if (partials)
          *partials = sum;
        return ref;
      };
      auto judge = [&](MaxError &e, int64_t i, int64_t j, double ref, double partials) {
        const double allowed = tol.abs + tol.out_rel * std::fabs(ref) +
                               tol.acc_rel * rowNorm[i] * colNorm[j] +
                               tb::kFp8AccumulationRel * partials;
        e.add(std::fabs(double(from16(c[i * N + j])) - ref) / allowed, i * N + j);
      };
      const int64_t rowStep = tb::gemmCheckedRowStep(M, N, K);
      if (rowStep > 1)
        std::printf("check: %s compares every %lld-th row with the fp64 product\n",
                    w.name.c_str(), static_cast<long long>(rowStep));
      // Launches `k` once on zeroed C and checks the product ("ok" or why
      // not); `corruptIt` writes a NaN over one element first.
      auto runAndCheck = [&](rt::Kernel &k, rt::Grid g, bool corruptIt) {
        std::string result = "ok";
        auto fail = [&result](const rt::Status &st, const char *what) {
          if (!st.ok() && result == "ok")
            result = std::string(what) + " failed: " + st.toString();
        };
        std::fill(c.begin(), c.end(), 0);
        fail(bc->copyFromHost(c.data(), c.size() * 2), "copy");
        fail(rt::launch(k, g, args), "launch");
        fail(device->synchronize(), "launch");
        if (corruptIt)
          fail(corruptElement(*bc, c.size() / 2 + 3, bf16 ? 0x7fc0u : 0x7e00u, 2),
               "corrupt");
        fail(bc->copyToHost(c.data(), c.size() * 2), "copy");
        if (result != "ok")
          return result;
        MaxError worst = parallelMax(M, [&](int64_t begin, int64_t end) {
          MaxError e;
          for (int64_t i = begin; i < end; ++i) {
            if (i % rowStep != 0)
              continue;
            const double *ai = af.data() + i * K;
            int64_t j = 0;
            // Four columns at a time: four independent sums in flight.
            for (; j + 4 <= N; j += 4) {
              const double *b0 = bt.data() + j * K, *b1 = b0 + K, *b2 = b1 + K,
                           *b3 = b2 + K;
              double r0 = 0, r1 = 0, r2 = 0, r3 = 0;
              double p0 = 0, p1 = 0, p2 = 0, p3 = 0;
              for (int64_t k0 = 0; k0 < K; k0 += step) {
                for (int64_t kk = k0, end = std::min(K, k0 + step); kk < end; ++kk) {
                  r0 += ai[kk] * b0[kk];
                  r1 += ai[kk] * b1[kk];
                  r2 += ai[kk] * b2[kk];
                  r3 += ai[kk] * b3[kk];
                }
                if (fp8 && k0 + step <= K) {
                  p0 += std::fabs(r0);
                  p1 += std::fabs(r1);
                  p2 += std::fabs(r2);
                  p3 += std::fabs(r3);
                }
              }
              judge(e, i, j, r0, p0);
              judge(e, i, j + 1, r1, p1);
              judge(e, i, j + 2, r2, p2);
              judge(e, i, j + 3, r3, p3);
            }
            for (; j < N; ++j) {
              double partials;
              const double ref = dot(i, j, &partials);
              judge(e, i, j, ref, partials);
            }
          }
          return e;
        });
        const int64_t idx = static_cast<int64_t>(worst.index());
        return verdict(worst, from16(c[idx]), dot(idx / N, idx % N));
      };
      if (check == "ok")
        check = runAndCheck(*kernel, grid, corruptThis);
      auto t = timeMedian(*kernel, grid, args, flush);
      must(t.status(), "timing");
      ms = t.ok() ? *t : -1;
      work = 2.0 * M * N * K / (ms * 1e-3) / 1e12;
      unit = "TFLOP/s";
      if (autotune) {
        // "tessel-auto": the fastest tutorial configuration that compiled;
        // its product is checked as the main one's.
        Fastest fastest = timeVariants(w, gridFor, args, [&](double t) {
          return 2.0 * M * N * K / (t * 1e-3) / 1e12;
        });
        double bestMs = fastest.ms;
        std::optional<tb::Workload> &best = fastest.workload;
        std::optional<rt::Kernel> &bestKernel = fastest.kernel;
        if (best) {
          const std::string bestCheck = runAndCheck(*bestKernel, gridFor(*best), false);
          if (bestCheck != "ok")
            status = 1;
          const auto split = best->constexprs.find("SPLIT_K");
          std::printf(
              "config: tessel-auto %s BLOCK_M, BLOCK_N, BLOCK_K, warps, stages%s = "
              "(%s, %s, %s, %d, %d%s)\n",
              w.name.c_str(), splitK ? ", SPLIT_K" : "",
              best->constexprs.at("BLOCK_M").c_str(),
              best->constexprs.at("BLOCK_N").c_str(),
              best->constexprs.at("BLOCK_K").c_str(), best->numWarps, best->numStages,
              split == best->constexprs.end() ? "" : (", " + split->second).c_str());
          std::printf("tessel-auto %-20s %10.4f ms %10.1f %-8s %s\n", w.name.c_str(),
                      bestMs, 2.0 * M * N * K / (bestMs * 1e-3) / 1e12, "TFLOP/s",
                      bestCheck.c_str());
        }
      }
    } else if (w.kind == tb::Kind::kAttention) {
      const int64_t seq = w.m, slices = w.n, dim = w.k;
      const bool causal = w.constexprs.at("CAUSAL") == "True";
      const int32_t bm = std::stoi(w.constexprs.at("BLOCK_M"));
      const int64_t elements = slices * seq * dim;
      std::vector<uint16_t> q(elements), k(elements), v(elements), o(elements);
      for (auto *t : {&q, &k, &v})
        for (auto &x : *t)
          x = toHalf(dist(rng));
      auto bq = device->allocate(elements * 2), bk = device->allocate(elements * 2),
           bv = device->allocate(elements * 2), bo = device->allocate(elements * 2),
           bl = device->allocate(slices * seq * 4);
      if (!bq.ok() || !bk.ok() || !bv.ok() || !bo.ok() || !bl.ok())
        return 1;
      must(bq->copyFromHost(q.data(), elements * 2), "copy");
      must(bk->copyFromHost(k.data(), elements * 2), "copy");
      must(bv->copyFromHost(v.data(), elements * 2), "copy");
      const float scale = float(1.0 / std::sqrt(double(dim)));
      auto i32 = [](int64_t x) { return static_cast<int32_t>(x); };
      const int32_t ss = i32(seq * dim), sm = i32(dim);
      std::vector<rt::Arg> args = {*bq, *bk, *bv, *bo, *bl, scale, ss,      sm,
                                   ss,  sm,  ss,  sm,  ss,  sm,    i32(seq)};
      rt::Grid grid{static_cast<uint32_t>((seq + bm - 1) / bm),
                    static_cast<uint32_t>(slices), 1};
      // Launches `k` once and checks its output: "ok" or what went wrong.
      auto runAndCheck = [&](rt::Kernel &kern, bool corruptIt) -> std::string {
        std::string result = "ok";
        auto need = [&result](const rt::Status &st, const char *what) {
          if (!st.ok() && result == "ok")
            result = std::string(what) + " failed: " + st.toString();
        };
        need(rt::launch(kern, grid, args), "launch");
        need(device->synchronize(), "launch");
        if (corruptIt)
          need(corruptElement(*bo, elements / 2 + 3, 0x7e00u, 2), "corrupt");
        need(bo->copyToHost(o.data(), elements * 2), "copy");
        // The checked slices against softmax(q k^T * scale) v in fp64, with
        // the bound of Workloads.h (attentionBound), query rows over the cores.
        const tb::AttentionTolerance tol = tb::attentionBound();
        // Row i of slice `sl` of the reference into `out` (`row`: seq scratch).
        auto reference = [&](int64_t sl, int64_t i, std::vector<double> &row,
                             double *out) {
          const int64_t base = sl * seq * dim, keys = causal ? i + 1 : seq;
          double mx = -std::numeric_limits<double>::infinity();
          for (int64_t j = 0; j < keys; ++j) {
            double dot = 0;
            for (int64_t d = 0; d < dim; ++d)
              dot += double(fromHalf(q[base + i * dim + d])) *
                     double(fromHalf(k[base + j * dim + d]));
            row[j] = dot * scale;
            mx = std::max(mx, row[j]);
          }
          double sum = 0;
          for (int64_t j = 0; j < keys; ++j)
            sum += row[j] = std::exp(row[j] - mx);
          for (int64_t d = 0; d < dim; ++d)
            out[d] = 0;
          for (int64_t j = 0; j < keys; ++j)
            for (int64_t d = 0; d < dim; ++d)
              out[d] += row[j] / sum * double(fromHalf(v[base + j * dim + d]));
        };
        MaxError worst;
        for (int64_t sl : tb::attentionCheckedSlices(slices)) {
          const int64_t base = sl * seq * dim;
          double vmax = 0;
          for (int64_t i = 0; i < seq * dim; ++i)
            vmax = std::max(vmax, double(std::fabs(fromHalf(v[base + i]))));
          MaxError e = parallelMax(seq, [&](int64_t begin, int64_t end) {
            MaxError part;
            std::vector<double> row(seq), want(dim);
            for (int64_t i = begin; i < end; ++i) {
              reference(sl, i, row, want.data());
              for (int64_t d = 0; d < dim; ++d) {
                const double got = fromHalf(o[base + i * dim + d]);
                part.add(std::fabs(got - want[d]) /
                             (tol.abs + tol.rel * std::fabs(want[d]) + tol.vrel * vmax),
                         base + i * dim + d);
              }
            }
            return part;
          });
          worst.add(e.value(), e.index());
        }
        double worstWant = 0;
        if (!worst.within(1.0)) {
          const int64_t at = static_cast<int64_t>(worst.index());
          std::vector<double> row(seq), want(dim);
          reference(at / (seq * dim), at % (seq * dim) / dim, row, want.data());
          worstWant = want[at % dim];
        }
        if (result == "ok")
          result = verdict(worst, fromHalf(o[worst.index()]), worstWant);
        return result;
      };
      // Two dots of 2 seq^2 dim flops a slice; half of them when causal.
      auto tflops = [&](double t) {
        return 4.0 * slices * seq * seq * dim * (causal ? 0.5 : 1.0) / (t * 1e-3) /
               1e12;
      };
      if (check == "ok")
        check = runAndCheck(*kernel, corruptThis);
      auto t = timeMedian(*kernel, grid, args, flush);
      must(t.status(), "timing");
      ms = t.ok() ? *t : -1;
      work = tflops(ms);
      unit = "TFLOP/s";
      if (autotune) {
        // "tessel-auto": the fastest variant (pipeline depth, blocks an SM)
        // that compiled; its output checked as the main one's.
        Fastest fastest = timeVariants(
            w, [&](const tb::Workload &) { return grid; }, args, tflops);
        double bestMs = fastest.ms;
        std::optional<tb::Workload> &best = fastest.workload;
        std::optional<rt::Kernel> &bestKernel = fastest.kernel;
        if (best) {
          const std::string bestCheck = runAndCheck(*bestKernel, false);
          if (bestCheck != "ok")
            status = 1;
          std::printf("config: tessel-auto %s stages, blocks an SM = (%d, %d)\n",
                      w.name.c_str(), best->numStages, best->minBlocksPerSM);
          std::printf("tessel-auto %-20s %10.4f ms %10.1f %-8s %s\n", w.name.c_str(),
                      bestMs, tflops(bestMs), "TFLOP/s", bestCheck.c_str());
        }
      }
    }
    if (check != "ok")
      status = 1;
    std::printf("tessel %-20s %10.4f ms %10.1f %-8s %s\n", w.name.c_str(), ms, work,
                unit, check.c_str());
    std::fflush(stdout);
  }
  if (!corrupt.empty() && !corrupted) {
    std::fprintf(stderr, "bench_gpu: --corrupt %s names no workload\n",
                 corrupt.c_str());
    return 2;
  }
  return status;
}
