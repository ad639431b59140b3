//===- TileVersion.h - Version of the tile dialect ---------------*- C++ -*-===//
//
// The tile dialect version travels with every module written as bytecode.
// Compatibility promise (docs/tile-ir.md, "Compatibility promise"):
//  - minor bumps add ops, attributes or optional operands; a reader of minor
//    N reads every module of minor <= N, and a module of a newer minor as long
//    as it only uses constructs the reader knows;
//  - major bumps change the meaning or encoding of existing constructs; a
//    reader refuses any module whose major differs from its own.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_DIALECTS_TILE_IR_TILEVERSION_H
#define TESSEL_DIALECTS_TILE_IR_TILEVERSION_H

#include <cstdint>

namespace tessel::tile {

/// A (major, minor) revision of the tile dialect.
struct TileVersion {
  uint32_t major = 0;
  uint32_t minor = 0;

  friend bool operator==(TileVersion a, TileVersion b) {
    return a.major == b.major && a.minor == b.minor;
  }
  friend bool operator!=(TileVersion a, TileVersion b) { return !(a == b); }
  friend bool operator<(TileVersion a, TileVersion b) {
    return a.major != b.major ? a.major < b.major : a.minor < b.minor;
  }
};

/// The revision this build of the dialect reads and writes.
/// 1.1 added `ptr_to_int`; 1.2 added `barrier` and `inline_asm`.
inline constexpr TileVersion kTileVersion{1, 2};

} // namespace tessel::tile

#endif // TESSEL_DIALECTS_TILE_IR_TILEVERSION_H
