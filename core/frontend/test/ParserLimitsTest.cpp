// The parser's nesting-depth limit: long elif chains, deeply nested blocks
// and expressions are refused with one located error, quickly and without
// exhausting the stack; FrontendLimits::nestingDepth raises the limit.

#include "core/frontend/test/ParseHelpers.h"

#include <gtest/gtest.h>

namespace tessel::frontend::testing {
namespace {

/// A source parsed under explicit limits.
struct ParsedWith {
  SourceManager sm;
  DiagnosticEngine diags{sm};
  std::unique_ptr<Module> module;
  ParsedWith(const std::string &src, const FrontendLimits &limits) {
    module = parseFile(sm, sm.addFile("t.py", src), diags, limits);
  }
  std::string firstError() const {
    return diags.diagnostics().empty()
               ? ""
               : diags.renderHeader(diags.diagnostics().front());
  }
};

const char *const kJit = "import triton\n@triton.jit\n";

/// A kernel `k(n)` with an if/elif chain of `branches` branches; branch j's
/// header is on line 5 + 2j.
std::string elifChain(int branches) {
  std::string src = std::string(kJit) + "def k(n):\n    x = 0\n";
  for (int i = 0; i < branches; ++i)
    src += std::string(i ? "    elif" : "    if") + " n == " + std::to_string(i) +
           ":\n        x = " + std::to_string(i) + "\n";
  return src + "    return x\n";
}

/// A kernel `k(n)` with `depth` ifs nested one in the other, each indented
/// one more space; if number i (from 1) is on line i + 3.
std::string nestedIfs(int depth) {
  std::string src = std::string(kJit) + "def k(n):\n";
  for (int i = 1; i <= depth; ++i)
    src += std::string(i, ' ') + "if n:\n";
  return src + std::string(depth + 1, ' ') + "n = 1\n";
}

const char *const kTooDeep = "error: statements nested more than 100 levels deep (each "
                             "'elif' counts as one level) "
                             "(TESSEL_LIMIT_NESTING_DEPTH)";

TEST(ParserLimits, ALongElifChainIsRefusedOnceWhereItGetsTooDeep) {
  for (int branches : {4000, 100000}) {
    Parsed p(elifChain(branches));
    // The function body is level 1, the if's block level 2, and the block of
    // the elif of branch j level 2 + j.
    EXPECT_EQ(p.firstError(), std::string("t.py:203:5: ") + kTooDeep) << branches;
    EXPECT_EQ(p.diags.errorCount(), 1u) << p.diags.renderAll();
  }
  Parsed fine(elifChain(99));
  EXPECT_FALSE(fine.diags.hasErrors()) << fine.firstError();
}

TEST(ParserLimits, DeeplyNestedBlocksAreRefused) {
  // The lexer bounds indentation at 100 levels too, and says so one line
  // further down.
  for (int depth : {101, 3000}) {
    Parsed p(nestedIfs(depth));
    EXPECT_EQ(p.firstError(), std::string("t.py:103:101: ") + kTooDeep) << depth;
    EXPECT_LE(p.diags.errorCount(), 3u) << p.diags.renderAll();
  }
  Parsed fine(nestedIfs(98));
  EXPECT_FALSE(fine.diags.hasErrors()) << fine.firstError();
}

TEST(ParserLimits, TheOverrideRaisesTheNestingDepth) {
  FrontendLimits limits;
  limits.nestingDepth = 400;
  ParsedWith chain(elifChain(300), limits);
  EXPECT_FALSE(chain.diags.hasErrors()) << chain.firstError();
  std::string parens = std::string(kJit) + "def k(n):\n    return " +
                       std::string(300, '(') + "n" + std::string(300, ')') + "\n";
  ParsedWith deepExpr(parens, limits);
  EXPECT_FALSE(deepExpr.diags.hasErrors()) << deepExpr.firstError();
  Parsed refused(parens);
  EXPECT_EQ(refused.firstError(),
            "t.py:4:113: error: expression is nested too deeply (more than 100 "
            "levels) (TESSEL_LIMIT_NESTING_DEPTH)");
  limits.nestingDepth = 10;
  ParsedWith lowered(nestedIfs(12), limits);
  EXPECT_EQ(lowered.firstError(),
            "t.py:13:11: error: statements nested more than 10 levels deep (each "
            "'elif' counts as one level) (TESSEL_LIMIT_NESTING_DEPTH)");
}

} // namespace
} // namespace tessel::frontend::testing
