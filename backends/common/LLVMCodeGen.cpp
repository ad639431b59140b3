//===- LLVMCodeGen.cpp - One LLVM back end for every target ---------------===//

#include "backends/common/LLVMCodeGen.h"

#include <map>
#include <mutex>

#include "mlir/IR/Diagnostics.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Linker/Linker.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Scalar/ADCE.h"
#include "llvm/Transforms/Scalar/Scalarizer.h"

using namespace mlir;

namespace tessel::codegen {

FailureOr<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(const TargetMachineSpec &spec, unsigned optLevel, Location loc) {
  if (spec.initializeTarget) {
    // LLVM's target registration is not thread-safe; plugins compile from
    // several threads.
    static std::mutex mutex;
    static std::map<std::string, bool> initialized;
    std::lock_guard<std::mutex> lock(mutex);
    if (!initialized[spec.triple]) {
      spec.initializeTarget();
      initialized[spec.triple] = true;
    }
  }
  std::string error;
  llvm::Triple triple(spec.triple);
  const llvm::Target *target = llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return emitError(loc) << "the " << spec.displayName
                          << " LLVM target is unavailable: " << error;
  llvm::CodeGenOptLevel level = optLevel == 0   ? llvm::CodeGenOptLevel::None
                                : optLevel == 1 ? llvm::CodeGenOptLevel::Less
                                : optLevel == 2 ? llvm::CodeGenOptLevel::Default
                                                : llvm::CodeGenOptLevel::Aggressive;
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      triple, spec.cpu, spec.features, llvm::TargetOptions(), spec.relocation,
      spec.codeModel, level));
  if (!machine)
    return emitError(loc) << "cannot create an " << spec.displayName
                          << " target machine for '" << spec.cpu << "'";
  return machine;
}

std::unique_ptr<llvm::Module> translateToLLVMIR(ModuleOp module,
                                                llvm::LLVMContext &context,
                                                llvm::TargetMachine &machine,
                                                llvm::StringRef name) {
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, context, name);
  if (!llvmModule) {
    emitError(module.getLoc()) << "cannot translate the lowered module to LLVM IR";
    return nullptr;
  }
  llvmModule->setTargetTriple(machine.getTargetTriple());
  llvmModule->setDataLayout(machine.createDataLayout());
  return llvmModule;
}

LogicalResult verifyLLVMModule(llvm::Module &module, Location loc) {
  std::string problems;
  llvm::raw_string_ostream stream(problems);
  if (llvm::verifyModule(module, &stream))
    return emitError(loc) << "the generated LLVM IR is invalid: " << problems;
  return success();
}

void addScalarizePasses(llvm::ModulePassManager &passes) {
  llvm::FunctionPassManager split;
  split.addPass(llvm::ScalarizerPass());
  split.addPass(llvm::ADCEPass());
  passes.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(split)));
}

void optimizeModule(llvm::Module &module, llvm::TargetMachine &machine,
                    unsigned optLevel, const OptimizationHooks &hooks) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder builder(&machine, hooks.tuning);
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::OptimizationLevel level = optLevel == 0   ? llvm::OptimizationLevel::O0
                                  : optLevel == 1 ? llvm::OptimizationLevel::O1
                                  : optLevel == 2 ? llvm::OptimizationLevel::O2
                                                  : llvm::OptimizationLevel::O3;
  llvm::ModulePassManager passes;
  if (optLevel > 0 && hooks.addEarlyPasses)
    hooks.addEarlyPasses(passes);
  passes.addPass(optLevel == 0 ? builder.buildO0DefaultPipeline(level)
                               : builder.buildPerModuleDefaultPipeline(level));
  passes.run(module, mam);
}

FailureOr<std::string> emitMachineCode(llvm::Module &module,
                                       llvm::TargetMachine &machine,
                                       llvm::CodeGenFileType kind, Location loc) {
  llvm::SmallString<0> bytes;
  llvm::raw_svector_ostream stream(bytes);
  llvm::legacy::PassManager codegen;
  if (machine.addPassesToEmitFile(codegen, stream, nullptr, kind))
    return emitError(loc) << "the target cannot emit "
                          << (kind == llvm::CodeGenFileType::ObjectFile
                                  ? "an object file"
                                  : "assembly");
  codegen.run(module);
  return std::string(bytes.str());
}

mlir::LogicalResult linkBitcodeLibrary(llvm::Module &module, llvm::StringRef path,
                                       mlir::Location loc, llvm::StringRef unreadable,
                                       llvm::StringRef hint) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return mlir::emitError(loc) << unreadable << path << ": "
                                << buffer.getError().message() << hint;
  // Lazily: only the functions the link pulls in are materialized.
  llvm::Expected<std::unique_ptr<llvm::Module>> library =
      llvm::getOwningLazyBitcodeModule(std::move(*buffer), module.getContext());
  if (!library)
    return mlir::emitError(loc)
           << "cannot read " << path << ": " << llvm::toString(library.takeError());
  (*library)->setTargetTriple(module.getTargetTriple());
  (*library)->setDataLayout(module.getDataLayout());
  if (llvm::Linker::linkModules(module, std::move(*library),
                                llvm::Linker::Flags::LinkOnlyNeeded))
    return mlir::emitError(loc) << "linking " << path << " into the kernel failed";
  return mlir::success();
}

} // namespace tessel::codegen
