//===- Heuristics.cpp - Default launch configurations per AMD family ------===//

#include "backends/amd/Heuristics.h"

namespace tessel::amd {

unsigned getDefaultNumWarps(const AmdTarget &target, int64_t largestTileElements) {
  // 8192 elements is a 128x64 block: its operand staging and epilogue take
  // about 45 KiB of LDS, so one work-group fills a compute unit's 64 KiB;
  // 8 waves make that one work-group 2 waves per SIMD on CDNA (and keep
  // RDNA's 32-lane waves from spilling: 4 would need over 256 VGPRs).
  (void)target;
  if (largestTileElements >= 8192)
    return 8;
  return 4;
}

std::vector<LaunchConfig> getDefaultConfigs(const AmdTarget &target) {
  if (target.isCdna())
    // Two stages: CDNA has no asynchronous copies, so a second stage holds
    // the next operands in registers, and a third would take registers the
    // 32x32 accumulators need. waves_per_eu 2 caps a wave at 256 registers
    // (512 / 2), which keeps two waves per SIMD resident for latency hiding.
    return {{4, 2, 0}, {4, 2, 2}, {8, 2, 0}, {4, 1, 0}};
  // RDNA: 32-lane waves, 8 waves make the same 256 threads; a SIMD holds
  // up to 16 waves, so no waves_per_eu request by default.
  return {{4, 2, 0}, {8, 2, 0}, {4, 1, 0}};
}

std::vector<int64_t> getBlockCandidates(const AmdTarget &target) {
  if (target.isCdna())
    return {32, 64, 128, 256};
  return {16, 32, 64, 128};
}

} // namespace tessel::amd
