// The cache key changes with every field that can change the binary, and
// only with those.
#include "core/runtime/cache_key.h"

#include <gtest/gtest.h>

#include <functional>
#include <set>
#include <utility>
#include <vector>

namespace tessel::runtime {
namespace {

CacheKeyFields Base() {
  CacheKeyFields f;
  f.ir = "ML\xefR tile ir bytes";
  f.ir_format = "tile-mlirbc";
  f.ir_version = tile::TileVersion{1, 0};
  f.target = "amd:gfx942";
  f.options.numWarps = 4;
  f.options.extra = {plugin_host::KeyValue::makeInt("amd.waves_per_eu", 2)};
  f.entry_name = "saxpy";
  f.plugin_name = "amd";
  f.plugin_version = "0.1.0";
  f.plugin_abi_major = 1;
  f.plugin_abi_minor = 0;
  f.host_abi_major = 1;
  f.host_abi_minor = 0;
  return f;
}

TEST(CacheKeyTest, DeterministicAndHex) {
  const CacheKey a = ComputeCacheKey(Base());
  const CacheKey b = ComputeCacheKey(Base());
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.hex, b.hex);
  ASSERT_EQ(a.hex.size(), 64u);
  EXPECT_EQ(a.hex.find_first_not_of("0123456789abcdef"), std::string::npos);
}

TEST(CacheKeyTest, EveryFieldChangesTheKey) {
  using Mutation = std::pair<const char*, std::function<void(CacheKeyFields&)>>;
  const std::vector<Mutation> mutations = {
      {"ir byte", [](CacheKeyFields &f) { f.ir = "ML\xefR tile ir bytez"; }},
      {"ir length", [](CacheKeyFields &f) { f.ir = "ML\xefR tile ir byte"; }},
      {"ir format", [](CacheKeyFields &f) { f.ir_format = "tile-mlir"; }},
      {"dialect major", [](CacheKeyFields &f) { f.ir_version.major = 2; }},
      {"dialect minor", [](CacheKeyFields &f) { f.ir_version.minor = 1; }},
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
      {"entry name", [](CacheKeyFields &f) { f.entry_name = "saxpy2"; }},
      {"plugin name", [](CacheKeyFields &f) { f.plugin_name = "amd2"; }},
      {"plugin version", [](CacheKeyFields &f) { f.plugin_version = "0.1.1"; }},
      {"plugin abi major", [](CacheKeyFields &f) { f.plugin_abi_major = 2; }},
      {"plugin abi minor", [](CacheKeyFields &f) { f.plugin_abi_minor = 1; }},
      {"host abi major", [](CacheKeyFields &f) { f.host_abi_major = 2; }},
      {"host abi minor", [](CacheKeyFields &f) { f.host_abi_minor = 1; }},
  };
  const CacheKey base = ComputeCacheKey(Base());
  std::set<std::string> seen = {base.hex};
  for (const Mutation& m : mutations) {
    CacheKeyFields f = Base();
    m.second(f);
    const CacheKey key = ComputeCacheKey(f);
    EXPECT_NE(key, base) << m.first;
    // Distinct from every other mutation too: no two fields alias.
    EXPECT_TRUE(seen.insert(key.hex).second) << m.first;
  }
}

TEST(CacheKeyTest, FieldBoundariesDoNotAlias) {
  CacheKeyFields a = Base();
  a.entry_name = "ab";
  a.plugin_name = "c";
  CacheKeyFields b = Base();
  b.entry_name = "a";
  b.plugin_name = "bc";
  EXPECT_NE(ComputeCacheKey(a), ComputeCacheKey(b));
}

TEST(CacheKeyTest, UnusedValueFieldsDoNotMatter) {
  // An int option's float_value is not part of its value.
  CacheKeyFields a = Base();
  CacheKeyFields b = Base();
  b.options.extra[0].floatValue = 7.5;
  EXPECT_EQ(ComputeCacheKey(a), ComputeCacheKey(b));
}

}  // namespace
}  // namespace tessel::runtime
