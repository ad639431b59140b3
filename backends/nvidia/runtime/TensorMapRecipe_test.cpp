//===- TensorMapRecipe_test.cpp - The tensor-map recipe and its checks ----===//

#include "backends/nvidia/runtime/TensorMapRecipe.h"

#include <gtest/gtest.h>

namespace tessel::nvidia {
namespace {

/// A GEMM's A: base argument 0, rows argument 3 (i32), columns the
/// constant 4096, row stride argument 6 (an i32 read signed).
TensorMapRecipe makeRecipe() {
  TensorMapRecipe r;
  r.userParams = 8;
  TensorMapEntry e;
  e.param = 8;
  e.baseArgument = 0;
  e.elementBytes = 2;
  e.rows = {RecipeScalar::Argument, 32, true, 3};
  e.columns = {RecipeScalar::Constant, 0, true, 4096};
  e.rowStride = {RecipeScalar::Argument, 32, true, 6};
  e.boxColumns = 64;
  e.boxRows = 8;
  e.swizzleBytes = 128;
  r.maps.push_back(e);
  return r;
}

TEST(TensorMapRecipe, RoundTrips) {
  std::vector<int64_t> words = makeRecipe().toWords();
  ASSERT_EQ(words.size(), kTensorMapHeaderWords + kTensorMapWords);
  TensorMapRecipe back;
  ASSERT_EQ(back.parse(words.data(), words.size()), "");
  ASSERT_EQ(back.maps.size(), 1u);
  EXPECT_EQ(back.userParams, 8u);
  EXPECT_EQ(back.maps[0].rows.value, 3);
  EXPECT_EQ(back.maps[0].rows.kind, RecipeScalar::Argument);
  EXPECT_EQ(back.maps[0].columns.kind, RecipeScalar::Constant);
  EXPECT_EQ(back.maps[0].columns.value, 4096);
  EXPECT_EQ(back.maps[0].swizzleBytes, 128u);
}

TEST(TensorMapRecipe, SlicesAreAThirdDimension) {
  TensorMapRecipe r = makeRecipe();
  r.maps[0].sliceStride = {RecipeScalar::Argument, 32, true, 7};
  std::vector<int64_t> words = r.toWords();
  TensorMapRecipe back;
  ASSERT_EQ(back.parse(words.data(), words.size()), "");
  ASSERT_TRUE(back.maps[0].hasSlices());
  EXPECT_FALSE(makeRecipe().maps[0].hasSlices());

  alignas(16) static unsigned char buffer[64];
  uint64_t base = reinterpret_cast<uint64_t>(buffer);
  int32_t rows = 4096, stride = 64, sliceStride = 4096 * 64, unused = 0;
  void *params[8] = {&base,   &unused, &unused, &rows,
                     &unused, &unused, &stride, &sliceStride};
  TensorMapGeometry g;
  ASSERT_EQ(computeTensorMapGeometry(back.maps[0], params, g), "");
  EXPECT_EQ(g.rank, 3u);
  EXPECT_EQ(g.strides[1], uint64_t(4096) * 64 * 2);
  EXPECT_EQ(g.dims[2], kTensorMapSlices);
  EXPECT_EQ(g.box[2], 1u);
  sliceStride = 4; // 8 bytes
  std::string why = computeTensorMapGeometry(back.maps[0], params, g);
  EXPECT_NE(why.find("slice stride of argument 0"), std::string::npos) << why;
}

TEST(TensorMapRecipe, SlicesBoundedByTheAllocation) {
  TensorMapGeometry g;
  g.rank = 3;
  g.base = uint64_t(1) << 40;
  g.strides[1] = 512 * 1024; // a slice of 512 KiB
  const uint64_t end = g.base + 12 * g.strides[1];
  boundTensorMapSlices(g, end);
  EXPECT_EQ(g.dims[2], 12u);
  // A partial last slice counts; a base within the last slice gives one.
  boundTensorMapSlices(g, end + 16);
  EXPECT_EQ(g.dims[2], 13u);
  TensorMapGeometry last = g;
  last.base = end - 16;
  boundTensorMapSlices(last, end);
  EXPECT_EQ(last.dims[2], 1u);
  // Unknown allocation: a span of at most 2^47 bytes; tiny slices at most
  // TMA's largest extent.
  boundTensorMapSlices(g, 0);
  EXPECT_EQ(g.dims[2], kTensorMapSliceSpanBytes / g.strides[1]);
  g.strides[1] = 16;
  boundTensorMapSlices(g, 0);
  EXPECT_EQ(g.dims[2], kTensorMapSlices);
  // Maps without slices are left alone.
  TensorMapGeometry plain;
  plain.dims[2] = 0;
  boundTensorMapSlices(plain, end);
  EXPECT_EQ(plain.dims[2], 0u);
}

TEST(TensorMapRecipe, RejectsMalformed) {
  std::vector<int64_t> words = makeRecipe().toWords();
  TensorMapRecipe r;
  EXPECT_NE(r.parse(words.data(), 2), "");
  words[0] = 7; // version
  EXPECT_NE(r.parse(words.data(), words.size()), "");
  words = makeRecipe().toWords();
  words[kTensorMapHeaderWords + 1] = 9; // base argument past the user's
  EXPECT_NE(r.parse(words.data(), words.size()), "");
  words = makeRecipe().toWords();
  words[kTensorMapHeaderWords + 9] = 128; // 256 bytes wider than the swizzle
  EXPECT_NE(r.parse(words.data(), words.size()), "");
}

TEST(TensorMapRecipe, GeometryFromArguments) {
  TensorMapEntry e = makeRecipe().maps[0];
  alignas(16) static unsigned char buffer[64];
  uint64_t base = reinterpret_cast<uint64_t>(buffer);
  int32_t rows = 3000, stride = 4104;
  int32_t unused = 0;
  void *params[8] = {&base,   &unused, &unused, &rows,
                     &unused, &unused, &stride, &unused};
  TensorMapGeometry g;
  ASSERT_EQ(computeTensorMapGeometry(e, params, g), "");
  EXPECT_EQ(g.dims[0], 4096u);
  EXPECT_EQ(g.dims[1], 3000u);
  EXPECT_EQ(g.rank, 2u);
  EXPECT_EQ(g.strides[0], 8208u);
  EXPECT_EQ(g.box[0], 64u);
  EXPECT_EQ(g.box[1], 8u);

  // A row stride of 4100 halves is 8200 bytes: not a multiple of 16.
  stride = 4100;
  std::string why = computeTensorMapGeometry(e, params, g);
  EXPECT_NE(why.find("row stride of argument 0"), std::string::npos) << why;
  stride = 4104;
  uint64_t misaligned = base + 2;
  params[0] = &misaligned;
  why = computeTensorMapGeometry(e, params, g);
  EXPECT_NE(why.find("argument 0: TMA needs a 16-byte aligned base"), std::string::npos)
      << why;
  params[0] = &base;
  rows = 0;
  why = computeTensorMapGeometry(e, params, g);
  EXPECT_NE(why.find("argument 3"), std::string::npos) << why;
}

// A tensor with an extent of 0 (a GEMM with K = 0) is empty: TMA takes no
// such map, and its stand-in is one element at the zeros, its boxes the
// map's, so that every box reads zeros.
TEST(TensorMapRecipe, EmptyTensorReadsZeros) {
  TensorMapEntry e = makeRecipe().maps[0];
  uint64_t base = 0; // an empty tensor's pointer may be null
  int32_t rows = 0, stride = 0, unused = 0;
  void *params[8] = {&base,   &unused, &unused, &rows,
                     &unused, &unused, &stride, &unused};
  EXPECT_TRUE(isEmptyTensor(e, params));
  TensorMapGeometry g = getEmptyGeometry(e, 4096);
  EXPECT_EQ(g.rank, 2u);
  EXPECT_EQ(g.base, 4096u);
  EXPECT_EQ(g.dims[0], 1u);
  EXPECT_EQ(g.dims[1], 1u);
  EXPECT_EQ(g.strides[0], kEmptyTensorBytes);
  EXPECT_EQ(g.box[0], 64u);
  EXPECT_EQ(g.box[1], 8u);
  rows = 1;
  EXPECT_FALSE(isEmptyTensor(e, params));
  e.columns = {RecipeScalar::Constant, 0, true, 0};
  EXPECT_TRUE(isEmptyTensor(e, params));
}

/// Where the staging of an A reordered for `w` warps keeps row `r` of the
/// tile (TileGpuAttrs.td: 8-row group q at 8 (c W / 4 + g) + 2 v + h).
int64_t stagingRow(int64_t r, int64_t w) {
  const int64_t q = r / 8, warp = q % w, g = warp / 4, v = warp % 4, c = q / w / 2,
                h = (q / w) % 2;
  return 8 * (8 * (c * w / 4 + g) + 2 * v + h) + r % 8;
}

// The engine walks a box innermost first and writes it to consecutive
// shared memory: walked over the grouped geometry, the boxes the kernel
// issues (box k at outer coordinate row0 / 32 + (k / (W / 4)) W / 2 +
// k % (W / 4), into staging rows from 64 k) must put every row of the tile
// where the staging keeps it, each once, for every tile the kernel copies
// so (row index a multiple of 16 W, the tile ending within the rows), and
// read only rows of the tensor, with the outer coordinate (the one the
// engine bounds) inside the map: 1000 rows are not a multiple of 16 W.
TEST(TensorMapRecipe, GroupedBoxesFillTheReorderedStaging) {
  for (int64_t w : {4, 8}) {
    for (int64_t tileRows : {64, 128, 256}) {
      if (tileRows % (16 * w) != 0)
        continue;
      TensorMapEntry e = makeRecipe().maps[0];
      e.groupWarps = unsigned(w);
      alignas(16) static unsigned char buffer[64];
      uint64_t base = reinterpret_cast<uint64_t>(buffer);
      int32_t rows = 1000, stride = 4096, unused = 0;
      void *params[8] = {&base,   &unused, &unused, &rows,
                         &unused, &unused, &stride, &unused};
      TensorMapGeometry g;
      ASSERT_EQ(computeTensorMapGeometry(e, params, g), "");
      ASSERT_TRUE(computeGroupedGeometry(e, params, g));
      ASSERT_EQ(g.rank, 5u);
      const uint64_t rowBytes = uint64_t(stride) * 2;
      for (int64_t row0 = 0; row0 + tileRows <= rows; row0 += 16 * w) {
        std::vector<int64_t> filled(size_t(tileRows), -1);
        for (int64_t k = 0; k < tileRows / 64; ++k) {
          const int64_t outer = row0 / 32 + (k / (w / 4)) * w / 2 + k % (w / 4);
          ASSERT_LT(uint64_t(outer), g.dims[4]);
          int64_t at = 64 * k;
          for (uint32_t i3 = 0; i3 < g.box[3]; ++i3)
            for (uint32_t i2 = 0; i2 < g.box[2]; ++i2)
              for (uint32_t i1 = 0; i1 < g.box[1]; ++i1, ++at) {
                const uint64_t offset = i1 * g.strides[0] + i2 * g.strides[1] +
                                        i3 * g.strides[2] +
                                        uint64_t(outer) * g.strides[3];
                ASSERT_EQ(offset % rowBytes, 0u);
                ASSERT_LT(offset / rowBytes, uint64_t(rows));
                const int64_t r = int64_t(offset / rowBytes) - row0;
                ASSERT_GE(r, 0);
                ASSERT_LT(r, tileRows);
                EXPECT_EQ(filled[size_t(r)], -1) << "row " << r << " copied twice";
                filled[size_t(r)] = at;
              }
        }
        for (int64_t r = 0; r < tileRows; ++r)
          EXPECT_EQ(filled[size_t(r)], stagingRow(r, w))
              << "W " << w << ", tile rows " << tileRows << ", row0 " << row0
              << ", row " << r;
      }
    }
  }
}

TEST(TensorMapRecipe, GroupedFormOverWholeGroups) {
  TensorMapEntry e = makeRecipe().maps[0];
  e.groupWarps = 8;
  alignas(16) static unsigned char buffer[64];
  uint64_t base = reinterpret_cast<uint64_t>(buffer);
  int32_t rows = 100, stride = 4104, unused = 0;
  void *params[8] = {&base,   &unused, &unused, &rows,
                     &unused, &unused, &stride, &unused};
  TensorMapGeometry g;
  ASSERT_EQ(computeTensorMapGeometry(e, params, g), "");
  // Fewer rows than one block of 16 W: no grouped box fits.
  EXPECT_FALSE(computeGroupedGeometry(e, params, g));
  EXPECT_EQ(g.rank, 2u);
  // 3000 rows: the view spans the 2944 of whole 128-row blocks, so that no
  // box reads past the tensor (the kernel copies the last tile plainly).
  rows = 3000;
  ASSERT_EQ(computeTensorMapGeometry(e, params, g), "");
  EXPECT_TRUE(computeGroupedGeometry(e, params, g));
  EXPECT_EQ(g.dims[4], 92u);
  rows = 3072;
  ASSERT_EQ(computeTensorMapGeometry(e, params, g), "");
  EXPECT_TRUE(computeGroupedGeometry(e, params, g));
  EXPECT_EQ(g.dims[4], 96u);
  EXPECT_EQ(g.strides[1], 64u * 8208);
  e.groupWarps = 0;
  ASSERT_EQ(computeTensorMapGeometry(e, params, g), "");
  EXPECT_FALSE(computeGroupedGeometry(e, params, g));

  // The recipe keeps W; a grouped map with slices or 4-row boxes is malformed.
  TensorMapRecipe r = makeRecipe();
  r.maps[0].groupWarps = 4;
  std::vector<int64_t> words = r.toWords();
  TensorMapRecipe back;
  ASSERT_EQ(back.parse(words.data(), words.size()), "");
  EXPECT_EQ(back.maps[0].groupWarps, 4u);
  r.maps[0].sliceStride = {RecipeScalar::Argument, 32, true, 7};
  words = r.toWords();
  EXPECT_NE(back.parse(words.data(), words.size()), "");
  r = makeRecipe();
  r.maps[0].groupWarps = 6;
  words = r.toWords();
  EXPECT_NE(back.parse(words.data(), words.size()), "");
}

} // namespace
} // namespace tessel::nvidia
