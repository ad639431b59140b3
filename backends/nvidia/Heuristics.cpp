//===- Heuristics.cpp - Default GEMM tiles by problem shape ---------------===//

#include "backends/nvidia/Heuristics.h"

#include <algorithm>
#include <cctype>

namespace tessel::nvidia {
namespace {

int64_t nextPowerOfTwo(int64_t v) {
  int64_t p = 1;
  while (p < v)
    p <<= 1;
  return p;
}

int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

std::string upper(std::string s) {
  for (char &c : s)
    c = char(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

} // namespace

unsigned getReferenceSmCount(const NvidiaTarget &target) {
  return target.getArch() == NvidiaArch::SM80 ? 108 : 132;
}

GemmConfig chooseGemmConfig(const NvidiaTarget &target, const GemmShape &shape) {
  GemmConfig c;
  // 4 stages measured best with 128x128x32 on an H200 at every shape from
  // 1024^3 to 8192^3 (docs/targets/nvidia.md); sm_80 has less shared memory
  // a block and keeps the plugin's 3.
  c.numStages = target.getArch() == NvidiaArch::SM80 ? 3 : 4;
  // Fewer 128x128 tiles than SMs leaves SMs idle: halve the rows (1024^3:
  // 64 tiles of 128x128 on 132 SMs, 128 of 64x128: 1.12x faster on an H200).
  if (shape.m > 0 && shape.n > 0 &&
      ceilDiv(shape.m, 128) * ceilDiv(shape.n, 128) < getReferenceSmCount(target))
    c.blockM = 64;
  // Small extents: the smallest power-of-two tile that covers them, from 16
  // (the matrix instructions' granule).
  auto clamp = [](int64_t block, int64_t extent) {
    return extent > 0 ? std::min(block, std::max<int64_t>(16, nextPowerOfTwo(extent)))
                      : block;
  };
  c.blockM = clamp(c.blockM, shape.m);
  c.blockN = clamp(c.blockN, shape.n);
  c.blockK = clamp(c.blockK, shape.k);
  return c;
}

GemmShape readGemmShape(const std::vector<std::pair<std::string, int64_t>> &problem) {
  GemmShape shape;
  for (const auto &[key, value] : problem) {
    std::string name = upper(key);
    char last = name.empty() ? '\0' : name.back();
    bool whole = name.size() == 1;
    bool suffix = name.size() > 2 && name[name.size() - 2] == '_';
    if (!(whole || suffix) || value <= 0)
      continue;
    if (last == 'M')
      shape.m = value;
    else if (last == 'N')
      shape.n = value;
    else if (last == 'K')
      shape.k = value;
  }
  return shape;
}

std::optional<char> getBlockDimension(const std::string &tunable) {
  std::string name = upper(tunable);
  if (name.find("BLOC") == std::string::npos || name.empty())
    return std::nullopt;
  char last = name.back();
  if (last == 'M' || last == 'N' || last == 'K')
    return last;
  return std::nullopt;
}

} // namespace tessel::nvidia
