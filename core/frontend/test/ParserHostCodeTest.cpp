// Host code in kernel files: what the parser skips, what it keeps, and what
// it still reports.

#include "core/frontend/test/ParseHelpers.h"

#include <gtest/gtest.h>

namespace tessel::frontend::testing {
namespace {

TEST(ParserHostCode, LauncherIsSkippedAndItsNameKept) {
  Parsed p("import torch\n"
           "import triton\n"
           "@triton.jit\n"
           "def k(x_ptr, n):\n    pass\n"
           "\n"
           "def launch(x: torch.Tensor, *args, **kwargs):\n"
           "    grid = lambda meta: (triton.cdiv(n, meta['B']),)\n"
           "    k[grid](x, [i * 2 for i in range(4)])\n"
           "    print(f\"launched {x}\")\n"
           "    return x\n");
  ASSERT_FALSE(p.diags.hasErrors()) << p.firstError();
  ASSERT_EQ(p.module->functions.size(), 1u);
  ASSERT_EQ(p.module->hostCode.size(), 1u);
  const HostCode &h = p.module->hostCode[0];
  EXPECT_EQ(h.kind, HostCode::Kind::Function);
  ASSERT_EQ(h.names.size(), 1u);
  EXPECT_EQ(h.names[0], "launch");
  EXPECT_EQ(h.range.begin.line, 7u);
  EXPECT_EQ(h.range.end.line, 11u);
}

TEST(ParserHostCode, MainBlockAndStatementsAreHostCode) {
  Parsed p("import triton\n"
           "DEVICE = triton.runtime.driver.active.get_active_torch_device()\n"
           "torch.manual_seed(0)\n"
           "if __name__ == \"__main__\":\n"
           "    main()\n"
           "else:\n"
           "    pass\n"
           "for i in range(3): print(i)\n"
           "class Bench:\n    x = {k: v for k, v in []}\n"
           "@triton.jit\n"
           "def k():\n    pass\n");
  ASSERT_FALSE(p.diags.hasErrors()) << p.firstError();
  ASSERT_EQ(p.module->functions.size(), 1u);
  EXPECT_TRUE(p.module->globals.empty());
  ASSERT_EQ(p.module->hostCode.size(), 6u);
  const HostCode *device = p.module->findHostCode("DEVICE");
  ASSERT_NE(device, nullptr);
  EXPECT_EQ(device->kind, HostCode::Kind::Assignment);
  EXPECT_EQ(p.module->hostCode[2].kind, HostCode::Kind::Statement);
  EXPECT_EQ(p.module->hostCode[2].range.begin.line, 4u);
  EXPECT_EQ(p.module->hostCode[3].range.begin.line, 6u); // the `else:` clause
  const HostCode *bench = p.module->findHostCode("Bench");
  ASSERT_NE(bench, nullptr);
  EXPECT_EQ(bench->kind, HostCode::Kind::Class);
}

TEST(ParserHostCode, ConstantGlobalsStayKernelVisible) {
  Parsed p("import triton.language as tl\n"
           "BLOCK = 128\n"
           "A, B = 2 * BLOCK, -1\n"
           "HALF: tl.constexpr = tl.constexpr(BLOCK // 2)\n"
           "DT = tl.float16\n"
           "SIZES = torch.arange(4)\n");
  ASSERT_FALSE(p.diags.hasErrors()) << p.firstError();
  EXPECT_EQ(p.module->globals.size(), 4u);
  ASSERT_EQ(p.module->hostCode.size(), 1u);
  EXPECT_NE(p.module->findHostCode("SIZES"), nullptr);
}

TEST(ParserHostCode, DecoratedHostFunctionIsSkippedWhole) {
  Parsed p("@triton.testing.perf_report([Benchmark(x_vals=[2**i for i in range(4)])])\n"
           "@torch.no_grad()\n"
           "def bench(size):\n"
           "    return lambda: size\n"
           "@triton.autotune(configs=[], key=['n'])\n"
           "@triton.jit\n"
           "def k(n):\n    pass\n");
  ASSERT_FALSE(p.diags.hasErrors()) << p.firstError();
  ASSERT_EQ(p.module->hostCode.size(), 1u);
  EXPECT_EQ(p.module->hostCode[0].names.at(0), "bench");
  EXPECT_EQ(p.module->hostCode[0].range.begin.line, 1u);
  ASSERT_EQ(p.module->functions.size(), 1u);
  EXPECT_EQ(p.module->functions[0]->decorators.size(), 2u);
}

TEST(ParserHostCode, KernelsAreStillHeldToTheLanguage) {
  Parsed p("def host():\n    print(f\"ok {1}\")\n"
           "@triton.jit\n"
           "def k(x):\n"
           "    s = f\"{x}\"\n"
           "    g = lambda: 0\n");
  ASSERT_EQ(p.diags.errorCount(), 2u) << p.diags.renderAll();
  EXPECT_EQ(p.diags.diagnostics()[0].loc.line, 5u);
  EXPECT_NE(p.diags.diagnostics()[0].message.find("f-string"), std::string::npos);
  EXPECT_EQ(p.diags.diagnostics()[1].loc.line, 6u);
  EXPECT_NE(p.diags.diagnostics()[1].message.find("lambda"), std::string::npos);
}

TEST(ParserHostCode, RealLexicalErrorsInHostCodeAreReported) {
  Parsed p("def host():\n    s = 'unterminated\n");
  ASSERT_EQ(p.diags.errorCount(), 1u) << p.diags.renderAll();
  EXPECT_NE(p.diags.diagnostics()[0].message.find("unterminated string"), std::string::npos);
}

} // namespace
} // namespace tessel::frontend::testing
