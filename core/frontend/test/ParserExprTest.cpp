// Expression syntax: precedence, associativity, trailers and displays.

#include "core/frontend/test/ParseHelpers.h"

#include <gtest/gtest.h>

namespace tessel::frontend::testing {
namespace {

struct Case {
  const char *src;
  const char *want;
};

class Precedence : public ::testing::TestWithParam<Case> {};

TEST_P(Precedence, Parenthesizes) { EXPECT_EQ(parenthesize(GetParam().src), GetParam().want); }

INSTANTIATE_TEST_SUITE_P(
    Ladder, Precedence,
    ::testing::Values(
        Case{"a + b * c", "(a + (b * c))"}, Case{"a - b - c", "((a - b) - c)"},
        Case{"a ** b ** c", "(a ** (b ** c))"}, Case{"-a ** b", "(-(a ** b))"},
        Case{"a ** -b", "(a ** (-b))"}, Case{"a * b // c % d @ e", "((((a * b) // c) % d) @ e)"},
        Case{"a << b + c", "(a << (b + c))"}, Case{"a & b << c", "(a & (b << c))"},
        Case{"a ^ b & c", "(a ^ (b & c))"}, Case{"a | b ^ c", "(a | (b ^ c))"},
        Case{"a < b | c", "(a < (b | c))"}, Case{"not a < b", "(not (a < b))"},
        Case{"a and not b", "(a and (not b))"}, Case{"a or b and c", "(a or (b and c))"},
        Case{"a or b or c", "((a or b) or c)"}, Case{"~a + -b - +c", "(((~a) + (-b)) - (+c))"},
        Case{"x if c else y", "(x if c else y)"},
        Case{"x if a or b else y if c else z", "(x if (a or b) else (y if c else z))"},
        Case{"a < b <= c != d", "(a < b <= c != d)"}, Case{"a is not None", "(a is not None)"},
        Case{"a not in b", "(a not in b)"}, Case{"(offs_m[:, None] < M) & (offs_n[None, :] < N)",
                                                  "((offs_m[:, None] < M) & (offs_n[None, :] < N))"},
        Case{"offs_k[None, :] < K - k * BLOC_K", "(offs_k[None, :] < (K - (k * BLOC_K)))"},
        Case{"(a + b) * c", "((a + b) * c)"}, Case{"-2 ** 2", "(-(2 ** 2))"}));

INSTANTIATE_TEST_SUITE_P(
    Trailers, Precedence,
    ::testing::Values(
        Case{"tl.load(p + o, mask=m, other=0.0)", "tl.load((p + o), mask=m, other=0.0)"},
        Case{"acc.to(tl.float16)", "acc.to(tl.float16)"}, Case{"f()(1)[2].x", "f()(1)[2].x"},
        Case{"x[1:2]", "x[1:2]"}, Case{"x[::2]", "x[::2]"}, Case{"x[:, None]", "x[:, None]"},
        Case{"x[None, :]", "x[None, :]"}, Case{"x[a:b:c, ...]", "x[a:b:c, ...]"},
        Case{"x[:]", "x[:]"}, Case{"f(a,)", "f(a)"}, Case{"f(\n  a,\n  b=1,\n)", "f(a, b=1)"},
        Case{"(1, 2)", "(1, 2)"}, Case{"(1,)", "(1,)"}, Case{"()", "()"}, Case{"[1, [2]]", "[1, [2]]"},
        Case{"[]", "[]"}, Case{"{'a': 1, \"b\": 2}", "{\"a\": 1, \"b\": 2}"}, Case{"'a' 'b'", "\"ab\""},
        Case{"a, b", "(a, b)"}, Case{"-float('inf')", "(-float(\"inf\"))"},
        Case{"triton.Config({'BLOC_M': 128}, num_warps=8)", "triton.Config({\"BLOC_M\": 128}, num_warps=8)"}));

INSTANTIATE_TEST_SUITE_P(
    Rejected, Precedence,
    ::testing::Values(
        Case{"lambda x: x", "error: unsupported Python construct: lambda expression"},
        Case{"f(*a)", "error: unsupported Python construct: starred expression '*'"},
        Case{"f(**k)", "error: unsupported Python construct: '**' unpacking"},
        Case{"[x for x in y]", "error: unsupported Python construct: list comprehension"},
        Case{"(x for x in y)", "error: unsupported Python construct: generator expression"},
        Case{"{x for x in y}", "error: unsupported Python construct: set comprehension"},
        Case{"{1, 2}", "error: unsupported Python construct: set literal"},
        Case{"{**a}", "error: unsupported Python construct: '**' unpacking in a dict"},
        Case{"(y := 1)", "error: unsupported Python construct: assignment expression ':='"},
        Case{"await x", "error: unsupported Python construct: 'await' expression"},
        Case{"a +", "error: expected an expression, found newline"},
        Case{"a not b", "error: expected 'in' after 'not', found 'b'"},
        Case{"f(a=1, a=2)", "error: keyword argument repeated: 'a'"},
        Case{"f(a=1, 2)", "error: positional argument follows keyword argument"},
        Case{"x[]", "error: expected an index or slice inside '[]'"},
        Case{"a.(b)", "error: expected an attribute name after '.', found '('"}));

TEST(ParserExpr, RangesCoverTheWholeExpression) {
  // Inside a kernel: at module level a call makes the line host code.
  Parsed p("@jit\ndef k():\n    x = tl.load(a_ptrs, mask=offs_k[None, :] < K, other=0.0)\n");
  ASSERT_FALSE(p.diags.hasErrors()) << p.firstError();
  const auto *assign = cast<AssignStmt>(p.body().at(0).get());
  const auto *call = cast<CallExpr>(assign->value.get());
  ASSERT_NE(call, nullptr);
  EXPECT_EQ(call->range.begin.col, 9u);
  EXPECT_EQ(call->range.end.col, 61u);
  const Keyword *mask = call->keyword("mask");
  ASSERT_NE(mask, nullptr);
  EXPECT_EQ(mask->nameRange.begin.col, 25u);
  const auto *cmp = cast<CompareExpr>(mask->value.get());
  ASSERT_NE(cmp, nullptr);
  const auto *sub = cast<SubscriptExpr>(cmp->first.get());
  ASSERT_NE(sub, nullptr);
  ASSERT_EQ(sub->indices.size(), 2u);
  EXPECT_TRUE(isa<NoneLiteral>(sub->indices[0].get()));
  const auto *slice = cast<SliceExpr>(sub->indices[1].get());
  ASSERT_NE(slice, nullptr);
  EXPECT_EQ(slice->lower, nullptr);
  EXPECT_EQ(slice->upper, nullptr);
  EXPECT_EQ(slice->range.begin.col, 43u);
}

TEST(ParserExpr, LiteralsKeepTheirValues) {
  Parsed p("a = 0x1F\nb = 1e-6\nc = 'x'\nd = True\ne = None\n");
  ASSERT_FALSE(p.diags.hasErrors()) << p.firstError();
  auto value = [&](size_t i) { return cast<AssignStmt>(p.module->globals.at(i).get())->value.get(); };
  EXPECT_EQ(cast<IntLiteral>(value(0))->value, 31u);
  EXPECT_EQ(cast<IntLiteral>(value(0))->spelling, "0x1F");
  EXPECT_DOUBLE_EQ(cast<FloatLiteral>(value(1))->value, 1e-6);
  EXPECT_EQ(cast<StringLiteral>(value(2))->value, "x");
  EXPECT_TRUE(cast<BoolLiteral>(value(3))->value);
  EXPECT_TRUE(isa<NoneLiteral>(value(4)));
}

TEST(ParserExpr, DottedNames) {
  Parsed p("a = triton.language.constexpr\nb = x[0].y\n");
  ASSERT_FALSE(p.diags.hasErrors()) << p.firstError();
  auto value = [&](size_t i) { return cast<AssignStmt>(p.module->globals.at(i).get())->value.get(); };
  EXPECT_EQ(dottedName(value(0)).value_or("?"), "triton.language.constexpr");
  EXPECT_FALSE(dottedName(value(1)).has_value());
}

TEST(ParserExpr, DeepNestingIsAnErrorNotACrash) {
  std::string deep(5000, '(');
  EXPECT_EQ(parenthesize(deep + "1" + std::string(5000, ')')),
            "error: expression is nested too deeply (more than 100 levels) "
            "(TESSEL_LIMIT_NESTING_DEPTH)");
  std::string unary(5000, '-');
  EXPECT_EQ(parenthesize(unary + "1"), "error: expression is nested too deeply (more "
                                       "than 100 levels) (TESSEL_LIMIT_NESTING_DEPTH)");
  std::string nots;
  for (int i = 0; i < 1000; ++i) nots += "not ";
  EXPECT_EQ(parenthesize(nots + "x"), "error: expression is nested too deeply (more "
                                      "than 100 levels) (TESSEL_LIMIT_NESTING_DEPTH)");
  std::string chain = "a";
  for (int i = 0; i < 3000; ++i) chain += " + a";
  EXPECT_EQ(parenthesize(chain), "error: expression is too complex (nested more than 1000 levels deep)");
  std::string attrs = "a";
  for (int i = 0; i < 3000; ++i) attrs += ".b";
  EXPECT_EQ(parenthesize(attrs), "error: expression is too complex (nested more than 1000 levels deep)");
}

TEST(ParserExpr, ModerateSizeIsAccepted) {
  std::string chain = "a";
  for (int i = 0; i < 500; ++i) chain += " + a";
  EXPECT_EQ(parenthesize(chain).rfind("error", 0), std::string::npos);
  std::string nested = std::string(100, '(') + "1" + std::string(100, ')');
  EXPECT_EQ(parenthesize(nested), "1");
}

} // namespace
} // namespace tessel::frontend::testing
