//===- CacheEntry_test.cpp - Tests of cache entry files -------------------===//
//
// Entry files round-trip, and every kind of damage is detected.
//
//===----------------------------------------------------------------------===//

#include "core/runtime/CacheEntry.h"

#include <gtest/gtest.h>

#include <cstring>

namespace tessel::runtime {
namespace {

CacheKey keyOf(const std::string &text) {
  CacheKeyFields fields;
  fields.ir = text;
  return computeCacheKey(fields);
}

CacheEntry sampleEntry() {
  CacheEntry entry;
  entry.target = "amd:gfx942+wave64";
  entry.kernel.bytes = {0, 1, 2, 0xff, 0x80, 7};
  plugin_host::KernelMetadata &m = entry.kernel.metadata;
  m.entryName = "saxpy";
  m.numWarps = 8;
  m.warpSize = 64;
  m.threadsPerBlock = 512;
  m.sharedMemBytes = 4096;
  m.clusterDims = {2, 1, 1};
  m.args = {{"y", TESSEL_ARG_POINTER, TESSEL_DTYPE_FP32, 8, 8, 16},
            {"n", TESSEL_ARG_SCALAR, TESSEL_DTYPE_I32, 4, 4, 1}};
  return entry;
}

TEST(CacheEntryTest, RoundTrip) {
  const CacheKey key = keyOf("k");
  const std::string file = encodeCacheEntry(key, sampleEntry());
  ASSERT_GT(file.size(), kCacheEntryHeaderSize);
  EXPECT_EQ(file.compare(0, 8, "TESSELKC"), 0);
  auto decoded = decodeCacheEntry(file, key);
  ASSERT_TRUE(decoded.ok()) << decoded.status().toString();
  const CacheEntry expected = sampleEntry();
  EXPECT_EQ(decoded->target, expected.target);
  EXPECT_EQ(decoded->kernel.bytes, expected.kernel.bytes);
  const plugin_host::KernelMetadata &m = decoded->kernel.metadata;
  EXPECT_EQ(m.entryName, "saxpy");
  EXPECT_EQ(m.numWarps, 8u);
  EXPECT_EQ(m.warpSize, 64u);
  EXPECT_EQ(m.threadsPerBlock, 512u);
  EXPECT_EQ(m.sharedMemBytes, 4096u);
  EXPECT_EQ(m.clusterDims, (std::array<uint32_t, 3>{2, 1, 1}));
  ASSERT_EQ(m.args.size(), 2u);
  EXPECT_EQ(m.args[0].name, "y");
  EXPECT_EQ(m.args[0].kind, TESSEL_ARG_POINTER);
  EXPECT_EQ(m.args[0].dtype, TESSEL_DTYPE_FP32);
  EXPECT_EQ(m.args[0].divisibility, 16u);
  EXPECT_EQ(m.args[1].name, "n");
  EXPECT_EQ(m.args[1].dtype, TESSEL_DTYPE_I32);
  EXPECT_EQ(m.args[1].size, 4u);
}

TEST(CacheEntryTest, EmptyArtifactAndNoArguments) {
  const CacheKey key = keyOf("empty");
  CacheEntry entry;
  auto decoded = decodeCacheEntry(encodeCacheEntry(key, entry), key);
  ASSERT_TRUE(decoded.ok()) << decoded.status().toString();
  EXPECT_TRUE(decoded->kernel.bytes.empty());
  EXPECT_TRUE(decoded->kernel.metadata.args.empty());
}

TEST(CacheEntryTest, EveryFlippedBitIsDetected) {
  const CacheKey key = keyOf("k");
  const std::string file = encodeCacheEntry(key, sampleEntry());
  for (size_t i = 0; i < file.size(); ++i) {
    for (int bit = 0; bit < 8; ++bit) {
      std::string damaged = file;
      damaged[i] = static_cast<char>(damaged[i] ^ (1 << bit));
      auto decoded = decodeCacheEntry(damaged, key);
      ASSERT_FALSE(decoded.ok()) << "byte " << i << " bit " << bit;
      EXPECT_EQ(decoded.status().code(), TESSEL_ERROR_DATA_LOSS);
    }
  }
}

TEST(CacheEntryTest, EveryTruncationAndExtensionIsDetected) {
  const CacheKey key = keyOf("k");
  const std::string file = encodeCacheEntry(key, sampleEntry());
  for (size_t size = 0; size < file.size(); ++size) {
    auto decoded = decodeCacheEntry(file.substr(0, size), key);
    ASSERT_FALSE(decoded.ok()) << "truncated to " << size;
    EXPECT_NE(decoded.status().message().find("truncated"), std::string::npos)
        << decoded.status().message();
  }
  EXPECT_FALSE(decodeCacheEntry(file + "x", key).ok());
}

TEST(CacheEntryTest, AnotherKeyIsRefused) {
  const std::string file = encodeCacheEntry(keyOf("a"), sampleEntry());
  auto decoded = decodeCacheEntry(file, keyOf("b"));
  ASSERT_FALSE(decoded.ok());
  EXPECT_NE(decoded.status().message().find("key mismatch"), std::string::npos);
}

TEST(CacheEntryTest, AnotherFormatVersionIsRefused) {
  const CacheKey key = keyOf("k");
  std::string file = encodeCacheEntry(key, sampleEntry());
  file[8] = static_cast<char>(kCacheEntryFormatVersion + 1);
  auto decoded = decodeCacheEntry(file, key);
  ASSERT_FALSE(decoded.ok());
  EXPECT_NE(decoded.status().message().find("format version 2"), std::string::npos)
      << decoded.status().message();
}

// Little-endian helpers for writing entries by hand.
void putU32(std::string &out, uint32_t v) {
  for (int i = 0; i < 4; ++i)
    out.push_back(static_cast<char>(v >> (8 * i)));
}
void putU64(std::string &out, uint64_t v) {
  for (int i = 0; i < 8; ++i)
    out.push_back(static_cast<char>(v >> (8 * i)));
}

// A payload whose digest matches but whose contents lie (an argument count
// far beyond the data) is refused without allocating for it.
TEST(CacheEntryTest, ForgedPayloadIsRefused) {
  const CacheKey key = keyOf("k");
  std::string payload;
  putU32(payload, 0); // target ""
  putU32(payload, 0); // entry name ""
  for (int i = 0; i < 7; ++i)
    putU32(payload, 0);        // warps ... cluster dims
  putU32(payload, 0xffffffff); // argument count
  const Sha256Digest digest = sha256Of(payload);

  std::string file(kCacheEntryMagic, sizeof(kCacheEntryMagic));
  putU32(file, kCacheEntryFormatVersion);
  putU32(file, kCacheEntryHeaderSize);
  file.append(reinterpret_cast<const char *>(key.digest.data()), key.digest.size());
  putU64(file, payload.size());
  file.append(reinterpret_cast<const char *>(digest.data()), digest.size());
  ASSERT_EQ(file.size(), kCacheEntryHeaderSize);
  file += payload;

  auto decoded = decodeCacheEntry(file, key);
  ASSERT_FALSE(decoded.ok());
  EXPECT_NE(decoded.status().message().find("malformed"), std::string::npos)
      << decoded.status().message();
}

} // namespace
} // namespace tessel::runtime
