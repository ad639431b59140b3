//===- CodeGenTest.cpp - Code generation properties and errors ------------===//

#include <regex>
#include <string>

#include "backends/cpu/CodeGen.h"
#include "backends/cpu/Pipeline.h"
#include "gtest/gtest.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

using namespace tessel::cpu;

namespace {

/// Parses `path`, collecting diagnostics in `errors`.
struct Fixture {
  mlir::DialectRegistry registry;
  std::unique_ptr<mlir::MLIRContext> context;
  std::string errors;
  std::unique_ptr<mlir::ScopedDiagnosticHandler> handler;
  mlir::OwningOpRef<mlir::ModuleOp> module;

  explicit Fixture(const std::string &path) {
    registerCpuBackendDialects(registry);
    context = std::make_unique<mlir::MLIRContext>(registry);
    handler = std::make_unique<mlir::ScopedDiagnosticHandler>(
        context.get(), [this](mlir::Diagnostic &diag) {
          llvm::raw_string_ostream(errors) << diag << "\n";
          return mlir::success();
        });
    module = mlir::parseSourceFile<mlir::ModuleOp>(path, context.get());
  }
};

std::string optimizedIR(const std::string &path, CpuArch arch, bool interchange) {
  Fixture fixture(path);
  EXPECT_TRUE(fixture.module) << fixture.errors;
  CpuOptions options;
  options.interchangeMatmulLoops = interchange;
  EXPECT_TRUE(mlir::succeeded(lowerTileModuleToLLVMDialect(*fixture.module, options)))
      << fixture.errors;
  mlir::FailureOr<std::string> ir =
      compileLLVMDialectToOptimizedIR(*fixture.module, CpuTarget{arch}, options);
  EXPECT_TRUE(mlir::succeeded(ir)) << fixture.errors;
  return mlir::succeeded(ir) ? *ir : "";
}

TEST(CodeGen, MatmulInnerLoopIsVectorizedOnX86_64_V3) {
  std::string ir = optimizedIR("examples/tile-ir/matmul.mlir", CpuArch::X86_64_V3, true);
  // The register-blocked matmul updates rows of C in vector registers:
  // vector multiplies and adds (contractible into FMAs, hence the fast-math
  // flag) on f32 lanes, fed by vector conversions of the f16 inputs (F16C),
  // not per-element calls.
  std::regex vectorMath("(fmul|fadd)( [a-z]+)* <(4|8|16) x float>|"
                        "(fmuladd|fma)\\.v(4|8|16)f32");
  std::regex vectorWiden("fpext <(4|8|16) x half>");
  EXPECT_TRUE(std::regex_search(ir, vectorMath)) << "no vector f32 math";
  EXPECT_TRUE(std::regex_search(ir, vectorWiden)) << "no vector f16 widening";
  EXPECT_EQ(ir.find("__extendhfsf2"), std::string::npos);
}

TEST(CodeGen, EntriesAreTheOnlyExportedFunctions) {
  std::string ir = optimizedIR("examples/tile-ir/vector_add.mlir", CpuArch::X86_64, true);
  EXPECT_NE(ir.find("define void @add_kernel(ptr"), std::string::npos) << ir;
  // The body is inlined into the entry and gone.
  EXPECT_EQ(ir.find("@add_kernel.impl"), std::string::npos);
  EXPECT_NE(ir.find("\"target-cpu\"=\"x86-64\""), std::string::npos);
}

TEST(CodeGen, LinkerFailureNamesTheCommandLine) {
  Fixture fixture("examples/tile-ir/vector_add.mlir");
  ASSERT_TRUE(fixture.module);
  CpuOptions options;
  options.linkerPath = "/nonexistent/ld.lld";
  mlir::FailureOr<std::string> so = compileTileModuleToSharedObject(
      *fixture.module, CpuTarget{CpuArch::X86_64}, options);
  EXPECT_TRUE(mlir::failed(so));
  EXPECT_NE(fixture.errors.find("linking the kernel shared object failed"),
            std::string::npos)
      << fixture.errors;
  EXPECT_NE(fixture.errors.find("to reproduce: /nonexistent/ld.lld -shared"),
            std::string::npos)
      << fixture.errors;
}

TEST(CodeGen, CompilingLeavesTheInputModuleUnchanged) {
  Fixture fixture("examples/tile-ir/softmax.mlir");
  ASSERT_TRUE(fixture.module);
  std::string before;
  llvm::raw_string_ostream(before) << *fixture.module;
  mlir::FailureOr<std::string> so = compileTileModuleToSharedObject(
      *fixture.module, CpuTarget{CpuArch::X86_64}, CpuOptions());
  ASSERT_TRUE(mlir::succeeded(so)) << fixture.errors;
  std::string after;
  llvm::raw_string_ostream(after) << *fixture.module;
  EXPECT_EQ(before, after);
}

TEST(CodeGen, ModuleWithoutKernelsIsAnError) {
  mlir::DialectRegistry registry;
  registerCpuBackendDialects(registry);
  mlir::MLIRContext context(registry);
  std::string errors;
  mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &diag) {
    llvm::raw_string_ostream(errors) << diag << "\n";
    return mlir::success();
  });
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::parseSourceString<mlir::ModuleOp>(
      "func.func private @helper(%x: i32) -> i32 { return %x : i32 }", &context);
  ASSERT_TRUE(module);
  EXPECT_TRUE(mlir::failed(compileTileModuleToSharedObject(
      *module, CpuTarget{CpuArch::X86_64}, CpuOptions())));
  EXPECT_NE(errors.find("the module has no kernel to compile"), std::string::npos)
      << errors;
}

} // namespace
