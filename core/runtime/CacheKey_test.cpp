//===- CacheKey_test.cpp - Tests of cache keys ----------------------------===//
//
// The cache key changes with every field that can change the binary, and
// only with those.
//
//===----------------------------------------------------------------------===//

#include "core/runtime/CacheKey.h"

#include <gtest/gtest.h>

#include <functional>
#include <set>
#include <utility>
#include <vector>

namespace tessel::runtime {
namespace {

CacheKeyFields baseFields() {
  CacheKeyFields f;
  f.ir = "ML\xefR tile ir bytes";
  f.irFormat = "tile-mlirbc";
  f.irVersion = tile::TileVersion{1, 0};
  f.target = "amd:gfx942";
  f.options.numWarps = 4;
  f.options.extra = {plugin_host::KeyValue::makeInt("amd.waves_per_eu", 2)};
  f.entryName = "saxpy";
  f.pluginName = "amd";
  f.pluginVersion = "0.1.0";
  f.pluginAbiMajor = 1;
  f.pluginAbiMinor = 0;
  f.hostAbiMajor = 1;
  f.hostAbiMinor = 0;
  return f;
}

TEST(CacheKeyTest, DeterministicAndHex) {
  const CacheKey a = computeCacheKey(baseFields());
  const CacheKey b = computeCacheKey(baseFields());
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.hex, b.hex);
  ASSERT_EQ(a.hex.size(), 64u);
  EXPECT_EQ(a.hex.find_first_not_of("0123456789abcdef"), std::string::npos);
}

TEST(CacheKeyTest, EveryFieldChangesTheKey) {
  using Mutation = std::pair<const char *, std::function<void(CacheKeyFields &)>>;
  const std::vector<Mutation> mutations = {
      {"ir byte", [](CacheKeyFields &f) { f.ir = "ML\xefR tile ir bytez"; }},
      {"ir length", [](CacheKeyFields &f) { f.ir = "ML\xefR tile ir byte"; }},
      {"ir format", [](CacheKeyFields &f) { f.irFormat = "tile-mlir"; }},
      {"dialect major", [](CacheKeyFields &f) { f.irVersion.major = 2; }},
      {"dialect minor", [](CacheKeyFields &f) { f.irVersion.minor = 1; }},
      {"target arch", [](CacheKeyFields &f) { f.target = "amd:gfx90a"; }},
      {"target feature", [](CacheKeyFields &f) { f.target = "amd:gfx942+wave32"; }},
      {"num_warps", [](CacheKeyFields &f) { f.options.numWarps = 8; }},
      {"num_stages", [](CacheKeyFields &f) { f.options.numStages = 3; }},
      {"num_ctas", [](CacheKeyFields &f) { f.options.numCtas = 2; }},
      {"opt_level", [](CacheKeyFields &f) { f.options.optLevel = 2; }},
      {"flags", [](CacheKeyFields &f) { f.options.flags = 1; }},
      {"extra value", [](CacheKeyFields &f) { f.options.extra[0].intValue = 3; }},
      {"extra key", [](CacheKeyFields &f) { f.options.extra[0].key = "amd.waves"; }},
      {"extra type",
       [](CacheKeyFields &f) { f.options.extra[0].type = TESSEL_VALUE_BOOL; }},
      {"extra float",
       [](CacheKeyFields &f) {
         f.options.extra[0] = plugin_host::KeyValue::makeFloat("amd.waves_per_eu", 2);
       }},
      {"extra string",
       [](CacheKeyFields &f) {
         f.options.extra[0] =
             plugin_host::KeyValue::makeString("amd.waves_per_eu", "2");
       }},
      {"extra added",
       [](CacheKeyFields &f) {
         f.options.extra.push_back(plugin_host::KeyValue::makeBool("amd.fast", true));
       }},
      {"extra removed", [](CacheKeyFields &f) { f.options.extra.clear(); }},
      {"entry name", [](CacheKeyFields &f) { f.entryName = "saxpy2"; }},
      {"plugin name", [](CacheKeyFields &f) { f.pluginName = "amd2"; }},
      {"plugin version", [](CacheKeyFields &f) { f.pluginVersion = "0.1.1"; }},
      {"plugin abi major", [](CacheKeyFields &f) { f.pluginAbiMajor = 2; }},
      {"plugin abi minor", [](CacheKeyFields &f) { f.pluginAbiMinor = 1; }},
      {"host abi major", [](CacheKeyFields &f) { f.hostAbiMajor = 2; }},
      {"host abi minor", [](CacheKeyFields &f) { f.hostAbiMinor = 1; }},
  };
  const CacheKey base = computeCacheKey(baseFields());
  std::set<std::string> seen = {base.hex};
  for (const Mutation &m : mutations) {
    CacheKeyFields f = baseFields();
    m.second(f);
    const CacheKey key = computeCacheKey(f);
    EXPECT_NE(key, base) << m.first;
    // Distinct from every other mutation too: no two fields alias.
    EXPECT_TRUE(seen.insert(key.hex).second) << m.first;
  }
}

TEST(CacheKeyTest, FieldBoundariesDoNotAlias) {
  CacheKeyFields a = baseFields();
  a.entryName = "ab";
  a.pluginName = "c";
  CacheKeyFields b = baseFields();
  b.entryName = "a";
  b.pluginName = "bc";
  EXPECT_NE(computeCacheKey(a), computeCacheKey(b));
}

TEST(CacheKeyTest, UnusedValueFieldsDoNotMatter) {
  // An int option's float_value is not part of its value.
  CacheKeyFields a = baseFields();
  CacheKeyFields b = baseFields();
  b.options.extra[0].floatValue = 7.5;
  EXPECT_EQ(computeCacheKey(a), computeCacheKey(b));
}

} // namespace
} // namespace tessel::runtime
