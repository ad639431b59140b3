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

TEST(ParserHostCode, VersionCompatibilityImportsBindTheFirstBranch) {
  Parsed p("import triton\n"
           "try:\n"
           "    from triton.language.extra.libdevice import rsqrt\n"
           "except ModuleNotFoundError:\n"
           "    from triton.language.math import rsqrt, tanh\n"
           "if triton.__version__ >= \"3.0\":\n"
           "    from triton.language.extra import libdevice\n"
           "    BLOCK = 128\n"
           "else:\n"
           "    from triton.language import math as libdevice\n"
           "if __name__ == \"__main__\":\n"
           "    import torch\n"
           "    main()\n");
  ASSERT_FALSE(p.diags.hasErrors()) << p.firstError();
  ASSERT_EQ(p.module->imports.size(), 3u); // triton, the try body, the if body
  ASSERT_EQ(p.module->globals.size(), 1u);
  // The except branch's import is kept as host code, by name.
  const HostCode *tanh = p.module->findHostCode("tanh");
  ASSERT_NE(tanh, nullptr);
  EXPECT_EQ(tanh->kind, HostCode::Kind::Import);
  EXPECT_EQ(tanh->range.begin.line, 5u);
  const HostCode *torch = p.module->findHostCode("torch");
  ASSERT_NE(torch, nullptr);
  EXPECT_EQ(torch->kind, HostCode::Kind::Import);
}

TEST(ParserHostCode, DecoratorCallsAndHostOnlyDecoratorArguments) {
  Parsed p("import triton\n"
           "def _k(x_ptr, B: tl.constexpr):\n    pass\n"
           "k = triton.autotune(configs=[triton.Config({'B': b}) for b in [16, 32]],\n"
           "                    key=['n'])(triton.jit(_k))\n"
           "@triton.autotune(configs=[triton.Config({'B': b}) for b in (1, 2)], key=[])\n"
           "@triton.heuristics({'E': lambda args: args['B'] % 2 == 0,\n"
           "                    'F': lambda nargs: nargs['B'] * 2})\n"
           "@triton.jit\n"
           "def j(x_ptr, B: tl.constexpr, E: tl.constexpr, F: tl.constexpr):\n    pass\n"
           "def h(x_ptr):\n    pass\n"
           "h = triton.heuristics({'G': lambda a: 1})(triton.jit(h))\n");
  ASSERT_FALSE(p.diags.hasErrors()) << p.firstError();
  ASSERT_EQ(p.module->kernels().size(), 3u);
  const FunctionDef *j = p.module->findFunction("j");
  ASSERT_NE(j, nullptr);
  EXPECT_NE(j->findDecorator("autotune"), nullptr);
  ASSERT_EQ(j->heuristics.size(), 2u);
  EXPECT_EQ(j->heuristics[0].param, "E");
  EXPECT_EQ(j->heuristics[1].argName, "nargs");
  const FunctionDef *h = p.module->findFunction("h");
  ASSERT_NE(h, nullptr);
  ASSERT_EQ(h->heuristics.size(), 1u);
  EXPECT_EQ(h->heuristics[0].param, "G");
  // `k = ...(triton.jit(_k))` binds k to _k.
  ASSERT_EQ(p.module->globals.size(), 1u);
}

} // namespace
} // namespace tessel::frontend::testing
