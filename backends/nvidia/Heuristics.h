//===- Heuristics.h - Default GEMM tiles by problem shape ---------*- C++ -*-===//
//
// The configuration a GEMM-like kernel gets on an NVIDIA target when it is
// launched without tuning: tile sizes, warps and stages for its M, N and K.
// Plain C++: the plugin's tuning-space entry and the tests read it without
// compiling anything. The measurements behind each rule are in
// docs/targets/nvidia.md ("Heuristics").
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_NVIDIA_HEURISTICS_H
#define TESSEL_BACKENDS_NVIDIA_HEURISTICS_H

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "backends/nvidia/NvidiaTarget.h"

namespace tessel::nvidia {

/// A problem's extents; 0 where the launch did not give one.
struct GemmShape {
  int64_t m = 0, n = 0, k = 0;
};

/// One default configuration.
struct GemmConfig {
  int64_t blockM = 128, blockN = 128, blockK = 32;
  unsigned numWarps = 4;
  unsigned numStages = 3;
};

/// Streaming multiprocessors the tile count is weighed against: 132 on
/// H100/H200 (sm_90a), 108 on A100 (sm_80).
unsigned getReferenceSmCount(const NvidiaTarget &target);

/// The configuration for `shape`, for 2-byte operands (f16, bf16: the
/// measured case): on sm_90a, 128x256x64 tiles, 8 warps, 3 stages where
/// those tiles are at least one an SM; otherwise 128x128x32 tiles, 4 warps,
/// 4 stages on sm_90a (3 on sm_80), 64-row tiles where 128x128 would leave
/// SMs idle (fewer tiles than SMs); tiles no larger than the problem's next
/// powers of two (at least 16), so that small problems do not compute
/// mostly padding.
GemmConfig chooseGemmConfig(const NvidiaTarget &target, const GemmShape &shape);

/// The problem's M, N and K from the launch's integer key values: keys
/// named M, N, K (any case), or ending in _M, _N, _K (SIZE_M...).
GemmShape readGemmShape(const std::vector<std::pair<std::string, int64_t>> &problem);

/// Which extent a tunable constant sizes: 'M', 'N' or 'K' for names that
/// contain BLOC (BLOCK_SIZE_M, BLOC_K...) and end in that letter; nothing
/// for the others.
std::optional<char> getBlockDimension(const std::string &tunable);

} // namespace tessel::nvidia

#endif // TESSEL_BACKENDS_NVIDIA_HEURISTICS_H
