// The bad-program runner is only as good as its matching: these tests make
// sure a wrong location, a wrong message, a missing or an extra diagnostic
// each fail.

#include "core/frontend/test/Expectations.h"

#include <gtest/gtest.h>

namespace tessel::frontend::testing {
namespace {

TEST(Expectations, ParsesAllSeverities) {
  std::vector<std::string> problems;
  auto e = parseExpectations("x = 1\n# expect-error: 3:9: unexpected indent\n"
                             "  # expect-warning: 1:2: w\n# expect-note: 10:11: called from here\n",
                             problems);
  EXPECT_TRUE(problems.empty());
  ASSERT_EQ(e.size(), 3u);
  EXPECT_EQ(e[0].severity, Severity::Error);
  EXPECT_EQ(e[0].line, 3u);
  EXPECT_EQ(e[0].col, 9u);
  EXPECT_EQ(e[0].text, "unexpected indent");
  EXPECT_EQ(e[0].commentLine, 2u);
  EXPECT_EQ(e[1].severity, Severity::Warning);
  EXPECT_EQ(e[2].severity, Severity::Note);
  EXPECT_EQ(e[2].text, "called from here");
}

TEST(Expectations, ReportsMalformedComments) {
  std::vector<std::string> problems;
  auto e = parseExpectations("# expect-error: 3: no column\n# expect-eror: 1:1: typo\n"
                             "# expect-error: 1:1:\n",
                             problems);
  EXPECT_TRUE(e.empty());
  EXPECT_EQ(problems.size(), 3u);
}

class MatchTest : public ::testing::Test {
protected:
  MatchTest() : diags(sources) { file = sources.addFile("t.py", "a\nb\nc\n"); }
  std::vector<Expectation> expect(const std::string &text) {
    std::vector<std::string> problems;
    auto e = parseExpectations(text, problems);
    EXPECT_TRUE(problems.empty());
    return e;
  }
  SourceManager sources;
  DiagnosticEngine diags;
  uint32_t file;
};

TEST_F(MatchTest, ExactMatchPasses) {
  diags.error(SourceLoc{file, 2, 1}, "unexpected indent");
  EXPECT_TRUE(matchExpectations(expect("# expect-error: 2:1: unexpected"), diags).empty());
}

TEST_F(MatchTest, WrongColumnFails) {
  diags.error(SourceLoc{file, 2, 1}, "unexpected indent");
  EXPECT_EQ(matchExpectations(expect("# expect-error: 2:2: unexpected"), diags).size(), 2u);
}

TEST_F(MatchTest, WrongTextFails) {
  diags.error(SourceLoc{file, 2, 1}, "unexpected indent");
  EXPECT_EQ(matchExpectations(expect("# expect-error: 2:1: lambda"), diags).size(), 2u);
}

TEST_F(MatchTest, ExtraErrorFails) {
  diags.error(SourceLoc{file, 2, 1}, "first");
  diags.error(SourceLoc{file, 3, 1}, "second");
  auto problems = matchExpectations(expect("# expect-error: 2:1: first"), diags);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("unexpected error at 3:1"), std::string::npos);
}

TEST_F(MatchTest, NoDiagnosticFails) {
  EXPECT_EQ(matchExpectations(expect("# expect-error: 1:1: x"), diags).size(), 1u);
}

TEST_F(MatchTest, NotesAreCheckedOnlyWhenExpected) {
  diags.error(SourceLoc{file, 2, 1}, "bad call").addNote(SourceLoc{file, 1, 1}, "called from here");
  EXPECT_TRUE(matchExpectations(expect("# expect-error: 2:1: bad call"), diags).empty());
  EXPECT_TRUE(matchExpectations(expect("# expect-error: 2:1: bad call\n# expect-note: 1:1: called from"),
                                diags).empty());
  EXPECT_EQ(matchExpectations(expect("# expect-error: 2:1: bad call\n# expect-note: 3:1: called from"),
                              diags).size(), 2u);
}

} // namespace
} // namespace tessel::frontend::testing
