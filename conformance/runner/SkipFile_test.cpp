//===- SkipFile_test.cpp - Tests of skip files ----------------------------===//

#include "conformance/runner/SkipFile.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

namespace tessel::conformance {
namespace {

TEST(SkipFile, ParsesEntriesWithReasons) {
  auto list = SkipList::parse("# comment\n\narith/*/fp8e4m3   # no fp8 arithmetic\n  "
                              "dot/fp8*  #  no fp8 dot \n",
                              "skips.txt");
  ASSERT_TRUE(list.ok()) << list.status().toString();
  ASSERT_EQ(list->entries().size(), 2u);
  EXPECT_EQ(list->entries()[0].glob, "arith/*/fp8e4m3");
  EXPECT_EQ(list->entries()[0].line, 3);
  EXPECT_EQ(list->entries()[1].reason, "no fp8 dot");
  const SkipEntry *e = list->match("arith/add/fp8e4m3");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->reason, "no fp8 arithmetic");
  EXPECT_EQ(list->match("arith/add/fp16"), nullptr);
  // `*` crosses '/', so one glob covers a family.
  EXPECT_NE(list->match("dot/fp8e5m2->fp32/16x16x16"), nullptr);
}

TEST(SkipFile, EveryEntryNeedsAReason) {
  auto missing = SkipList::parse("memory/*\n", "p/skips.txt");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.status().message().find("p/skips.txt:1: "), std::string::npos);
  EXPECT_NE(missing.status().message().find("has no reason"), std::string::npos);
  auto empty = SkipList::parse("\n\nmemory/*   #   \n", "s");
  ASSERT_FALSE(empty.ok());
  EXPECT_NE(empty.status().message().find("s:3: "), std::string::npos);
  auto spaced = SkipList::parse("memory/a b # why\n", "s");
  EXPECT_FALSE(spaced.ok());
}

TEST(SkipFile, MissingFileIsAnError) {
  auto list = SkipList::load("/nonexistent/skips.txt");
  ASSERT_FALSE(list.ok());
  EXPECT_NE(list.status().message().find("/nonexistent/skips.txt"), std::string::npos);
}

TEST(SkipFile, OnlyRegularFilesOfBoundedSizeAreRead) {
  // An endless device must not be read until memory runs out.
  auto zero = SkipList::load("/dev/zero");
  ASSERT_FALSE(zero.ok());
  EXPECT_NE(zero.status().message().find("skip file '/dev/zero': not a regular file"),
            std::string::npos)
      << zero.status().message();
  auto dir = SkipList::load("/");
  ASSERT_FALSE(dir.ok());
  EXPECT_NE(dir.status().message().find("not a regular file"), std::string::npos);

  const char *tmp = std::getenv("TEST_TMPDIR");
  const std::string big = std::string(tmp != nullptr ? tmp : "/tmp") + "/big_skips.txt";
  {
    std::ofstream out(big, std::ios::binary | std::ios::trunc);
    out.seekp(8 << 20); // larger than any skip list needs to be
    out.put('\n');
  }
  auto tooBig = SkipList::load(big);
  ASSERT_FALSE(tooBig.ok());
  EXPECT_NE(tooBig.status().message().find("too large"), std::string::npos)
      << tooBig.status().message();
}

} // namespace
} // namespace tessel::conformance
