// Statement syntax, module structure and error recovery.

#include "core/frontend/test/ParseHelpers.h"

#include <gtest/gtest.h>

namespace tessel::frontend::testing {
namespace {

TEST(ParserStmt, ModuleSortsImportsFunctionsAndGlobals) {
  Parsed p("\"\"\"Module docstring.\"\"\"\n"
           "import triton\n"
           "import triton.language as tl\n"
           "from triton.language import math as m, core\n"
           "from . import helpers\n"
           "BLOCK = 128\n"
           "@triton.jit\n"
           "def kernel(x):\n    pass\n"
           "def helper(y):\n    return y\n");
  ASSERT_FALSE(p.diags.hasErrors()) << p.firstError();
  ASSERT_EQ(p.module->imports.size(), 4u);
  const auto *imp = cast<ImportStmt>(p.module->imports[1].get());
  ASSERT_NE(imp, nullptr);
  EXPECT_EQ(imp->names[0].name, "triton.language");
  EXPECT_EQ(imp->names[0].boundName(), "tl");
  EXPECT_EQ(cast<ImportStmt>(p.module->imports[0].get())->names[0].boundName(), "triton");
  const auto *from = cast<ImportFromStmt>(p.module->imports[2].get());
  ASSERT_NE(from, nullptr);
  EXPECT_EQ(from->module, "triton.language");
  ASSERT_EQ(from->names.size(), 2u);
  EXPECT_EQ(from->names[0].boundName(), "m");
  EXPECT_EQ(from->names[1].boundName(), "core");
  EXPECT_EQ(cast<ImportFromStmt>(p.module->imports[3].get())->level, 1u);
  EXPECT_EQ(p.module->globals.size(), 1u);
  ASSERT_EQ(p.module->kernels().size(), 1u);
  EXPECT_EQ(p.module->kernels()[0]->name, "kernel");
  // A function without a jit decorator is host code: skipped, name kept.
  EXPECT_EQ(p.module->functions.size(), 1u);
  EXPECT_EQ(p.module->findFunction("helper"), nullptr);
  ASSERT_EQ(p.module->hostCode.size(), 1u);
  const HostCode *helper = p.module->findHostCode("helper");
  ASSERT_NE(helper, nullptr);
  EXPECT_EQ(helper->kind, HostCode::Kind::Function);
  EXPECT_EQ(helper->range.begin.line, 10u);
  EXPECT_EQ(p.module->findFunction("nope"), nullptr);
}

TEST(ParserStmt, DecoratorsWithArguments) {
  Parsed p("@triton.autotune(configs=[triton.Config({'B': 64}, num_warps=4)], key=['n'])\n"
           "@triton.jit\n"
           "def k(x_ptr, n, B: tl.constexpr, scale: tl.float32 = 1.0) -> None:\n"
           "    pass\n"
           "@jit\ndef j():\n    pass\n"
           "@triton.jit(do_not_specialize=['n'])\ndef i(n):\n    pass\n");
  ASSERT_FALSE(p.diags.hasErrors()) << p.firstError();
  const FunctionDef &k = *p.module->functions[0];
  ASSERT_EQ(k.decorators.size(), 2u);
  EXPECT_TRUE(k.isJit());
  const auto *autotune = cast<CallExpr>(k.findDecorator("autotune"));
  ASSERT_NE(autotune, nullptr);
  ASSERT_NE(autotune->keyword("configs"), nullptr);
  EXPECT_TRUE(isa<ListExpr>(autotune->keyword("configs")->value.get()));
  ASSERT_EQ(k.params.size(), 4u);
  EXPECT_FALSE(k.params[0].isConstexpr());
  EXPECT_TRUE(k.params[2].isConstexpr());
  EXPECT_EQ(dottedName(k.params[3].annotation.get()).value_or(""), "tl.float32");
  ASSERT_NE(k.params[3].defaultValue, nullptr);
  EXPECT_NE(k.returns, nullptr);
  EXPECT_EQ(k.params[2].range.begin.line, 3u);
  EXPECT_EQ(k.params[2].range.begin.col, 17u);
  EXPECT_TRUE(p.module->functions[1]->isJit());
  EXPECT_TRUE(p.module->functions[2]->isJit());
  EXPECT_EQ(p.module->kernels().size(), 3u);
}

TEST(ParserStmt, ControlFlow) {
  Parsed p("@jit\ndef f(n):\n"
           "    for i in range(0, n):\n"
           "        if i == 0:\n"
           "            continue\n"
           "        elif i > 4:\n"
           "            break\n"
           "        else:\n"
           "            pass\n"
           "    for j in tl.static_range(4):\n"
           "        pass\n"
           "    for a, b in tl.range(0, n, 2, num_stages=3):\n"
           "        pass\n"
           "    while n > 0:\n"
           "        n -= 1\n"
           "    assert n == 0, \"n must reach zero\"\n"
           "    assert n >= 0\n"
           "    return n, n\n");
  ASSERT_FALSE(p.diags.hasErrors()) << p.firstError();
  const Block &b = p.body();
  ASSERT_EQ(b.size(), 7u);
  const auto *loop = cast<ForStmt>(b[0].get());
  ASSERT_NE(loop, nullptr);
  const auto *ifs = cast<IfStmt>(loop->body[0].get());
  ASSERT_NE(ifs, nullptr);
  ASSERT_EQ(ifs->elseBody.size(), 1u);
  const auto *elif = cast<IfStmt>(ifs->elseBody[0].get());
  ASSERT_NE(elif, nullptr);
  EXPECT_TRUE(elif->isElif);
  EXPECT_TRUE(isa<BreakStmt>(elif->thenBody[0].get()));
  EXPECT_TRUE(isa<PassStmt>(elif->elseBody[0].get()));
  EXPECT_TRUE(isa<TupleExpr>(cast<ForStmt>(b[2].get())->target.get()));
  const auto *w = cast<WhileStmt>(b[3].get());
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(cast<AugAssignStmt>(w->body[0].get())->op, BinaryOp::Sub);
  const auto *as = cast<AssertStmt>(b[4].get());
  ASSERT_NE(as, nullptr);
  EXPECT_EQ(cast<StringLiteral>(as->message.get())->value, "n must reach zero");
  EXPECT_EQ(cast<AssertStmt>(b[5].get())->message, nullptr);
  EXPECT_TRUE(isa<TupleExpr>(cast<ReturnStmt>(b[6].get())->value.get()));
  // A statement's range ends at its last token, not at the next line.
  EXPECT_EQ(loop->range.begin.line, 3u);
  EXPECT_EQ(loop->range.end.line, 9u);
  EXPECT_EQ(p.module->functions[0]->range.end.line, 18u);
}

TEST(ParserStmt, Assignments) {
  Parsed p("@jit\ndef f(x):\n"
           "    a, b = x, x\n"
           "    (c, d) = [e, g] = x\n"
           "    x.y = 1\n"
           "    x[0, :] = 2\n"
           "    acc: tl.float32 = 0.0\n"
           "    a_ptrs += 4 * s\n"
           "    a **= 2; b //= 3\n"
           "    tl.store(x, a)\n");
  ASSERT_FALSE(p.diags.hasErrors()) << p.firstError();
  const Block &b = p.body();
  ASSERT_EQ(b.size(), 9u);
  EXPECT_EQ(cast<AssignStmt>(b[0].get())->targets.size(), 1u);
  EXPECT_EQ(cast<AssignStmt>(b[1].get())->targets.size(), 2u);
  EXPECT_TRUE(isa<AnnAssignStmt>(b[4].get()));
  EXPECT_EQ(cast<AugAssignStmt>(b[6].get())->op, BinaryOp::Pow);
  EXPECT_EQ(cast<AugAssignStmt>(b[7].get())->op, BinaryOp::FloorDiv);
  EXPECT_TRUE(isa<ExprStmt>(b[8].get()));
}

TEST(ParserStmt, SameLineSuites) {
  Parsed p("@jit\ndef f(x):\n    if x: return 1\n    for i in range(2): x += i; x -= 1\n    return x\n");
  ASSERT_FALSE(p.diags.hasErrors()) << p.firstError();
  ASSERT_EQ(p.body().size(), 3u);
  EXPECT_EQ(cast<ForStmt>(p.body()[1].get())->body.size(), 2u);
}

TEST(ParserStmt, BreakInsideHelperInsideLoopIsStillOutsideLoop) {
  Parsed p("@jit\ndef f(x):\n    while x:\n        x = 0\n    break\n");
  EXPECT_EQ(p.firstError(), "t.py:5:5: error: 'break' outside loop");
}

TEST(ParserStmt, RecoversAndReportsIndependentErrors) {
  Parsed p("@jit\ndef f(x):\n"
           "    y = lambda: 1\n"
           "    with x:\n"
           "        z = 1\n"
           "        z = 2\n"
           "    q = x +\n"
           "    return x\n"
           "@jit\ndef g(y):\n"
           "    return y\n");
  ASSERT_EQ(p.diags.errorCount(), 3u) << p.diags.renderAll();
  EXPECT_EQ(p.diags.diagnostics()[0].loc.line, 3u);
  EXPECT_EQ(p.diags.diagnostics()[1].loc.line, 4u);
  EXPECT_EQ(p.diags.diagnostics()[2].loc.line, 7u);
  ASSERT_EQ(p.module->functions.size(), 2u);
  EXPECT_EQ(p.body().size(), 1u); // only `return x` survived in f
  EXPECT_EQ(p.module->functions[1]->name, "g");
}

TEST(ParserStmt, ErrorCountIsBounded) {
  std::string src = "@jit\ndef f(x):\n";
  for (int i = 0; i < 500; ++i) src += "    del x\n";
  Parsed p(src);
  EXPECT_EQ(p.diags.errorCount(), 101u);
  EXPECT_EQ(p.diags.diagnostics().back().message, "too many errors; stopping");
}

TEST(ParserStmt, DeepBlockNestingIsAnError) {
  std::string src = "@jit\ndef f(x):\n";
  for (int i = 1; i < 120; ++i) src += std::string(4 * i, ' ') + "if x:\n";
  src += std::string(4 * 120, ' ') + "pass\n";
  Parsed p(src);
  EXPECT_NE(p.diags.renderAll().find("too many levels of indentation"), std::string::npos);
}

TEST(ParserStmt, DumpShowsTreeAndRanges) {
  Parsed p("import triton\n@triton.jit\ndef k(n: tl.constexpr):\n    x = -n\n");
  ASSERT_FALSE(p.diags.hasErrors()) << p.firstError();
  EXPECT_EQ(dumpModule(*p.module),
            "Module \"t.py\"\n"
            "  Import <1:1-1:14>\n"
            "    Alias triton <1:8-1:14>\n"
            "  FunctionDef k kernel <2:1-4:11>\n"
            "    Decorator\n"
            "      Attribute .jit <2:2-2:12>\n"
            "        Name triton <2:2-2:8>\n"
            "    Param n constexpr <3:7-3:22>\n"
            "      Annotation\n"
            "        Attribute .constexpr <3:10-3:22>\n"
            "          Name tl <3:10-3:12>\n"
            "    Body\n"
            "      Assign <4:5-4:11>\n"
            "        Target\n"
            "          Name x <4:5-4:6>\n"
            "        Value\n"
            "          Unary - <4:9-4:11>\n"
            "            Name n <4:10-4:11>\n");
}

TEST(ParserStmt, EmptyAndCommentOnlyFilesAreEmptyModules) {
  for (const char *src : {"", "\n\n", "# only a comment\n", "   \n\t\n"}) {
    Parsed p(src);
    EXPECT_FALSE(p.diags.hasErrors()) << src << p.firstError();
    EXPECT_TRUE(p.module->functions.empty());
  }
}

} // namespace
} // namespace tessel::frontend::testing
