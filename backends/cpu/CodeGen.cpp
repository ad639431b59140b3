//===- CodeGen.cpp - Tile IR to x86-64 objects ----------------------------===//

#include "backends/cpu/CodeGen.h"

#include "backends/common/LLVMCodeGen.h"
#include "backends/cpu/Conversion/Passes.h"
#include "backends/cpu/Pipeline.h"
#include "backends/cpu/runtime/RuntimeBitcode.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Linker/Linker.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace mlir;

namespace tessel::cpu {
namespace {

/// The x86-64 machine for `target` (position-independent: kernels are
/// shared objects).
codegen::TargetMachineSpec machineSpec(const CpuTarget &target) {
  codegen::TargetMachineSpec spec;
  spec.triple = CpuTarget::getTriple();
  spec.cpu = target.getLLVMCpuName();
  spec.features = target.getLLVMFeatures();
  spec.initializeTarget = [] {
    LLVMInitializeX86TargetInfo();
    LLVMInitializeX86Target();
    LLVMInitializeX86TargetMC();
    LLVMInitializeX86AsmPrinter();
  };
  spec.relocation = llvm::Reloc::PIC_;
  spec.codeModel = llvm::CodeModel::Small;
  spec.displayName = "x86-64";
  return spec;
}

/// An LLVM module with its context and the machine it is optimized for.
struct CompiledModule {
  std::unique_ptr<llvm::LLVMContext> context;
  std::unique_ptr<llvm::Module> module;
  std::unique_ptr<llvm::TargetMachine> machine;
};

/// Links the runtime helpers `module` declares into it.
LogicalResult linkRuntime(llvm::Module &module, Location loc) {
  bool needed = llvm::any_of(module.functions(), [](llvm::Function &f) {
    return f.isDeclaration() && isCpuRuntimeFunction(f.getName());
  });
  if (!needed)
    return success();
  llvm::Expected<std::unique_ptr<llvm::Module>> runtime = llvm::parseBitcodeFile(
      llvm::MemoryBufferRef(getCpuRuntimeBitcode(), "CpuRuntime.bc"),
      module.getContext());
  if (!runtime)
    return emitError(loc) << "cannot read the CPU runtime bitcode: "
                          << llvm::toString(runtime.takeError());
  (*runtime)->setTargetTriple(module.getTargetTriple());
  (*runtime)->setDataLayout(module.getDataLayout());
  if (llvm::Linker::linkModules(module, std::move(*runtime),
                                llvm::Linker::LinkOnlyNeeded))
    return emitError(loc) << "cannot link the CPU runtime helpers";
  return success();
}

FailureOr<CompiledModule> translateAndOptimize(ModuleOp module, const CpuTarget &target,
                                               const CpuOptions &options) {
  Location loc = module.getLoc();
  llvm::StringSet<> entries;
  module.walk([&](LLVM::LLVMFuncOp func) {
    if (func->hasAttr(kCpuKernelEntryAttrName))
      entries.insert(func.getName());
  });
  if (entries.empty())
    return emitError(loc) << "the module has no kernel to compile (a kernel "
                             "is a public func.func with a body)";

  DialectRegistry registry;
  registerCpuBackendDialects(registry);
  module.getContext()->appendDialectRegistry(registry);

  CompiledModule compiled;
  FailureOr<std::unique_ptr<llvm::TargetMachine>> machine =
      codegen::createTargetMachine(machineSpec(target), options.optLevel, loc);
  if (failed(machine))
    return failure();
  compiled.machine = std::move(*machine);
  compiled.context = std::make_unique<llvm::LLVMContext>();
  compiled.module = codegen::translateToLLVMIR(module, *compiled.context,
                                               *compiled.machine, "tessel_cpu");
  if (!compiled.module)
    return failure();
  llvm::Module &llvmModule = *compiled.module;
  if (failed(linkRuntime(llvmModule, loc)))
    return failure();

  // Only the entries are exported; the CPU and features go on every
  // function so that the runtime helpers inline into kernels.
  std::string cpu = target.getLLVMCpuName();
  std::string features = target.getLLVMFeatures();
  for (llvm::Function &func : llvmModule.functions()) {
    if (func.isDeclaration())
      continue;
    if (!entries.contains(func.getName()))
      func.setLinkage(llvm::GlobalValue::InternalLinkage);
    func.addFnAttr("target-cpu", cpu);
    if (features.empty())
      func.removeFnAttr("target-features");
    else
      func.addFnAttr("target-features", features);
    func.removeFnAttr("tune-cpu");
  }
  if (failed(codegen::verifyLLVMModule(llvmModule, loc)))
    return failure();
  codegen::OptimizationHooks hooks;
  // The tile lowering already produces LLVM vectors of a tile's width, so
  // the loop vectorizer finds nothing left to widen in a kernel's loops (it
  // vectorized none in the seed GEMM, the SGEMM or the vector add) yet costs
  // about a third of the O3 pipeline's time on every cold compile. The SLP
  // vectorizer, which packs the scalar tails of the lowering, stays.
  hooks.tuning.LoopVectorization = false;
  hooks.tuning.SLPVectorization = options.optLevel >= 2;
  codegen::optimizeModule(llvmModule, *compiled.machine, options.optLevel, hooks);
  return compiled;
}

} // namespace

LogicalResult lowerTileModuleToLLVMDialect(ModuleOp module, const CpuOptions &options) {
  DialectRegistry registry;
  registerCpuBackendDialects(registry);
  module.getContext()->appendDialectRegistry(registry);
  PassManager pm(module.getContext());
  buildCpuLoweringPipeline(pm, options);
  return pm.run(module);
}

FailureOr<std::string> compileLLVMDialectToOptimizedIR(ModuleOp module,
                                                       const CpuTarget &target,
                                                       const CpuOptions &options) {
  FailureOr<CompiledModule> compiled = translateAndOptimize(module, target, options);
  if (failed(compiled))
    return failure();
  std::string text;
  llvm::raw_string_ostream stream(text);
  compiled->module->print(stream, nullptr);
  return text;
}

FailureOr<std::string> compileLLVMDialectToObject(ModuleOp module,
                                                  const CpuTarget &target,
                                                  const CpuOptions &options,
                                                  CpuStages *stages) {
  FailureOr<CompiledModule> compiled = translateAndOptimize(module, target, options);
  if (failed(compiled))
    return failure();
  if (stages != nullptr) {
    llvm::raw_string_ostream stream(stages->llvmIR);
    compiled->module->print(stream, nullptr);
  }
  if (stages != nullptr && !stages->withoutAssembly) {
    // Code generation changes the module it runs on: the assembly comes
    // from a copy of the optimized module, the object from the original.
    std::unique_ptr<llvm::Module> copy = llvm::CloneModule(*compiled->module);
    FailureOr<std::string> assembly =
        codegen::emitMachineCode(*copy, *compiled->machine,
                                 llvm::CodeGenFileType::AssemblyFile, module.getLoc());
    if (failed(assembly))
      return failure();
    stages->assembly = std::move(*assembly);
  }
  return codegen::emitMachineCode(*compiled->module, *compiled->machine,
                                  llvm::CodeGenFileType::ObjectFile, module.getLoc());
}

FailureOr<std::string> compileTileModuleToSharedObject(ModuleOp module,
                                                       const CpuTarget &target,
                                                       const CpuOptions &options,
                                                       CpuStages *stages) {
  OwningOpRef<ModuleOp> lowered(cast<ModuleOp>(module->clone()));
  if (failed(lowerTileModuleToLLVMDialect(*lowered, options)))
    return failure();
  FailureOr<std::string> object =
      compileLLVMDialectToObject(*lowered, target, options, stages);
  if (failed(object))
    return failure();
  return linkSharedObject(*object, options, module.getLoc());
}

} // namespace tessel::cpu
