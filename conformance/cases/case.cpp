#include "conformance/cases/case.h"

#include <cmath>
#include <cstdio>

namespace tessel::conformance {
namespace {

// splitmix64: tiny, well mixed, and specified bit for bit, so that a bundle
// compiled on one machine regenerates identical inputs on another.
struct Stream {
  uint64_t state;
  uint64_t Next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  double Unit() { return static_cast<double>(Next() >> 11) * 0x1.0p-53; }  // [0, 1)
};

}  // namespace

std::string Tolerance::ToString() const {
  char buf[96];
  switch (kind) {
    case kExact: return "exact";
    case kUlp: std::snprintf(buf, sizeof buf, "%g ulp", value); return buf;
    case kRelNorm:
      if (value2 > 0)
        std::snprintf(buf, sizeof buf, "relative L2 norm %g, per element %g x magnitude", value,
                      value2);
      else
        std::snprintf(buf, sizeof buf, "relative L2 norm %g", value);
      return buf;
    case kAbsRel:
      std::snprintf(buf, sizeof buf, "abs %g + rel %g", value, value2);
      return buf;
  }
  return "?";
}

uint64_t SeedOf(const std::string& id) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : id) h = (h ^ c) * 0x100000001b3ull;
  return h;
}

void Generate(const Generator& gen, uint64_t seed, HostArray& array) {
  Stream s{seed};
  const Dt dt = array.dt();
  bool anyNonZero = false;
  for (size_t i = 0; i < array.size(); ++i) {
    if (dt == Dt::I1 || gen.kind == Generator::kBool) {
      array.SetBits(i, s.Next() >> 63);
    } else if (gen.kind == Generator::kIota) {
      array.SetI(i, static_cast<int64_t>(gen.lo) + static_cast<int64_t>(i));
    } else if (gen.kind == Generator::kBits && IsInt(dt)) {
      array.SetBits(i, s.Next());
    } else if (IsFloat(dt) && gen.kind == Generator::kInts) {
      // Integer-valued floats: sums and comparisons of them are exact.
      const int64_t lo = static_cast<int64_t>(gen.lo), hi = static_cast<int64_t>(gen.hi);
      array.SetF(i, static_cast<double>(lo + static_cast<int64_t>(s.Next() % uint64_t(hi - lo + 1))));
    } else if (IsFloat(dt)) {
      double lo = gen.kind == Generator::kBits ? -1 : gen.lo;
      double hi = gen.kind == Generator::kBits ? 1 : gen.hi;
      array.SetF(i, lo + (hi - lo) * s.Unit());
    } else {  // kInts / kUniform on integers: a uniform integer in [lo, hi]
      const int64_t lo = static_cast<int64_t>(gen.lo), hi = static_cast<int64_t>(gen.hi);
      const uint64_t span = static_cast<uint64_t>(hi - lo) + 1;
      const uint64_t r = span == 0 ? s.Next() : s.Next() % span;
      array.SetI(i, static_cast<int64_t>(static_cast<uint64_t>(lo) + r));
    }
    anyNonZero = anyNonZero || array.Bits(i) != 0;
  }
  // A buffer of zeros cannot tell a kernel that wrote zeros from one that
  // worked; generators never yield one (tiny integer ranges could).
  if (!anyNonZero && array.size() > 0) array.SetBits(0, 1);
}

std::vector<HostArray> GenerateBuffers(const Case& c) {
  std::vector<HostArray> out;
  for (size_t b = 0; b < c.buffers.size(); ++b) {
    HostArray a(c.buffers[b].dt, c.buffers[b].count);
    Generate(c.buffers[b].gen, c.seed + 0x1000193ull * (b + 1), a);
    out.push_back(std::move(a));
  }
  for (const auto& [index, values] : c.fixed_buffers)
    for (size_t i = 0; i < values.size() && i < out[index].size(); ++i)
      out[index].SetI(i, values[i]);
  return out;
}

std::vector<HostArray> InitialExpectation(const Case& c,
                                          const std::vector<HostArray>& initial) {
  std::vector<HostArray> expected(c.buffers.size());
  for (size_t b = 0; b < c.buffers.size(); ++b) {
    if (!c.buffers[b].is_output) continue;
    const HostArray& src = initial[b];
    if (IsFloat(src.dt())) {
      HostArray e(Dt::F64, src.size());
      for (size_t i = 0; i < src.size(); ++i) e.SetF(i, src.F(i));
      expected[b] = std::move(e);
    } else {
      expected[b] = src;
    }
  }
  return expected;
}

std::vector<HostArray> InitialMagnitudes(const Case& c) {
  std::vector<HostArray> magnitudes(c.buffers.size());
  for (size_t b = 0; b < c.buffers.size(); ++b) {
    const BufferSpec& spec = c.buffers[b];
    if (spec.is_output && spec.tolerance.HasElementBound())
      magnitudes[b] = HostArray(Dt::F64, spec.count);  // zeros
  }
  return magnitudes;
}

}  // namespace tessel::conformance
