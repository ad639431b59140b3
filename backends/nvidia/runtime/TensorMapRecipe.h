//===- TensorMapRecipe.h - How the host fills a kernel's tensor maps -*- C++ -*-===//
//
// A kernel whose TMA copies read tensor descriptors takes one CUtensorMap
// per descriptor and box as extra parameters after the user's. The
// compiler (nvidia-tensor-map-params) leaves in the cubin, as the constant
// `.global` array kTensorMapRecipeSymbol, how each map follows from the
// launch's arguments; the plugin reads it once at load and encodes the maps
// at every launch. Plain C++: the runtime-only plugin links it.
//
// Layout (64-bit words): version (kTensorMapRecipeVersion), number of maps,
// number of user parameters; then kTensorMapWords words a map: its
// parameter, the base pointer's argument, the element bytes, rows, columns
// and row stride (elements) as a scalar of two words each (a kind word:
// bits 0-7 the kind, 8-15 an argument's bits, bit 16 signed; then the
// constant or the argument's number), the box's columns and rows, the
// swizzle in bytes (0, 32, 64, 128), and the slice stride (elements) as a
// scalar, the constant 0 when the map has no slices: a descriptor whose
// base is `argument + index * stride` is a third dimension of the
// argument's tensor, as many slices as TMA can count (the kernel addresses
// only the slices its own pointer arithmetic would have).
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_NVIDIA_RUNTIME_TENSORMAPRECIPE_H
#define TESSEL_BACKENDS_NVIDIA_RUNTIME_TENSORMAPRECIPE_H

#include <cstdint>
#include <string>
#include <vector>

namespace tessel::nvidia {

inline constexpr const char *kTensorMapRecipeSymbol = "tessel_tensor_maps";
inline constexpr int64_t kTensorMapRecipeVersion = 1;
inline constexpr size_t kTensorMapHeaderWords = 3;
inline constexpr size_t kTensorMapWords = 14;

/// A scalar of a map: a constant, or an argument read as `bits` wide.
struct RecipeScalar {
  enum Kind : uint8_t { Constant = 0, Argument = 1 };
  Kind kind = Constant;
  unsigned bits = 0;
  bool isSigned = true;
  int64_t value = 0;

  int64_t getKindWord() const {
    return int64_t(kind) | int64_t(bits) << 8 | int64_t(isSigned ? 1 : 0) << 16;
  }
};

struct TensorMapEntry {
  unsigned param = 0, baseArgument = 0, elementBytes = 0;
  RecipeScalar rows, columns, rowStride;
  unsigned boxColumns = 0, boxRows = 0, swizzleBytes = 0;
  /// The stride between slices; the constant 0: none (a 2-D map).
  RecipeScalar sliceStride;
  bool hasSlices() const {
    return !(sliceStride.kind == RecipeScalar::Constant && sliceStride.value == 0);
  }
};

struct TensorMapRecipe {
  unsigned userParams = 0;
  std::vector<TensorMapEntry> maps;

  std::vector<int64_t> toWords() const;
  /// Parses and checks `words`; "" on success, else what is wrong.
  std::string parse(const int64_t *words, size_t count);
};

/// What cuTensorMapEncodeTiled takes for one map at one launch (dims and
/// strides innermost first, strides in bytes).
struct TensorMapGeometry {
  unsigned rank = 2; ///< 3 with slices
  uint64_t base = 0;
  uint64_t dims[3] = {0, 0, 0};
  uint64_t strides[2] = {0, 0}; ///< rows', then slices' (bytes)
  uint32_t box[3] = {0, 0, 1};
};
/// The slice count a map with slices declares: TMA's largest extent.
inline constexpr uint64_t kTensorMapSlices = uint64_t(1) << 32;

/// The geometry of `map` from the launch's parameter slots (`params[i]`
/// points at argument i's bytes); "" on success, else an error naming the
/// argument whose value TMA cannot take (alignment, extent).
std::string computeTensorMapGeometry(const TensorMapEntry &map, void *const *params,
                                     TensorMapGeometry &out);

} // namespace tessel::nvidia

#endif // TESSEL_BACKENDS_NVIDIA_RUNTIME_TENSORMAPRECIPE_H
