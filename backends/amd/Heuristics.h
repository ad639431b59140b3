//===- Heuristics.h - Default launch configurations per AMD family -*- C++ -*-===//
//
// The choices a kernel gets on an AMD target when its author names none,
// and the space the tuner searches. Each rule's reason is in
// docs/targets/amd.md ("Heuristics"). Plain C++: the plugin's tuning-space
// entry and the tests read it without compiling anything.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_AMD_HEURISTICS_H
#define TESSEL_BACKENDS_AMD_HEURISTICS_H

#include <cstdint>
#include <vector>

#include "backends/amd/AmdTarget.h"

namespace tessel::amd {

/// One configuration of the tuning space.
struct LaunchConfig {
  unsigned numWarps = 4;
  unsigned numStages = 2;
  /// amdgpu-waves-per-eu; 0: LLVM's choice.
  unsigned wavesPerEu = 0;
};

/// Waves per work-group when the launch names none, for a kernel whose
/// largest tile has `largestTileElements` elements: 8 waves for large
/// tiles (512 threads on CDNA, 256 on RDNA), 4 otherwise.
unsigned getDefaultNumWarps(const AmdTarget &target, int64_t largestTileElements);

/// The default configurations, best first.
std::vector<LaunchConfig> getDefaultConfigs(const AmdTarget &target);

/// Block sizes the tuner tries for constants named like BLOCK_*: multiples
/// of the matrix instruction's M and N (32 for CDNA's 32x32 MFMA, 16 for
/// WMMA).
std::vector<int64_t> getBlockCandidates(const AmdTarget &target);

} // namespace tessel::amd

#endif // TESSEL_BACKENDS_AMD_HEURISTICS_H
