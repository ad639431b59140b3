// Hostile input to the lowering: helpers that inline helpers, nested
// tl.static_range loops, huge tiles, constants past 64 bits, deep nesting and
// slow kernels. Each limit refuses with a located error and gives way to an
// override (FrontendLimits in KernelSpec).

#include "core/frontend/Limits.h"
#include "core/frontend/lowering/KernelLowering.h"

#include "mlir/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

namespace tessel::frontend {
namespace {

const char *const kHeader = "import triton\nimport triton.language as tl\n";

/// One compilation of a source string under given limits.
struct Compiled {
  SourceManager sources;
  DiagnosticEngine diags{sources};
  mlir::MLIRContext context;
  mlir::OwningOpRef<mlir::ModuleOp> module;

  Compiled(const std::string &body, const std::string &signature,
           FrontendLimits limits = FrontendLimits()) {
    KernelSpec spec{"k", signature, {}};
    spec.limits = limits;
    module = compileKernelSource("t.py", std::string(kHeader) + body, sources, diags,
                                 context, spec);
  }
  std::string errors() const { return diags.renderAll(); }
  /// The first error as `line:col: message`, or "" when there is none.
  std::string firstError() const {
    for (const Diagnostic &d : diags.diagnostics())
      if (d.severity == Severity::Error)
        return std::to_string(d.loc.line) + ":" + std::to_string(d.loc.col) + ": " +
               d.message;
    return "";
  }
  /// The types of the values every tile.store writes.
  std::vector<std::string> storedTypes() const {
    std::vector<std::string> out;
    if (mlir::ModuleOp m = module.get())
      m->walk([&](mlir::Operation *op) {
        if (op->getName().getStringRef() != "tile.store")
          return;
        std::string text;
        llvm::raw_string_ostream os(text);
        op->getOperand(1).getType().print(os);
        out.push_back(os.str());
      });
    return out;
  }
};

/// `depth` helpers h1..hN, each returning the call of the one below it, and
/// a kernel that stores what the top one returns. Lines: the header takes
/// 2, each helper 3.
std::string helperChain(int depth) {
  std::string src = "@triton.jit\ndef h0(x):\n    return x * 2 + 1\n";
  for (int i = 1; i <= depth; ++i)
    src += "@triton.jit\ndef h" + std::to_string(i) + "(x):\n    return h" +
           std::to_string(i - 1) + "(x)\n";
  src += "@triton.jit\ndef k(out_ptr):\n"
         "    offs = tl.arange(0, 128)\n"
         "    tl.store(out_ptr + offs, h" +
         std::to_string(depth) + "(offs.to(tl.float32)))\n";
  return src;
}

//===--- Helpers returning calls -------------------------------------------===//

TEST(HelperCalls, ReturnOfANestedCallKeepsItsValue) {
  Compiled c("@triton.jit\ndef g(x):\n    return x + 1\n"
             "@triton.jit\ndef f(x):\n    return g(x)\n"
             "@triton.jit\ndef k(out_ptr):\n"
             "    tl.store(out_ptr + tl.arange(0, 64), f(tl.arange(0, 64)))\n",
             "*i32");
  ASSERT_TRUE(c.module) << c.errors();
  EXPECT_EQ(c.storedTypes(), std::vector<std::string>{"tensor<64xi32>"});
}

TEST(HelperCalls, AChainOfNineHelpersReturningCallsCompiles) {
  for (int depth : {9, 12, 40}) {
    Compiled c(helperChain(depth), "*fp32");
    ASSERT_TRUE(c.module) << depth << ":\n" << c.errors();
    EXPECT_TRUE(mlir::succeeded(mlir::verify(*c.module)));
    EXPECT_EQ(c.storedTypes(), std::vector<std::string>{"tensor<128xf32>"}) << depth;
  }
}

TEST(HelperCalls, ReturnValuesOfNestedCallsInOneExpression) {
  // Both calls push frames while the return's expression is being lowered.
  Compiled c(helperChain(10) +
                 "@triton.jit\ndef two(x):\n    return h10(x) + h9(x) * h8(x)\n"
                 "@triton.jit\ndef k2(out_ptr):\n"
                 "    tl.store(out_ptr + tl.arange(0, 32), two(tl.zeros((32,), "
                 "dtype=tl.float16)))\n",
             "*fp32");
  ASSERT_TRUE(c.module) << c.errors();
}

TEST(HelperCalls, WhatOneCallLeavesPartlyDefinedDoesNotLeakIntoTheNext) {
  // Both helpers' environments live at the same place on the stack in turn.
  Compiled c("@triton.jit\ndef a(n):\n"
             "    if n > 0:\n"
             "        t = 1\n"
             "    return n\n"
             "@triton.jit\ndef b(n):\n"
             "    return t\n"
             "@triton.jit\ndef k(p, n):\n"
             "    tl.store(p, a(n) + b(n))\n",
             "*i32,i32");
  EXPECT_EQ(c.firstError(), "10:12: undefined name 't'") << c.errors();
}

//===--- Unrolled size --------------------------------------------------------===//

const char *const kNestedStatic = "@triton.jit\ndef k(p):\n"
                                  "    acc = 0\n"
                                  "    for i in tl.static_range(64):\n"
                                  "        for j in tl.static_range(128):\n"
                                  "            acc += 1\n"
                                  "    tl.store(p, acc)\n";

TEST(UnrolledSize, NestedStaticLoopsCountAsTheirProduct) {
  Compiled c(kNestedStatic, "*i32");
  EXPECT_FALSE(c.module);
  EXPECT_EQ(c.firstError(),
            "7:18: tl.static_range(128) inside static loops that unroll 64 times "
            "would unroll its body 8192 times, more than the limit of 4096 "
            "(TESSEL_LIMIT_UNROLLED_SIZE)");
}

TEST(UnrolledSize, TheHugeNestedLoopIsRefusedBeforeAnyWork) {
  Compiled c("@triton.jit\ndef k(p):\n"
             "    acc = 0\n"
             "    for i in tl.static_range(4096):\n"
             "        for j in tl.static_range(4096):\n"
             "            acc += i * j\n"
             "    tl.store(p, acc)\n",
             "*i32");
  EXPECT_FALSE(c.module);
  EXPECT_EQ(c.firstError().substr(0, 5), "7:18:") << c.errors();
  EXPECT_NE(c.firstError().find("16777216 times"), std::string::npos) << c.errors();
}

TEST(UnrolledSize, ASingleLoopOverTheLimitIsRefusedAtItsCall) {
  Compiled c("@triton.jit\ndef k(p):\n"
             "    for i in tl.static_range(0, 8194, 2):\n"
             "        tl.store(p, i)\n",
             "*i32");
  EXPECT_EQ(c.firstError(), "5:14: tl.static_range(0, 8194, 2) would unroll its body "
                            "4097 times, more than the limit of 4096 "
                            "(TESSEL_LIMIT_UNROLLED_SIZE)");
}

TEST(UnrolledSize, LoopsInInlinedHelpersMultiply) {
  Compiled c("@triton.jit\ndef inner(p):\n"
             "    for j in tl.static_range(128):\n"
             "        tl.store(p, j)\n"
             "@triton.jit\ndef k(p):\n"
             "    for i in tl.static_range(64):\n"
             "        inner(p)\n",
             "*i32");
  EXPECT_NE(c.firstError().find("8192 times"), std::string::npos) << c.errors();
}

TEST(UnrolledSize, TheOverrideRaisesTheLimit) {
  FrontendLimits limits;
  limits.unrolledSize = 8192;
  Compiled c(kNestedStatic, "*i32", limits);
  EXPECT_TRUE(c.module) << c.errors();
}

//===--- Tile elements --------------------------------------------------------===//

TEST(TileElements, HugeTilesAreRefusedAndTheOverrideRaisesTheLimit) {
  std::string src = "@triton.jit\ndef k(p):\n"
                    "    x = tl.zeros((2048, 1024), dtype=tl.float32)\n"
                    "    tl.store(p, tl.sum(tl.sum(x, 1), 0))\n";
  Compiled huge(src, "*fp32");
  EXPECT_EQ(huge.firstError(), "5:18: zeros: a tile of shape [2048, 1024] has more "
                               "than 1048576 elements");
  Compiled arange("@triton.jit\ndef k(p):\n    x = tl.arange(0, 1 << 30)\n", "*fp32");
  EXPECT_NE(arange.firstError().find("more than 1048576 elements"), std::string::npos)
      << arange.errors();
  Compiled zeros("@triton.jit\ndef k(p):\n    x = tl.zeros((65536, 65536), "
                 "dtype=tl.float32)\n",
                 "*fp32");
  EXPECT_NE(zeros.firstError().find("more than 1048576 elements"), std::string::npos)
      << zeros.errors();

  FrontendLimits limits;
  limits.tileElements = uint64_t(1) << 21;
  Compiled raised(src, "*fp32", limits);
  EXPECT_TRUE(raised.module) << raised.errors();
  limits.tileElements = 1024;
  Compiled lowered("@triton.jit\ndef k(p):\n    x = tl.arange(0, 2048)\n", "*fp32",
                   limits);
  EXPECT_EQ(lowered.firstError(),
            "5:9: arange: a tile of shape [2048] has more than 1024 elements");
}

//===--- Compile time ---------------------------------------------------------===//

TEST(CompileTime, ADeadlineStopsLoweringWithALocatedError) {
  // Each iteration is cheap, but the unrolled loop has many of them; with a
  // deadline already past, the first safe point stops lowering.
  FrontendLimits limits;
  limits.compileSeconds = 1;
  limits.unrolledSize = UINT64_MAX;
  Compiled c("@triton.jit\ndef k(p):\n"
             "    acc = 0\n"
             "    for i in tl.static_range(1 << 12):\n"
             "        for j in tl.static_range(1 << 12):\n"
             "            for m in tl.static_range(1 << 12):\n"
             "                acc += i * j\n"
             "    tl.store(p, acc)\n",
             "*i32", limits);
  EXPECT_FALSE(c.module);
  EXPECT_NE(c.firstError().find("compile time limit of 1 s exceeded while lowering k"),
            std::string::npos)
      << c.errors();
}

TEST(CompileTime, NoLimitAndAGenerousOneLetKernelsCompile) {
  FrontendLimits limits;
  limits.compileSeconds = 0;
  Compiled unlimited(kNestedStatic, "*i32", [&] {
    FrontendLimits l = limits;
    l.unrolledSize = 8192;
    return l;
  }());
  EXPECT_TRUE(unlimited.module) << unlimited.errors();
  limits.compileSeconds = 3600;
  Compiled generous(helperChain(9), "*fp32", limits);
  EXPECT_TRUE(generous.module) << generous.errors();
}

//===--- Integer constants -----------------------------------------------------===//

/// The first error of folding `expr` into a constexpr stored to an i64.
std::string foldError(const std::string &expr) {
  Compiled c("@triton.jit\ndef k(p):\n    tl.store(p, " + expr + ")\n", "*i64");
  return c.firstError();
}

TEST(IntegerConstants, ArithmeticPast64BitsIsAnError) {
  EXPECT_EQ(foldError("2 ** 64"),
            "5:19: integer constant 2 ** 64 does not fit in 64 bits");
  EXPECT_EQ(foldError("2 ** 63"),
            "5:19: integer constant 2 ** 63 does not fit in 64 bits");
  EXPECT_EQ(foldError("(-2) ** 63"), "");
  EXPECT_EQ(foldError("9223372036854775807 + 1"),
            "5:37: integer constant 9223372036854775807 + 1 does not fit in 64 bits");
  EXPECT_EQ(foldError("-9223372036854775807 - 2"),
            "5:38: integer constant -9223372036854775807 - 2 does not fit in 64 bits");
  EXPECT_EQ(foldError("4294967296 * 4294967296"),
            "5:28: integer constant 4294967296 * 4294967296 does not fit in 64 bits");
  EXPECT_EQ(foldError("1 << 63"),
            "5:19: integer constant 1 << 63 does not fit in 64 bits");
  EXPECT_EQ(foldError("3 << 62"),
            "5:19: integer constant 3 << 62 does not fit in 64 bits");
  EXPECT_EQ(foldError("1 << 62"), "");
  EXPECT_EQ(foldError("-1 << 63"), "");
  EXPECT_EQ(
      foldError("(-9223372036854775807 - 1) // -1"),
      "5:44: integer constant -9223372036854775808 // -1 does not fit in 64 bits");
  EXPECT_EQ(foldError("(-9223372036854775807 - 1) % -1"), "");
  EXPECT_EQ(foldError("-(-9223372036854775807 - 1)"),
            "5:17: integer constant -(-9223372036854775808) does not fit in 64 bits");
  EXPECT_EQ(
      foldError("abs(-9223372036854775807 - 1)").find("does not fit in 64 bits") !=
          std::string::npos,
      true);
  EXPECT_EQ(foldError("7 ** 23"),
            "5:19: integer constant 7 ** 23 does not fit in 64 bits");
  EXPECT_EQ(foldError("7 ** 23 - 7 ** 23"),
            "5:19: integer constant 7 ** 23 does not fit in 64 bits");
  EXPECT_EQ(foldError("3 ** 39 + (1 ** 1000) + 0 ** 1000"), "");
}

TEST(IntegerConstants, FoldedValuesFollowPython) {
  Compiled c("@triton.jit\ndef k(p):\n"
             "    tl.static_assert((-1) ** 1001 == -1)\n"
             "    tl.static_assert((-2) ** 63 == -9223372036854775807 - 1)\n"
             "    tl.static_assert(3 ** 39 == 4052555153018976267)\n"
             "    tl.static_assert(0 << 100 == 0)\n"
             "    tl.static_assert(-5 >> 100 == -1)\n"
             "    tl.static_assert(5 >> 100 == 0)\n"
             "    tl.static_assert(-7 // 2 == -4)\n"
             "    tl.static_assert(-7 % 3 == 2)\n"
             "    tl.store(p, 1)\n",
             "*i64");
  EXPECT_TRUE(c.module) << c.errors();
}

TEST(IntegerConstants, AConstantMustFitTheTypeItMeets) {
  Compiled c("@triton.jit\ndef k(p):\n"
             "    x = tl.load(p)\n"
             "    tl.store(p, x + 300)\n",
             "*i8");
  EXPECT_EQ(c.firstError(), "6:19: the constant 300 does not fit in i8");
  Compiled fits("@triton.jit\ndef k(p):\n"
                "    x = tl.load(p)\n"
                "    tl.store(p, (x + 127) & 127)\n",
                "*i8");
  EXPECT_TRUE(fits.module) << fits.errors();
  Compiled u32("@triton.jit\ndef k(p):\n"
               "    x = tl.load(p)\n"
               "    tl.store(p, (x ^ 0xFFFFFFFF) + (1 << 32))\n",
               "*u32");
  EXPECT_NE(u32.firstError().find("the constant 4294967296 does not fit in u32"),
            std::string::npos)
      << u32.errors();
}

//===--- Nesting depth ---------------------------------------------------------===//

/// A kernel with an if/elif chain of `branches` branches.
std::string elifChain(int branches) {
  std::string src = "@triton.jit\ndef k(p, n):\n    x = 0\n";
  for (int i = 0; i < branches; ++i)
    src += std::string(i ? "    elif" : "    if") + " n == " + std::to_string(i) +
           ":\n        x = " + std::to_string(i) + "\n";
  return src + "    tl.store(p, x)\n";
}

TEST(NestingDepth, ALongElifChainIsRefusedWhereItGetsTooDeep) {
  Compiled c(elifChain(4000), "*i32,i32");
  EXPECT_FALSE(c.module);
  // The block of the elif of branch 99 is the first one too deep.
  EXPECT_EQ(c.firstError(), "204:5: statements nested more than 100 levels deep (each "
                            "'elif' counts as one level) (TESSEL_LIMIT_NESTING_DEPTH)");
  Compiled fine(elifChain(90), "*i32,i32");
  EXPECT_TRUE(fine.module) << fine.errors();
  FrontendLimits limits;
  limits.nestingDepth = 400;
  Compiled raised(elifChain(300), "*i32,i32", limits);
  EXPECT_TRUE(raised.module) << raised.errors();
}

TEST(NestingDepth, BlocksOfInlinedHelpersAddToTheirCallers) {
  // Each helper nests two blocks (its body and an if) and calls the next.
  std::string src = "@triton.jit\ndef h0(x):\n    return x\n";
  for (int i = 1; i <= 60; ++i)
    src += "@triton.jit\ndef h" + std::to_string(i) +
           "(x):\n    y = x\n    if x > 0:\n        y = h" + std::to_string(i - 1) +
           "(x)\n    return y\n";
  src += "@triton.jit\ndef k(p, n):\n    tl.store(p, h60(n))\n";
  Compiled c(src, "*i32,i32");
  EXPECT_FALSE(c.module);
  EXPECT_NE(c.firstError().find("nested more than 100 levels deep"), std::string::npos)
      << c.errors();
  FrontendLimits limits;
  limits.nestingDepth = 200;
  Compiled raised(src, "*i32,i32", limits);
  EXPECT_TRUE(raised.module) << raised.errors();
}

} // namespace
} // namespace tessel::frontend
