//===- CodeGen.cpp - Tile IR to x86-64 objects ----------------------------===//

#include "backends/cpu/CodeGen.h"

#include <mutex>

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

using namespace mlir;

namespace tessel::cpu {
namespace {

void initializeX86Target() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeX86TargetInfo();
    LLVMInitializeX86Target();
    LLVMInitializeX86TargetMC();
    LLVMInitializeX86AsmPrinter();
  });
}

FailureOr<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(const CpuTarget &target, unsigned optLevel, Location loc) {
  initializeX86Target();
  std::string error;
  const llvm::Target *llvmTarget =
      llvm::TargetRegistry::lookupTarget(llvm::Triple(CpuTarget::getTriple()), error);
  if (!llvmTarget)
    return emitError(loc) << "the x86-64 LLVM target is unavailable: " << error;
  llvm::CodeGenOptLevel level = optLevel == 0   ? llvm::CodeGenOptLevel::None
                                : optLevel == 1 ? llvm::CodeGenOptLevel::Less
                                : optLevel == 2 ? llvm::CodeGenOptLevel::Default
                                                : llvm::CodeGenOptLevel::Aggressive;
  std::unique_ptr<llvm::TargetMachine> machine(llvmTarget->createTargetMachine(
      llvm::Triple(CpuTarget::getTriple()), target.getLLVMCpuName(),
      target.getLLVMFeatures(), llvm::TargetOptions(), llvm::Reloc::PIC_,
      llvm::CodeModel::Small, level));
  if (!machine)
    return emitError(loc) << "cannot create an LLVM target machine for CPU '"
                          << target.getLLVMCpuName() << "'";
  return machine;
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

void runOptimizationPipeline(llvm::Module &module, llvm::TargetMachine &machine,
                             unsigned optLevel) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PipelineTuningOptions tuning;
  tuning.LoopVectorization = optLevel >= 2;
  tuning.SLPVectorization = optLevel >= 2;
  llvm::PassBuilder builder(&machine, tuning);
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::OptimizationLevel level = optLevel == 0   ? llvm::OptimizationLevel::O0
                                  : optLevel == 1 ? llvm::OptimizationLevel::O1
                                  : optLevel == 2 ? llvm::OptimizationLevel::O2
                                                  : llvm::OptimizationLevel::O3;
  llvm::ModulePassManager passes =
      optLevel == 0 ? builder.buildO0DefaultPipeline(level)
                    : builder.buildPerModuleDefaultPipeline(level);
  passes.run(module, mam);
}

FailureOr<CompiledModule> translateAndOptimize(ModuleOp module,
                                               const CpuTarget &target,
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
  compiled.context = std::make_unique<llvm::LLVMContext>();
  compiled.module = translateModuleToLLVMIR(module, *compiled.context, "tessel_cpu");
  if (!compiled.module)
    return emitError(loc) << "cannot translate the lowered module to LLVM IR";
  FailureOr<std::unique_ptr<llvm::TargetMachine>> machine =
      createTargetMachine(target, options.optLevel, loc);
  if (failed(machine))
    return failure();
  compiled.machine = std::move(*machine);
  llvm::Module &llvmModule = *compiled.module;
  llvmModule.setTargetTriple(llvm::Triple(CpuTarget::getTriple()));
  llvmModule.setDataLayout(compiled.machine->createDataLayout());
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
  std::string problems;
  llvm::raw_string_ostream problemStream(problems);
  if (llvm::verifyModule(llvmModule, &problemStream))
    return emitError(loc) << "the generated LLVM IR is invalid: " << problems;
  runOptimizationPipeline(llvmModule, *compiled.machine, options.optLevel);
  return compiled;
}

} // namespace

LogicalResult lowerTileModuleToLLVMDialect(ModuleOp module,
                                           const CpuOptions &options) {
  DialectRegistry registry;
  registerCpuBackendDialects(registry);
  module.getContext()->appendDialectRegistry(registry);
  PassManager pm(module.getContext());
  buildCpuLoweringPipeline(pm, options);
  return pm.run(module);
}

FailureOr<std::string>
compileLLVMDialectToOptimizedIR(ModuleOp module, const CpuTarget &target,
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
                                                  const CpuOptions &options) {
  FailureOr<CompiledModule> compiled = translateAndOptimize(module, target, options);
  if (failed(compiled))
    return failure();
  llvm::SmallString<0> object;
  llvm::raw_svector_ostream stream(object);
  llvm::legacy::PassManager codegen;
  if (compiled->machine->addPassesToEmitFile(codegen, stream, nullptr,
                                             llvm::CodeGenFileType::ObjectFile))
    return emitError(module.getLoc())
           << "the x86-64 target cannot emit an object file";
  codegen.run(*compiled->module);
  return std::string(object.str());
}

FailureOr<std::string> compileTileModuleToSharedObject(ModuleOp module,
                                                       const CpuTarget &target,
                                                       const CpuOptions &options) {
  OwningOpRef<ModuleOp> lowered(cast<ModuleOp>(module->clone()));
  if (failed(lowerTileModuleToLLVMDialect(*lowered, options)))
    return failure();
  FailureOr<std::string> object = compileLLVMDialectToObject(*lowered, target, options);
  if (failed(object))
    return failure();
  return linkSharedObject(*object, options, module.getLoc());
}

} // namespace tessel::cpu
