//===- SkipFile_test.cpp - Tests of skip files ----------------------------===//

#include "conformance/runner/SkipFile.h"

#include <gtest/gtest.h>

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

} // namespace
} // namespace tessel::conformance
