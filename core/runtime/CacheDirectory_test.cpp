//===- CacheDirectory_test.cpp - Tests of the cache location --------------===//
//
// The cache root: TESSEL_CACHE_DIR > $XDG_CACHE_HOME/tessel > ~/.cache/tessel.
//
//===----------------------------------------------------------------------===//

#include "core/runtime/CacheDirectory.h"

#include <gtest/gtest.h>
#include <stdlib.h>

namespace tessel::runtime {
namespace {

TEST(CacheDirectoryTest, TesselCacheDirWins) {
  CacheDirectoryEnvironment env;
  env.tesselCacheDir = "/srv/cache";
  env.xdgCacheHome = "/home/u/.xdg";
  env.home = "/home/u";
  auto root = cacheRootDirectory(env);
  ASSERT_TRUE(root.ok());
  EXPECT_EQ(*root, "/srv/cache");
}

TEST(CacheDirectoryTest, XdgCacheHomeWhenAbsolute) {
  CacheDirectoryEnvironment env;
  env.tesselCacheDir = ""; // set but empty: not given
  env.xdgCacheHome = "/home/u/.xdg";
  env.home = "/home/u";
  EXPECT_EQ(*cacheRootDirectory(env), "/home/u/.xdg/tessel");
  env.xdgCacheHome = "relative/dir"; // ignored, as the XDG rules say
  EXPECT_EQ(*cacheRootDirectory(env), "/home/u/.cache/tessel");
}

TEST(CacheDirectoryTest, HomeThenPasswordDatabase) {
  CacheDirectoryEnvironment env;
  env.home = "/home/u";
  env.passwordHome = "/var/lib/u";
  EXPECT_EQ(*cacheRootDirectory(env), "/home/u/.cache/tessel");
  env.home = "";
  EXPECT_EQ(*cacheRootDirectory(env), "/var/lib/u/.cache/tessel");
}

TEST(CacheDirectoryTest, NothingAppliesIsAnError) {
  auto root = cacheRootDirectory(CacheDirectoryEnvironment{});
  ASSERT_FALSE(root.ok());
  EXPECT_EQ(root.status().code(), TESSEL_ERROR_FAILED_PRECONDITION);
  EXPECT_NE(root.status().message().find("TESSEL_CACHE_DIR"), std::string::npos);
}

TEST(CacheDirectoryTest, ReadsTheProcessEnvironment) {
  ASSERT_EQ(setenv("TESSEL_CACHE_DIR", "/from/env", 1), 0);
  EXPECT_EQ(*cacheRootDirectory(), "/from/env");
  ASSERT_EQ(unsetenv("TESSEL_CACHE_DIR"), 0);
  ASSERT_EQ(setenv("XDG_CACHE_HOME", "/xdg/env", 1), 0);
  EXPECT_EQ(*cacheRootDirectory(), "/xdg/env/tessel");
  ASSERT_EQ(unsetenv("XDG_CACHE_HOME"), 0);
  ASSERT_EQ(setenv("HOME", "/home/env", 1), 0);
  EXPECT_EQ(*cacheRootDirectory(), "/home/env/.cache/tessel");
}

} // namespace
} // namespace tessel::runtime
