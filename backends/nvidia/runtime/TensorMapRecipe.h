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
// argument's tensor, as many slices as start within the allocation holding
// the argument (boundTensorMapSlices; the kernel addresses only the slices
// its own pointer arithmetic would have); then the group
// warps W: 0, or the W (4 or 8) of an A operand whose 8-row groups the
// staging reorders for W warps (TileGpuAttrs.td). After the maps, the kernel
// takes one more parameter, a 32-bit word of flags: bit i set when the host
// encoded map i in its grouped form.
//
// The grouped form lets one box bring 64 of the staging's rows, where the
// plain form (box rows 8) needs a box per 8-row group: a 5-D view of the
// same rows, innermost first (columns, 8 rows, 2, 4, rows / 32), row strides
// (1, 8 W, 8, 32), box (box columns, 8, 2, 4, 1). The staging keeps global
// row 8 q + r of a tile, with w = q % W and p = q / W, at
// 64 (p / 2 * W / 4 + w / 4) + 16 (w % 4) + 8 (p % 2) + r, so walking the
// box in order (r, p % 2, w % 4) fills 64 consecutive staging rows, and the
// outer coordinate, in 32-row units, picks which 64. It reads the right
// rows only where no box straddles the tensor's end (the engine bounds only
// the outer coordinate): the host encodes it over the rows rounded down to
// a multiple of 16 W (when there is at least one such block), and the
// kernel uses it only where its row index is a multiple of 16 W and the
// tile ends within the rows, hence within those. Every other tile (and
// every tile when the flag is clear) is copied in the plain form from a
// second map of the same boxes, groupWarps 0, which the kernel also takes.
// Version 3: version 2's kernels had one map for both forms, took the
// grouped form for every tile, and it only for rows that are multiples of
// 16 W.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_NVIDIA_RUNTIME_TENSORMAPRECIPE_H
#define TESSEL_BACKENDS_NVIDIA_RUNTIME_TENSORMAPRECIPE_H

#include <cstdint>
#include <string>
#include <vector>

namespace tessel::nvidia {

inline constexpr const char *kTensorMapRecipeSymbol = "tessel_tensor_maps";
inline constexpr int64_t kTensorMapRecipeVersion = 3;
inline constexpr size_t kTensorMapHeaderWords = 3;
inline constexpr size_t kTensorMapWords = 15;
/// The most maps a kernel takes (a bit each in the flags word).
inline constexpr size_t kTensorMapMaxMaps = 32;

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
  /// The W of a grouped A (0: none; no slices then).
  unsigned groupWarps = 0;
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
  unsigned rank = 2; ///< 3 with slices, 5 grouped
  uint64_t base = 0;
  uint64_t dims[5] = {0, 0, 0, 0, 0};
  uint64_t strides[4] = {0, 0, 0, 0}; ///< of dims 1.. (bytes)
  uint32_t box[5] = {0, 0, 1, 1, 1};
};
/// The slice count computeTensorMapGeometry declares for a map with slices
/// (TMA's largest extent) until boundTensorMapSlices bounds it.
inline constexpr uint64_t kTensorMapSlices = uint64_t(1) << 32;
/// The span a map with slices keeps within where its allocation is unknown.
inline constexpr uint64_t kTensorMapSliceSpanBytes = uint64_t(1) << 47;

/// The geometry of `map` from the launch's parameter slots (`params[i]`
/// points at argument i's bytes); "" on success, else an error naming the
/// argument whose value TMA cannot take (alignment, extent).
std::string computeTensorMapGeometry(const TensorMapEntry &map, void *const *params,
                                     TensorMapGeometry &out);
/// Bounds the slices of a geometry with slices (rank 3) to those that
/// start before `allocationEnd`, the end of the allocation holding its base
/// (cuMemGetAddressRange): every slice the kernel may address, and a span
/// that stays within the allocation's last slice. 0 (unknown) keeps the
/// span within kTensorMapSliceSpanBytes. Slices past the bound read zeros.
/// A map declaring 2^32 slices spans 2^32 slice strides, far beyond any
/// address space: such a map is what the bound avoids.
void boundTensorMapSlices(TensorMapGeometry &g, uint64_t allocationEnd);
/// Whether `map`'s tensor is empty at this launch (an extent of 0): TMA
/// takes no such map, and every box of it reads zeros.
bool isEmptyTensor(const TensorMapEntry &map, void *const *params);
/// Bytes of zeros an empty tensor's map reads (getEmptyGeometry).
inline constexpr uint64_t kEmptyTensorBytes = 16;
/// A geometry that reads as an empty tensor of `map`'s boxes: one element
/// (the rest out of bounds, hence zeros) at `zeros`, a 16-byte aligned
/// device buffer of kEmptyTensorBytes zero bytes.
TensorMapGeometry getEmptyGeometry(const TensorMapEntry &map, uint64_t zeros);
/// The grouped form of `map` (its groupWarps non-zero) at this launch:
/// false where it does not apply (fewer rows than 16 W), `out` then
/// untouched. It spans the rows rounded down to a multiple of 16 W. Call after
/// computeTensorMapGeometry succeeded.
bool computeGroupedGeometry(const TensorMapEntry &map, void *const *params,
                            TensorMapGeometry &out);

} // namespace tessel::nvidia

#endif // TESSEL_BACKENDS_NVIDIA_RUNTIME_TENSORMAPRECIPE_H
