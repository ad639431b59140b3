//===- LLVMCodeGen.h - One LLVM back end for every target ---------*- C++ -*-===//
//
// What every backend does once its module is in the LLVM dialect: make a
// target machine, translate, optimize with the new pass manager, and emit
// assembly or an object. X86, NVPTX, AMDGPU and SPIR-V are only different
// TargetMachineSpecs; what differs beyond that goes through the hooks.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_COMMON_LLVMCODEGEN_H
#define TESSEL_BACKENDS_COMMON_LLVMCODEGEN_H

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Location.h"
#include "mlir/Support/LLVM.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Target/TargetMachine.h"

namespace tessel::codegen {

/// Which LLVM target machine to build.
struct TargetMachineSpec {
  std::string triple;
  std::string cpu;
  std::string features;
  /// Registers the target with LLVM (its LLVMInitialize* functions); called
  /// once per process.
  std::function<void()> initializeTarget;
  std::optional<llvm::Reloc::Model> relocation;
  std::optional<llvm::CodeModel::Model> codeModel;
  /// The name of the target in messages: "x86-64", "NVPTX".
  std::string displayName;
};

/// The machine for `spec` at optimization level `optLevel` (0..3), or an
/// error at `loc`.
mlir::FailureOr<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(const TargetMachineSpec &spec, unsigned optLevel,
                    mlir::Location loc);

/// What a backend may change in the optimization pipeline.
struct OptimizationHooks {
  /// Tuning of the default pipelines (vectorizers, unrolling).
  llvm::PipelineTuningOptions tuning;
  /// Passes run before the default pipeline (at optLevel > 0).
  std::function<void(llvm::ModulePassManager &)> addEarlyPasses;
};

/// Translates `module` (LLVM dialect, its translations registered) into
/// `context`, with `machine`'s triple and data layout. Null after an error
/// at the module's location.
std::unique_ptr<llvm::Module> translateToLLVMIR(mlir::ModuleOp module,
                                                llvm::LLVMContext &context,
                                                llvm::TargetMachine &machine,
                                                llvm::StringRef name);

/// Verifies `module`; an error at `loc` naming the problems if it is invalid.
mlir::LogicalResult verifyLLVMModule(llvm::Module &module, mlir::Location loc);

/// Early passes for GPU targets (OptimizationHooks::addEarlyPasses): a
/// thread's tile is one LLVM vector, but a GPU has no vector registers, so
/// every vector is split into scalars first and elements nothing reads die
/// one by one. A loop-carried tile of pointers of which a vectorized access
/// uses only every 8th would otherwise keep all of them live.
void addScalarizePasses(llvm::ModulePassManager &passes);

/// Runs LLVM's default per-module pipeline for `optLevel` on `module`.
void optimizeModule(llvm::Module &module, llvm::TargetMachine &machine,
                    unsigned optLevel, const OptimizationHooks &hooks = {});

/// Links into `module` what it uses of the bitcode library at `path` (a
/// device math library: ocml, libdevice), and nothing else. The library
/// takes the module's triple and data layout, since vendors build theirs
/// for a generic triple of the same layout. An unreadable file is an error
/// at `loc`: `unreadable` followed by the path and the reason, then `hint`.
mlir::LogicalResult linkBitcodeLibrary(llvm::Module &module, llvm::StringRef path,
                                       mlir::Location loc, llvm::StringRef unreadable,
                                       llvm::StringRef hint);

/// Emits `module` as assembly or an object file.
mlir::FailureOr<std::string> emitMachineCode(llvm::Module &module,
                                             llvm::TargetMachine &machine,
                                             llvm::CodeGenFileType kind,
                                             mlir::Location loc);

} // namespace tessel::codegen

#endif // TESSEL_BACKENDS_COMMON_LLVMCODEGEN_H
