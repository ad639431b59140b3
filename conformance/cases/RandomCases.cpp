//===- RandomCases.cpp - Philox random numbers and umulhi -----------------===//
//
// tl.randint / tl.randint4x / tl.rand against a host Philox-4x32-10 with
// Triton's key schedule (key = the seed's low and high words, counter =
// (offset, 0, 0, 0)) and its conversion to floats, and tl.umulhi (the high
// half of the unsigned product, for every integer type, as Triton's
// tt.mulhiui). All exact: the bits are specified, and the float
// conversion is one correctly rounded int-to-float and one product.
#include <array>
#include <cstdint>
#include <cstring>

#include "conformance/cases/FamilyUtil.h"
#include "conformance/cases/Registry.h"

namespace tessel::conformance {
namespace {

constexpr const char *kSrc = "random.py";
constexpr int kN = 1000, kBlock = 256;

std::array<uint32_t, 4> philox(uint64_t seed, uint32_t c0) {
  uint32_t c[4] = {c0, 0, 0, 0};
  uint32_t k0 = static_cast<uint32_t>(seed), k1 = static_cast<uint32_t>(seed >> 32);
  for (int r = 0; r < 10; ++r) {
    uint64_t p0 = uint64_t{0xD2511F53} * c[0], p1 = uint64_t{0xCD9E8D57} * c[2];
    uint32_t n0 = static_cast<uint32_t>(p1 >> 32) ^ c[1] ^ k0;
    uint32_t n2 = static_cast<uint32_t>(p0 >> 32) ^ c[3] ^ k1;
    c[1] = static_cast<uint32_t>(p1);
    c[3] = static_cast<uint32_t>(p0);
    c[0] = n0;
    c[2] = n2;
    k0 += 0x9E3779B9u;
    k1 += 0xBB67AE85u;
  }
  return {c[0], c[1], c[2], c[3]};
}

// Triton's uint_to_uniform_float for 32 bits: as int32, negatives folded
// onto -x - 1, times 2^-31 rounded to fp32.
float uniform(uint32_t bits) {
  int32_t x;
  std::memcpy(&x, &bits, sizeof x);
  if (x < 0)
    x = -x - 1;
  return static_cast<float>(x) * 4.6566127342e-10f;
}

Case randomCase(const std::string &kernel, int64_t seed) {
  const bool four = kernel == "randint4x", isFloat = kernel == "rand";
  const size_t count = four ? 4 * kN : kN;
  CaseBuilder b(makeId({"random", kernel, "seed=" + std::to_string(seed)}), kSrc,
                kernel);
  b.addOutput("out", isFloat ? Dt::F32 : Dt::U32, count + 4, Tolerance::exact());
  b.scalarI(Dt::I32, kN).scalarI(Dt::I32, seed).constant("BLOCK", kBlock);
  b.grid((kN + kBlock - 1) / kBlock);
  b.reference([four, isFloat, seed](const std::vector<HostArray> &,
                                    std::vector<HostArray> &ex) {
    for (size_t i = 0; i < kN; ++i) {
      // A negative i32 seed widens to u64 by sign extension, as in Triton.
      std::array<uint32_t, 4> r =
          philox(static_cast<uint64_t>(seed), static_cast<uint32_t>(i));
      if (isFloat)
        ex[0].setF(i, uniform(r[0]));
      else if (four)
        for (size_t k = 0; k < 4; ++k)
          ex[0].setU(4 * i + k, r[k]);
      else
        ex[0].setU(i, r[0]);
    }
  });
  return b.build();
}

Case umulhi(Dt dt) {
  CaseBuilder b(makeId({"arith/umulhi", dtName(dt)}), kSrc, "umulhi");
  b.addInput("x", dt, kN, Generator::randomBits());
  b.addInput("y", dt, kN, Generator::randomBits());
  b.addOutput("out", dt, kN + 4, Tolerance::exact());
  b.scalarI(Dt::I32, kN).constant("BLOCK", kBlock).grid((kN + kBlock - 1) / kBlock);
  const bool wide = dtInfo(dt).bits == 64;
  b.reference([wide](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (size_t i = 0; i < kN; ++i) {
      uint64_t x = in[0].uintAt(i), y = in[1].uintAt(i);
      if (wide)
        ex[2].setU(
            i, static_cast<uint64_t>((static_cast<unsigned __int128>(x) * y) >> 64));
      else
        ex[2].setU(i, (x * y) >> 32);
    }
  });
  return b.build();
}

} // namespace

void addRandomCases(std::vector<Case> &out) {
  for (const char *kernel : {"randint", "randint4x", "rand"})
    for (int64_t seed : {0, 123, -7})
      out.push_back(randomCase(kernel, seed));
  for (Dt dt : {Dt::I32, Dt::U32, Dt::I64, Dt::U64})
    out.push_back(umulhi(dt));
}

} // namespace tessel::conformance
