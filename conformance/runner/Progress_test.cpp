//===- Progress_test.cpp - The progress bar and its time left -------------===//

#include "conformance/runner/Progress.h"

#include <gtest/gtest.h>

#include <cstdio>

namespace tessel::conformance {
namespace {

TEST(Eta, IsTheMeanTimeOfTheCasesDoneTimesTheCasesLeft) {
  EXPECT_EQ(etaText(20, 10, 100), " ETA 3m00s"); // 2 s a case, 90 left
  EXPECT_EQ(etaText(10.4, 1, 3), " ETA 0m20s");  // 20.8 s: whole seconds
  EXPECT_EQ(etaText(3, 2, 10), " ETA 0m12s");
  // Past an hour the minutes keep counting.
  EXPECT_EQ(etaText(7.3, 1, 1000), " ETA 121m32s");
}

TEST(Eta, NoneBeforeTheFirstCaseAndZeroAtTheEnd) {
  EXPECT_EQ(etaText(5, 0, 100), "");
  EXPECT_EQ(etaText(300, 100, 100), " ETA 0m00s");
  EXPECT_EQ(etaText(300, 101, 100), " ETA 0m00s");
}

TEST(ProgressLine, ShowsTheBarTheCountsAndTheCase) {
  RunSummary soFar;
  soFar.results = {{"a", Outcome::kPass, "", "", 0},
                   {"b", Outcome::kValidated, "", "", 0},
                   {"c", Outcome::kFail, "x", "", 0}};
  const std::string line = progressLine(3, 10, 6, soFar, "memory/copy/fp32");
  EXPECT_EQ(line.substr(0, 47), "[#########.....................] 3/10 ETA 0m14s")
      << line;
  EXPECT_NE(line.find("pass 2 fail 1 error 0  memory/copy/fp32"), std::string::npos)
      << line;
  // A long id keeps its end, which tells cases apart.
  const std::string id(60, 'x');
  EXPECT_NE(progressLine(3, 10, 6, soFar, id + "/end")
                .find("..." + std::string(33, 'x') + "/end"),
            std::string::npos);
  // Counted past the total: a full bar, not an overflow.
  EXPECT_EQ(progressLine(11, 10, 6, soFar, "").substr(0, 32),
            "[" + std::string(30, '#') + "]");
}

TEST(Progress, WritesNothingWhenTheStreamIsNotATerminal) {
  std::FILE *file = std::tmpfile();
  ASSERT_NE(file, nullptr);
  Progress progress(file, 10);
  progress.update(5, RunSummary(), "a/case");
  progress.finish();
  EXPECT_EQ(std::ftell(file), 0L);
  std::fclose(file);
}

} // namespace
} // namespace tessel::conformance
