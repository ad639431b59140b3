#include "core/frontend/Diagnostics.h"

#include <gtest/gtest.h>

namespace tessel::frontend {
namespace {

TEST(Diagnostics, RendersHeaderLineAndCaret) {
  SourceManager sm;
  uint32_t f = sm.addFile("k.py", "def k(x):\n        y = x\n");
  DiagnosticEngine d(sm);
  d.error(SourceLoc{f, 2, 9}, "unexpected indent");
  EXPECT_EQ(d.renderAll(), "k.py:2:9: error: unexpected indent\n"
                           "        y = x\n"
                           "        ^\n");
  EXPECT_TRUE(d.hasErrors());
  EXPECT_EQ(d.errorCount(), 1u);
}

TEST(Diagnostics, NotesFollowTheirError) {
  SourceManager sm;
  uint32_t f = sm.addFile("k.py", "a = f(1)\nb = 2\n");
  DiagnosticEngine d(sm);
  d.error(SourceLoc{f, 2, 5}, "bad value").addNote(SourceLoc{f, 1, 5}, "called from here");
  EXPECT_EQ(d.renderAll(), "k.py:2:5: error: bad value\n"
                           "b = 2\n"
                           "    ^\n"
                           "k.py:1:5: note: called from here\n"
                           "a = f(1)\n"
                           "    ^\n");
  EXPECT_EQ(d.errorCount(), 1u); // notes are not errors
}

TEST(Diagnostics, CaretKeepsTabsAndCountsCodePoints) {
  SourceManager sm;
  // "é" is two bytes but one column; the tab is copied so the caret aligns.
  uint32_t f = sm.addFile("k.py", "\tdébut = $\n");
  DiagnosticEngine d(sm);
  d.error(SourceLoc{f, 1, 10}, "invalid character");
  EXPECT_EQ(d.render(d.diagnostics().front()), "k.py:1:10: error: invalid character\n"
                                               "\tdébut = $\n"
                                               "\t        ^\n");
}

TEST(Diagnostics, WarningsDoNotCountAsErrors) {
  SourceManager sm;
  uint32_t f = sm.addFile("k.py", "x\n");
  DiagnosticEngine d(sm);
  d.warning(SourceLoc{f, 1, 1}, "w");
  EXPECT_FALSE(d.hasErrors());
  EXPECT_EQ(d.renderHeader(d.diagnostics().front()), "k.py:1:1: warning: w");
}

TEST(Diagnostics, LocationlessDiagnosticHasNoQuote) {
  SourceManager sm;
  DiagnosticEngine d(sm);
  d.error(SourceLoc{}, "cannot open file");
  EXPECT_EQ(d.renderAll(), "error: cannot open file\n");
}

TEST(SourceManager, SplitsLinesOnAnyTerminator) {
  SourceManager sm;
  uint32_t f = sm.addFile("k.py", "a\r\nb\rc\nd");
  EXPECT_EQ(sm.lineCount(f), 4u);
  EXPECT_EQ(sm.line(f, 1), "a");
  EXPECT_EQ(sm.line(f, 2), "b");
  EXPECT_EQ(sm.line(f, 3), "c");
  EXPECT_EQ(sm.line(f, 4), "d");
  EXPECT_EQ(sm.line(f, 5), "");
  EXPECT_EQ(sm.name(99), "<unknown>");
}

} // namespace
} // namespace tessel::frontend
