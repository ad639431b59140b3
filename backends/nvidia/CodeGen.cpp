//===- CodeGen.cpp - Tile IR to PTX ---------------------------------------===//

#include "backends/nvidia/CodeGen.h"

#include <mutex>

#include "backends/gpu_common/BlockedLayout.h"
#include "backends/nvidia/Pipeline.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Scalar/ADCE.h"
#include "llvm/Transforms/Scalar/Scalarizer.h"

extern "C" void LLVMInitializeNVPTXTargetInfo();
extern "C" void LLVMInitializeNVPTXTarget();
extern "C" void LLVMInitializeNVPTXTargetMC();
extern "C" void LLVMInitializeNVPTXAsmPrinter();

using namespace mlir;

namespace tessel::nvidia {
namespace {

void initializeNvptxTarget() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  });
}

void optimize(llvm::Module &module, llvm::TargetMachine &machine, unsigned optLevel) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder builder(&machine);
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
  if (optLevel > 0) {
    // A thread's tile is one LLVM vector, but a GPU has no vector registers:
    // split every vector into scalars first, so that elements nothing reads
    // die one by one. A loop-carried tile of pointers, of which a vectorized
    // access uses only every 8th, would otherwise keep all of them live.
    llvm::FunctionPassManager split;
    split.addPass(llvm::ScalarizerPass());
    split.addPass(llvm::ADCEPass());
    passes.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(split)));
  }
  passes.addPass(optLevel == 0 ? builder.buildO0DefaultPipeline(level)
                               : builder.buildPerModuleDefaultPipeline(level));
  passes.run(module, mam);
}

} // namespace

FailureOr<KernelLaunchInfo> lowerTileModuleToLLVMDialect(ModuleOp module,
                                                         const NvidiaOptions &options) {
  DialectRegistry registry;
  registerNvidiaBackendDialects(registry);
  module.getContext()->appendDialectRegistry(registry);
  PassManager pm(module.getContext());
  buildNvidiaLoweringPipeline(pm, options);
  if (failed(pm.run(module)))
    return failure();
  if (options.minBlocksPerSM > 0)
    module.walk([&](LLVM::LLVMFuncOp func) {
      if (func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()))
        func->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                      Builder(module.getContext())
                          .getI32IntegerAttr(int32_t(options.minBlocksPerSM)));
    });
  KernelLaunchInfo info;
  info.numWarps = options.numWarps;
  info.threadsPerBlock = options.numWarps * 32;
  if (auto bytes = module->getAttrOfType<IntegerAttr>(gpu::kSharedMemoryAttrName))
    info.sharedMemoryBytes = unsigned(bytes.getInt());
  return info;
}

FailureOr<std::string> compileLLVMDialectToPtx(ModuleOp module,
                                               const NvidiaTarget &target,
                                               const NvidiaOptions &options) {
  Location loc = module.getLoc();
  DialectRegistry registry;
  registerNvidiaBackendDialects(registry);
  module.getContext()->appendDialectRegistry(registry);
  initializeNvptxTarget();

  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, context, "tessel_nvidia");
  if (!llvmModule)
    return emitError(loc) << "cannot translate the lowered module to LLVM IR";
  std::string error;
  const llvm::Target *llvmTarget = llvm::TargetRegistry::lookupTarget(
      llvm::Triple(std::string(NvidiaTarget::getTriple())), error);
  if (!llvmTarget)
    return emitError(loc) << "the NVPTX LLVM target is unavailable: " << error;
  llvm::CodeGenOptLevel level = options.optLevel == 0
                                    ? llvm::CodeGenOptLevel::None
                                    : llvm::CodeGenOptLevel::Aggressive;
  std::unique_ptr<llvm::TargetMachine> machine(llvmTarget->createTargetMachine(
      llvm::Triple(std::string(NvidiaTarget::getTriple())),
      std::string(target.getName()), target.getPtxFeature(), llvm::TargetOptions(),
      std::nullopt, std::nullopt, level));
  if (!machine)
    return emitError(loc) << "cannot create an NVPTX target machine for "
                          << std::string(target.getName());
  llvmModule->setTargetTriple(llvm::Triple(std::string(NvidiaTarget::getTriple())));
  llvmModule->setDataLayout(machine->createDataLayout());

  // Anything that is still a call to an external function would need a
  // device library this backend does not link.
  for (llvm::Function &func : *llvmModule)
    if (func.isDeclaration() && !func.isIntrinsic() && !func.use_empty())
      return emitError(loc) << "the kernel calls '" << func.getName()
                            << "', which the nvidia backend cannot provide (no "
                               "device library is linked)";
  std::string problems;
  llvm::raw_string_ostream problemStream(problems);
  if (llvm::verifyModule(*llvmModule, &problemStream))
    return emitError(loc) << "the generated LLVM IR is invalid: " << problems;
  optimize(*llvmModule, *machine, options.optLevel);

  llvm::SmallString<0> ptx;
  llvm::raw_svector_ostream stream(ptx);
  llvm::legacy::PassManager codegen;
  if (machine->addPassesToEmitFile(codegen, stream, nullptr,
                                   llvm::CodeGenFileType::AssemblyFile))
    return emitError(loc) << "the NVPTX target cannot emit PTX";
  codegen.run(*llvmModule);
  return std::string(ptx.str());
}

FailureOr<CompiledKernel> compileTileModule(ModuleOp module, const NvidiaTarget &target,
                                            const NvidiaOptions &options) {
  OwningOpRef<ModuleOp> lowered(cast<ModuleOp>(module->clone()));
  FailureOr<KernelLaunchInfo> launch = lowerTileModuleToLLVMDialect(*lowered, options);
  if (failed(launch))
    return failure();
  // Pipelining buys latency with shared memory (staging buffers per dot);
  // where that does not fit, the kernel is still compiled without it.
  if (launch->sharedMemoryBytes > target.getMaxSharedMemoryPerBlock() &&
      options.numStages > 1) {
    NvidiaOptions unpipelined = options;
    unpipelined.numStages = 1;
    return compileTileModule(module, target, unpipelined);
  }
  if (launch->sharedMemoryBytes > target.getMaxSharedMemoryPerBlock())
    return emitError(module.getLoc())
           << "the kernel needs " << launch->sharedMemoryBytes
           << " bytes of shared memory per block, more than "
           << std::string(target.getName()) << " allows ("
           << target.getMaxSharedMemoryPerBlock() << ")";
  FailureOr<std::string> ptx = compileLLVMDialectToPtx(*lowered, target, options);
  if (failed(ptx))
    return failure();
  FailureOr<std::string> cubin = assemblePtx(*ptx, target, options, module.getLoc());
  if (failed(cubin))
    return failure();
  CompiledKernel kernel;
  kernel.ptx = std::move(*ptx);
  kernel.cubin = std::move(*cubin);
  kernel.launch = *launch;
  return kernel;
}

} // namespace tessel::nvidia
