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
  const bool hopper = target.getArch() != NvidiaArch::SM80;
  const bool shapeKnown = shape.m > 0 && shape.n > 0;
  // sm_90a with at least a tile an SM at 128x256: 128x256x64 tiles, two
  // warp groups, 3 stages (four buffers: the staging shares its bytes with
  // the epilogue's scratch), 1.07-1.30x faster than 128x128x32 at 4096^3,
  // 8192^3, 8192x8192x1024 and 3000x5000x2000 (docs/targets/nvidia.md).
  if (hopper && shapeKnown &&
      ceilDiv(shape.m, 128) * ceilDiv(shape.n, 256) >= getReferenceSmCount(target)) {
    c.blockN = 256;
    c.blockK = 64;
    c.numWarps = 8;
    c.numStages = 3;
  } else {
    // 4 stages measured best with 128x128x32 on an H200 at every shape from
    // 1024^3 to 8192^3; sm_80 has less shared memory a block and keeps the
    // plugin's 3.
    c.numStages = hopper ? 4 : 3;
    // Fewer 128x128 tiles than SMs leaves SMs idle: halve the rows (1024^3:
    // 64 tiles of 128x128 on 132 SMs, 128 of 64x128: 1.12x faster on an
    // H200). With so few tiles an SM waits on its loads, whose bytes in
    // flight are (stages - 1) K steps: on sm_90a the steps go 64 deep
    // (1024^3 at 64x128x64: 1.26x the 64x128x32 tiles, through pointers
    // and descriptors alike, on an H100).
    if (shapeKnown &&
        ceilDiv(shape.m, 128) * ceilDiv(shape.n, 128) < getReferenceSmCount(target)) {
      c.blockM = 64;
      if (hopper)
        c.blockK = 64;
    }
  }
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
