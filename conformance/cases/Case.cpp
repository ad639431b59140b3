//===- Case.cpp - Seeds, generators and expectations ----------------------===//

#include "conformance/cases/Case.h"

#include <cmath>
#include <cstdio>
#include <cstring>

namespace tessel::conformance {
namespace {

// splitmix64: tiny, well mixed, and specified bit for bit, so that a bundle
// compiled on one machine regenerates identical inputs on another.
struct Stream {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; } // [0, 1)
};

} // namespace

std::string Tolerance::toString() const {
  char buf[96];
  switch (kind) {
  case kExact:
    return "exact";
  case kUlp:
    std::snprintf(buf, sizeof buf, "%g ulp", value);
    return buf;
  case kRelNorm:
    if (value2 > 0)
      std::snprintf(buf, sizeof buf, "relative L2 norm %g, per element %g x magnitude",
                    value, value2);
    else
      std::snprintf(buf, sizeof buf, "relative L2 norm %g", value);
    return buf;
  case kAbsRel:
    std::snprintf(buf, sizeof buf, "abs %g + rel %g", value, value2);
    return buf;
  }
  return "?";
}

uint64_t seedOf(const std::string &id) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : id)
    h = (h ^ c) * 0x100000001b3ull;
  return h;
}

namespace {

// Random bits into integers of W bytes: the low W bytes of each draw, as
// HostArray::setBits stores them, without its per-element dispatch (the
// int64-index cases draw 2**31 elements).
template <size_t W> bool fillBits(Stream &s, HostArray &array) {
  uint8_t *p = array.bytes().data();
  uint64_t any = 0;
  for (size_t i = 0; i < array.size(); ++i) {
    uint64_t r = s.next();
    if constexpr (W < 8)
      r &= (uint64_t(1) << (8 * W)) - 1;
    std::memcpy(p + i * W, &r, W);
    any |= r;
  }
  return any != 0;
}

bool fillBits(Stream &s, HostArray &array) {
  switch (dtInfo(array.dt()).bytes) {
  case 1:
    return fillBits<1>(s, array);
  case 2:
    return fillBits<2>(s, array);
  case 4:
    return fillBits<4>(s, array);
  default:
    return fillBits<8>(s, array);
  }
}

} // namespace

void generate(const Generator &gen, uint64_t seed, HostArray &array) {
  Stream s{seed};
  const Dt dt = array.dt();
  bool anyNonZero = false;
  if (gen.kind == Generator::kBits && isInteger(dt) && dt != Dt::I1) {
    if (!fillBits(s, array) && array.size() > 0)
      array.setBits(0, 1);
    return;
  }
  for (size_t i = 0; i < array.size(); ++i) {
    if (dt == Dt::I1 || gen.kind == Generator::kBool) {
      array.setBits(i, s.next() >> 63);
    } else if (gen.kind == Generator::kIota) {
      array.setI(i, static_cast<int64_t>(gen.lo) + static_cast<int64_t>(i));
    } else if (gen.kind == Generator::kBits && isInteger(dt)) {
      array.setBits(i, s.next());
    } else if (isFloat(dt) && gen.kind == Generator::kInts) {
      // Integer-valued floats: sums and comparisons of them are exact.
      const int64_t lo = static_cast<int64_t>(gen.lo),
                    hi = static_cast<int64_t>(gen.hi);
      array.setF(i, static_cast<double>(
                        lo + static_cast<int64_t>(s.next() % uint64_t(hi - lo + 1))));
    } else if (isFloat(dt)) {
      double lo = gen.kind == Generator::kBits ? -1 : gen.lo;
      double hi = gen.kind == Generator::kBits ? 1 : gen.hi;
      array.setF(i, lo + (hi - lo) * s.unit());
    } else { // kInts / kUniform on integers: a uniform integer in [lo, hi]
      const int64_t lo = static_cast<int64_t>(gen.lo),
                    hi = static_cast<int64_t>(gen.hi);
      const uint64_t span = static_cast<uint64_t>(hi - lo) + 1;
      const uint64_t r = span == 0 ? s.next() : s.next() % span;
      array.setI(i, static_cast<int64_t>(static_cast<uint64_t>(lo) + r));
    }
    anyNonZero = anyNonZero || array.bitsAt(i) != 0;
  }
  // A buffer of zeros cannot tell a kernel that wrote zeros from one that
  // worked; generators never yield one (tiny integer ranges could).
  if (!anyNonZero && array.size() > 0)
    array.setBits(0, 1);
}

std::vector<HostArray> generateBuffers(const Case &c) {
  std::vector<HostArray> out;
  for (size_t b = 0; b < c.buffers.size(); ++b) {
    HostArray a(c.buffers[b].dt, c.buffers[b].count);
    generate(c.buffers[b].gen, c.seed + 0x1000193ull * (b + 1), a);
    out.push_back(std::move(a));
  }
  for (const auto &[index, values] : c.fixedBuffers)
    for (size_t i = 0; i < values.size() && i < out[index].size(); ++i)
      out[index].setI(i, values[i]);
  return out;
}

std::vector<HostArray> initialExpectation(const Case &c,
                                          const std::vector<HostArray> &initial) {
  std::vector<HostArray> expected(c.buffers.size());
  for (size_t b = 0; b < c.buffers.size(); ++b) {
    if (!c.buffers[b].isOutput)
      continue;
    const HostArray &src = initial[b];
    if (isFloat(src.dt())) {
      HostArray e(Dt::F64, src.size());
      for (size_t i = 0; i < src.size(); ++i)
        e.setF(i, src.floatAt(i));
      expected[b] = std::move(e);
    } else {
      expected[b] = src;
    }
  }
  return expected;
}

std::vector<HostArray> initialMagnitudes(const Case &c) {
  std::vector<HostArray> magnitudes(c.buffers.size());
  for (size_t b = 0; b < c.buffers.size(); ++b) {
    const BufferSpec &spec = c.buffers[b];
    if (spec.isOutput && spec.tolerance.hasElementBound())
      magnitudes[b] = HostArray(Dt::F64, spec.count); // zeros
  }
  return magnitudes;
}

} // namespace tessel::conformance
