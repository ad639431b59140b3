// Whole kernel files parse without a diagnostic: the seed vector add exactly
// as printed in the source document (host launcher included) and its kernel
// alone, the seed grouped GEMM bare and with its imports and autotune
// decorator, and softmax, layer norm and flash-attention kernels.

#include "core/frontend/ASTPrinter.h"
#include "core/frontend/Parser.h"
#include "core/frontend/lowering/KernelLowering.h"
#include "core/frontend/test/TestFiles.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"

#include <gtest/gtest.h>

#include <cctype>

namespace tessel::frontend::testing {
namespace {

const char *const kKernelDir = "core/frontend/test/kernels";

/// A kernel file parsed from the test data.
struct KernelFile {
  SourceManager sm;
  DiagnosticEngine diags{sm};
  std::unique_ptr<Module> module;
  explicit KernelFile(const std::string &path) {
    bool ok = false;
    std::string text = readFile(path, ok);
    EXPECT_TRUE(ok) << "cannot read " << path;
    module = parseFile(sm, sm.addFile(path, text), diags);
  }
};

std::string kernelPath(const std::string &name) {
  return workspacePath(kKernelDir) + "/" + name;
}

class KernelParses : public ::testing::TestWithParam<std::string> {};

TEST_P(KernelParses, WithoutDiagnostics) {
  KernelFile k(GetParam());
  EXPECT_TRUE(k.diags.diagnostics().empty()) << k.diags.renderAll();
  EXPECT_FALSE(k.module->kernels().empty());
  // The dump walks every node; it must not trip over anything the parser built.
  EXPECT_FALSE(dumpModule(*k.module).empty());
}

std::string testName(const ::testing::TestParamInfo<std::string> &info) {
  std::string name = info.param.substr(info.param.find_last_of('/') + 1);
  name = name.substr(0, name.size() - 3);
  for (char &c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)))
      c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(Kernels, KernelParses,
                         ::testing::ValuesIn(listFiles(workspacePath(kKernelDir),
                                                       ".py")),
                         testName);

TEST(Kernels, FolderHoldsEveryKernel) {
  EXPECT_GE(listFiles(workspacePath(kKernelDir), ".py").size(), 12u);
}

// Lowering a helper's return expression once held a reference into the stack
// of call frames while a nested call (an inlined tl.reduce or
// tl.associative_scan combiner) pushed more frames and reallocated it: a
// wrong error, or an abort, and a use after free under AddressSanitizer.
TEST(Kernels, ReduceWithJitCombinerInReturnExpressions) {
  KernelFile k(kernelPath("reduce_in_return.py"));
  ASSERT_FALSE(k.diags.hasErrors()) << k.diags.renderAll();
  mlir::MLIRContext context;
  context.printOpOnDiagnostic(false);
  KernelSpec spec{"reduce_in_return", "*fp32,*fp32", {{"BLOCK", "16"}}};
  mlir::OwningOpRef<mlir::ModuleOp> ir =
      lowerKernel(*k.module, k.sm, k.diags, context, spec);
  ASSERT_TRUE(ir) << k.diags.renderAll();
  EXPECT_TRUE(k.diags.diagnostics().empty()) << k.diags.renderAll();
  EXPECT_TRUE(mlir::succeeded(mlir::verify(*ir)));
  size_t reduces = 0, scans = 0;
  ir->walk([&](mlir::Operation *op) {
    llvm::StringRef name = op->getName().getStringRef();
    reduces += name == "tile.reduce";
    scans += name == "tile.scan";
  });
  // Every call is inlined: prefix holds one reduce and one scan,
  // prefix_twice two prefixes plus one of each, prefix_total two of those
  // plus one reduce.
  EXPECT_EQ(reduces, 2u * (2u * 1u + 1u) + 1u);
  EXPECT_EQ(scans, 2u * (2u * 1u + 1u));
}

TEST(Kernels, SeedVectorAdd) {
  KernelFile k(kernelPath("seed_add_kernel.py"));
  ASSERT_FALSE(k.diags.hasErrors()) << k.diags.renderAll();
  EXPECT_EQ(k.module->imports.size(), 3u);
  const FunctionDef *f = k.module->findFunction("add_kernel");
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(f->isJit());
  ASSERT_EQ(f->params.size(), 5u);
  EXPECT_EQ(f->params[4].name, "BLOC");
  EXPECT_TRUE(f->params[4].isConstexpr());
  ASSERT_EQ(f->body.size(), 7u);
  // masque = offsets < n
  const auto *mask = cast<AssignStmt>(f->body[3].get());
  ASSERT_NE(mask, nullptr);
  EXPECT_EQ(exprToString(*mask->value), "(offsets < n)");
  // tl.store(sortie_ptr + offsets, x + y, mask=masque)
  const auto *store = cast<ExprStmt>(f->body[6].get());
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(exprToString(*store->value),
            "tl.store((sortie_ptr + offsets), (x + y), mask=masque)");
  EXPECT_EQ(store->range.begin.line, 14u);
  EXPECT_EQ(store->range.begin.col, 5u);
}

TEST(Kernels, SeedVectorAddWithItsHostLauncher) {
  KernelFile k(kernelPath("seed_vector_add.py"));
  ASSERT_FALSE(k.diags.hasErrors()) << k.diags.renderAll();
  EXPECT_EQ(k.module->imports.size(), 3u);
  ASSERT_EQ(k.module->kernels().size(), 1u);
  EXPECT_EQ(k.module->kernels()[0]->name, "add_kernel");
  // The launcher (lambda grid, add_kernel[grille](...)) is host code.
  const HostCode *add = k.module->findHostCode("add");
  ASSERT_NE(add, nullptr);
  EXPECT_EQ(add->kind, HostCode::Kind::Function);
  EXPECT_EQ(add->range.begin.line, 17u);
  EXPECT_EQ(add->range.end.line, 22u);
  EXPECT_EQ(k.module->findFunction("add"), nullptr);
}

TEST(Kernels, SeedGroupedGemm) {
  KernelFile k(kernelPath("seed_matmul_kernel.py"));
  ASSERT_FALSE(k.diags.hasErrors()) << k.diags.renderAll();
  const FunctionDef *f = k.module->findFunction("matmul_kernel");
  ASSERT_NE(f, nullptr);
  ASSERT_EQ(f->params.size(), 16u);
  EXPECT_EQ(f->params[15].name, "GROUPE_M");
  EXPECT_TRUE(f->params[15].isConstexpr());
  // taille_groupe = min(n_pid_m - debut_m, GROUPE_M)
  const auto *group = cast<AssignStmt>(f->body[6].get());
  ASSERT_NE(group, nullptr);
  EXPECT_EQ(exprToString(*group->value), "min((n_pid_m - debut_m), GROUPE_M)");
  // a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :] * stride_ak
  const auto *aptrs = cast<AssignStmt>(f->body[12].get());
  ASSERT_NE(aptrs, nullptr);
  EXPECT_EQ(
      exprToString(*aptrs->value),
      "((a_ptr + (offs_m[:, None] * stride_am)) + (offs_k[None, :] * stride_ak))");
  const auto *loop = cast<ForStmt>(f->body[15].get());
  ASSERT_NE(loop, nullptr);
  EXPECT_EQ(exprToString(*loop->iter), "range(0, tl.cdiv(K, BLOC_K))");
  ASSERT_EQ(loop->body.size(), 5u);
  EXPECT_TRUE(isa<AugAssignStmt>(loop->body[3].get()));
  const auto *store = cast<ExprStmt>(f->body.back().get());
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(
      exprToString(*store->value),
      "tl.store(c_ptrs, c, mask=((offs_cm[:, None] < M) & (offs_cn[None, :] < N)))");
}

TEST(Kernels, AutotunedGemmKeepsItsConfigs) {
  KernelFile k(kernelPath("seed_matmul_autotuned.py"));
  ASSERT_FALSE(k.diags.hasErrors()) << k.diags.renderAll();
  const FunctionDef *f = k.module->findFunction("matmul_kernel");
  ASSERT_NE(f, nullptr);
  const auto *autotune = cast<CallExpr>(f->findDecorator("triton.autotune"));
  ASSERT_NE(autotune, nullptr);
  const auto *configs = cast<ListExpr>(autotune->keyword("configs")->value.get());
  ASSERT_NE(configs, nullptr);
  EXPECT_EQ(configs->elements.size(), 3u);
  EXPECT_EQ(exprToString(*autotune->keyword("key")->value), "[\"M\", \"N\", \"K\"]");
}

TEST(Kernels, FlashAttentionHasKernelAndHelper) {
  KernelFile k(kernelPath("flash_attention_fwd.py"));
  ASSERT_FALSE(k.diags.hasErrors()) << k.diags.renderAll();
  EXPECT_EQ(k.module->kernels().size(), 2u);
  const FunctionDef *fwd = k.module->findFunction("_attn_fwd");
  ASSERT_NE(fwd, nullptr);
  EXPECT_EQ(fwd->decorators.size(), 2u);
  ASSERT_NE(fwd->params.back().defaultValue, nullptr);
  EXPECT_EQ(fwd->params.back().name, "STAGE");
}

} // namespace
} // namespace tessel::frontend::testing
