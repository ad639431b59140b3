//===- TensorMapRecipe.cpp - How the host fills a kernel's tensor maps ----===//

#include "backends/nvidia/runtime/TensorMapRecipe.h"

#include <algorithm>
#include <cstring>

namespace tessel::nvidia {

namespace {

void putScalar(std::vector<int64_t> &out, const RecipeScalar &s) {
  out.push_back(s.getKindWord());
  out.push_back(s.value);
}

bool readScalar(const int64_t *w, RecipeScalar &s) {
  int64_t kind = w[0] & 0xff;
  s.bits = unsigned((w[0] >> 8) & 0xff);
  s.isSigned = ((w[0] >> 16) & 1) != 0;
  s.value = w[1];
  if (kind == RecipeScalar::Constant) {
    s.kind = RecipeScalar::Constant;
    return true;
  }
  s.kind = RecipeScalar::Argument;
  return kind == RecipeScalar::Argument && (s.bits == 32 || s.bits == 64) &&
         s.value >= 0;
}

/// The value of `s` at this launch.
int64_t evaluate(const RecipeScalar &s, void *const *params) {
  if (s.kind == RecipeScalar::Constant)
    return s.value;
  const void *slot = params[s.value];
  if (s.bits == 64) {
    int64_t v;
    std::memcpy(&v, slot, 8);
    return v;
  }
  uint32_t v;
  std::memcpy(&v, slot, 4);
  return s.isSigned ? int64_t(int32_t(v)) : int64_t(v);
}

std::string describe(const RecipeScalar &s) {
  if (s.kind == RecipeScalar::Constant)
    return "the constant " + std::to_string(s.value);
  return "argument " + std::to_string(s.value);
}

} // namespace

std::vector<int64_t> TensorMapRecipe::toWords() const {
  std::vector<int64_t> out = {kTensorMapRecipeVersion, int64_t(maps.size()),
                              int64_t(userParams)};
  for (const TensorMapEntry &m : maps) {
    out.push_back(m.param);
    out.push_back(m.baseArgument);
    out.push_back(m.elementBytes);
    putScalar(out, m.rows);
    putScalar(out, m.columns);
    putScalar(out, m.rowStride);
    out.push_back(m.boxColumns);
    out.push_back(m.boxRows);
    out.push_back(m.swizzleBytes);
    putScalar(out, m.sliceStride);
    out.push_back(m.groupWarps);
  }
  return out;
}

std::string TensorMapRecipe::parse(const int64_t *w, size_t count) {
  if (count < kTensorMapHeaderWords)
    return "the tensor-map recipe is shorter than its header";
  if (w[0] != kTensorMapRecipeVersion)
    return "tensor-map recipe version " + std::to_string(w[0]) +
           " (this plugin reads " + std::to_string(kTensorMapRecipeVersion) + ")";
  if (w[1] < 0 || w[1] > int64_t(kTensorMapMaxMaps) || w[2] < 0 ||
      count != kTensorMapHeaderWords + size_t(w[1]) * kTensorMapWords)
    return "the tensor-map recipe's length does not match its " + std::to_string(w[1]) +
           " maps";
  userParams = unsigned(w[2]);
  maps.clear();
  for (int64_t i = 0; i < w[1]; ++i) {
    const int64_t *m = w + kTensorMapHeaderWords + i * kTensorMapWords;
    TensorMapEntry e;
    e.param = unsigned(m[0]);
    e.baseArgument = unsigned(m[1]);
    e.elementBytes = unsigned(m[2]);
    bool scalars = readScalar(m + 3, e.rows) && readScalar(m + 5, e.columns) &&
                   readScalar(m + 7, e.rowStride);
    e.boxColumns = unsigned(m[9]);
    e.boxRows = unsigned(m[10]);
    e.swizzleBytes = unsigned(m[11]);
    scalars = scalars && readScalar(m + 12, e.sliceStride);
    e.groupWarps = unsigned(m[14]);
    auto isArgument = [&](const RecipeScalar &s) {
      return s.kind == RecipeScalar::Constant || s.value < int64_t(userParams);
    };
    const bool swizzle = e.swizzleBytes == 0 || e.swizzleBytes == 32 ||
                         e.swizzleBytes == 64 || e.swizzleBytes == 128;
    if (!scalars || m[0] < 0 || m[1] < 0 || e.param != userParams + i ||
        e.baseArgument >= userParams || !isArgument(e.rows) || !isArgument(e.columns) ||
        !isArgument(e.rowStride) || !isArgument(e.sliceStride) ||
        (e.elementBytes != 1 && e.elementBytes != 2 && e.elementBytes != 4) ||
        e.boxColumns == 0 || e.boxColumns > 256 || e.boxRows == 0 || e.boxRows > 256 ||
        !swizzle ||
        (e.swizzleBytes != 0 && e.boxColumns * e.elementBytes > e.swizzleBytes) ||
        (m[14] != 0 && (m[14] != 4 && m[14] != 8)) ||
        (e.groupWarps != 0 && (e.hasSlices() || e.boxRows != 8)))
      return "tensor map " + std::to_string(i) + " of the recipe is malformed";
    maps.push_back(e);
  }
  return "";
}

std::string computeTensorMapGeometry(const TensorMapEntry &map, void *const *params,
                                     TensorMapGeometry &out) {
  std::memcpy(&out.base, params[map.baseArgument], 8);
  if (out.base % 16 != 0)
    return "argument " + std::to_string(map.baseArgument) +
           ": TMA needs a 16-byte aligned base address, got " +
           std::to_string(out.base);
  const int64_t rows = evaluate(map.rows, params);
  const int64_t columns = evaluate(map.columns, params);
  const int64_t stride = evaluate(map.rowStride, params);
  if (rows < 1 || rows > (int64_t(1) << 32) || columns < 1 ||
      columns > (int64_t(1) << 32))
    return "the tensor of argument " + std::to_string(map.baseArgument) + " is " +
           std::to_string(rows) + " x " + std::to_string(columns) + " (" +
           describe(map.rows) + ", " + describe(map.columns) +
           "): TMA needs extents from 1 to 2^32";
  const int64_t strideBytes = stride * int64_t(map.elementBytes);
  if (stride < 1 || strideBytes % 16 != 0 || strideBytes >= (int64_t(1) << 40))
    return "the row stride of argument " + std::to_string(map.baseArgument) + " (" +
           describe(map.rowStride) + ") is " + std::to_string(stride) +
           " elements: TMA needs a positive multiple of 16 bytes below 2^40";
  out.rank = 2;
  out.dims[0] = uint64_t(columns);
  out.dims[1] = uint64_t(rows);
  out.strides[0] = uint64_t(strideBytes);
  out.box[0] = map.boxColumns;
  out.box[1] = map.boxRows;
  out.box[2] = out.box[3] = out.box[4] = 1;
  if (map.hasSlices()) {
    const int64_t slice = evaluate(map.sliceStride, params);
    const int64_t sliceBytes = slice * int64_t(map.elementBytes);
    if (slice < 1 || sliceBytes % 16 != 0 || sliceBytes >= (int64_t(1) << 40))
      return "the slice stride of argument " + std::to_string(map.baseArgument) + " (" +
             describe(map.sliceStride) + ") is " + std::to_string(slice) +
             " elements: TMA needs a positive multiple of 16 bytes below 2^40";
    out.rank = 3;
    out.dims[2] = kTensorMapSlices;
    out.strides[1] = uint64_t(sliceBytes);
  }
  return "";
}

void boundTensorMapSlices(TensorMapGeometry &g, uint64_t allocationEnd) {
  if (g.rank != 3 || g.strides[1] == 0)
    return;
  const uint64_t slice = g.strides[1];
  const uint64_t span =
      allocationEnd > g.base ? allocationEnd - g.base : kTensorMapSliceSpanBytes;
  // Every slice starting within the span (a partial last one included).
  const uint64_t slices = span / slice + (span % slice != 0);
  g.dims[2] = std::clamp<uint64_t>(slices, 1, kTensorMapSlices);
}

bool isEmptyTensor(const TensorMapEntry &map, void *const *params) {
  return evaluate(map.rows, params) == 0 || evaluate(map.columns, params) == 0;
}

TensorMapGeometry getEmptyGeometry(const TensorMapEntry &map, uint64_t zeros) {
  TensorMapGeometry out;
  out.base = zeros;
  out.dims[0] = out.dims[1] = 1;
  out.strides[0] = kEmptyTensorBytes;
  out.box[0] = map.boxColumns;
  out.box[1] = map.boxRows;
  out.box[2] = out.box[3] = out.box[4] = 1;
  if (map.hasSlices()) {
    out.rank = 3;
    out.dims[2] = 1;
    out.strides[1] = kEmptyTensorBytes;
  }
  return out;
}

bool computeGroupedGeometry(const TensorMapEntry &map, void *const *params,
                            TensorMapGeometry &out) {
  const int64_t w = map.groupWarps;
  if (w == 0 || map.hasSlices() || out.rank != 2)
    return false;
  // The whole blocks of 16 W rows (TensorMapRecipe.h): the kernel's
  // grouped boxes stay within them.
  const int64_t rows = evaluate(map.rows, params) / (16 * w) * (16 * w);
  if (rows <= 0)
    return false;
  // (columns, 8 rows, 2, 4, rows / 32) with row strides (1, 8 W, 8, 32):
  // TensorMapRecipe.h.
  const uint64_t row = out.strides[0];
  out.rank = 5;
  out.dims[1] = 8;
  out.dims[2] = 2;
  out.dims[3] = 4;
  out.dims[4] = uint64_t(rows / 32);
  out.strides[0] = row;
  out.strides[1] = uint64_t(8 * w) * row;
  out.strides[2] = 8 * row;
  out.strides[3] = 32 * row;
  out.box[1] = 8;
  out.box[2] = 2;
  out.box[3] = 4;
  out.box[4] = 1;
  return true;
}

} // namespace tessel::nvidia
