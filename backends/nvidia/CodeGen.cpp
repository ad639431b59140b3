//===- CodeGen.cpp - Tile IR to PTX ---------------------------------------===//

#include "backends/nvidia/CodeGen.h"

#include "backends/common/LLVMCodeGen.h"
#include "backends/gpu_common/BlockedLayout.h"
#include "backends/gpu_common/WarpRoles.h"
#include "backends/nvidia/Libdevice.h"
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
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"

extern "C" void LLVMInitializeNVPTXTargetInfo();
extern "C" void LLVMInitializeNVPTXTarget();
extern "C" void LLVMInitializeNVPTXTargetMC();
extern "C" void LLVMInitializeNVPTXAsmPrinter();

using namespace mlir;

namespace tessel::nvidia {
namespace {

codegen::TargetMachineSpec machineSpec(const NvidiaTarget &target) {
  codegen::TargetMachineSpec spec;
  spec.triple = std::string(NvidiaTarget::getTriple());
  spec.cpu = std::string(target.getName());
  spec.features = target.getPtxFeature();
  spec.initializeTarget = [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  };
  spec.displayName = "NVPTX";
  return spec;
}

} // namespace

FailureOr<KernelLaunchInfo> lowerTileModuleToLLVMDialect(ModuleOp module,
                                                         const NvidiaTarget &target,
                                                         const NvidiaOptions &options) {
  DialectRegistry registry;
  registerNvidiaBackendDialects(registry);
  module.getContext()->appendDialectRegistry(registry);
  PassManager pm(module.getContext());
  buildNvidiaLoweringPipeline(pm, target, options);
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
  // (With the producer warps of a warp-specialized kernel.)
  info.threadsPerBlock =
      unsigned(options.numWarps + gpu::getProducerWarps(module)) * 32;
  if (auto bytes = module->getAttrOfType<IntegerAttr>(gpu::kSharedMemoryAttrName))
    info.sharedMemoryBytes = unsigned(bytes.getInt());
  return info;
}

FailureOr<std::string> compileLLVMDialectToPtx(ModuleOp module,
                                               const NvidiaTarget &target,
                                               const NvidiaOptions &options,
                                               std::string *llvmIR) {
  Location loc = module.getLoc();
  DialectRegistry registry;
  registerNvidiaBackendDialects(registry);
  module.getContext()->appendDialectRegistry(registry);
  FailureOr<std::unique_ptr<llvm::TargetMachine>> machine =
      codegen::createTargetMachine(machineSpec(target), options.optLevel, loc);
  if (failed(machine))
    return failure();
  // NVPTX marks every f32/f64 add, subtract and multiply `.rn` (ptxas must
  // not fuse them) unless fusion is allowed; allowed, it forms fma itself
  // and leaves the rest to ptxas.
  if (options.fpFusion)
    (*machine)->Options.AllowFPOpFusion = llvm::FPOpFusion::Fast;
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> llvmModule =
      codegen::translateToLLVMIR(module, context, **machine, "tessel_nvidia");
  if (!llvmModule)
    return failure();

  if (options.flushDenormals) {
    // NVPTX picks the .ftz forms of f32 instructions from the functions'
    // denormal mode; libdevice's __nvvm_reflect("__CUDA_FTZ") reads the
    // module flag (linkLibdevice sets it to 0 when it is absent).
    for (llvm::Function &func : *llvmModule)
      if (!func.isDeclaration())
        func.addFnAttr("denormal-fp-math-f32", "preserve-sign,preserve-sign");
    llvmModule->addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz", uint32_t(1));
  }
  std::string libdevice = options.libdevicePath.empty()
                              ? getDefaultLibdevicePath(options.ptxasPath)
                              : options.libdevicePath;
  if (failed(linkLibdevice(*llvmModule, libdevice, loc)))
    return failure();
  // Anything that is still a call to an external function is neither the
  // backend's nor libdevice's; but libdevice's __nvvm_reflect, which NVPTX's
  // own passes fold (NVVMReflect, in the optimization and code generation
  // pipelines both).
  for (llvm::Function &func : *llvmModule)
    if (func.isDeclaration() && !func.isIntrinsic() && !func.use_empty() &&
        func.getName() != "__nvvm_reflect")
      return emitError(loc) << "the kernel calls '" << func.getName()
                            << "', which neither the nvidia backend nor libdevice "
                               "provides";
  if (failed(codegen::verifyLLVMModule(*llvmModule, loc)))
    return failure();
  codegen::OptimizationHooks hooks;
  hooks.addEarlyPasses = codegen::addScalarizePasses;
  codegen::optimizeModule(*llvmModule, **machine, options.optLevel, hooks);
  if (llvmIR != nullptr) {
    llvm::raw_string_ostream stream(*llvmIR);
    llvmModule->print(stream, nullptr);
  }
  return codegen::emitMachineCode(*llvmModule, **machine,
                                  llvm::CodeGenFileType::AssemblyFile, loc);
}

FailureOr<CompiledKernel> compileTileModule(ModuleOp module, const NvidiaTarget &target,
                                            const NvidiaOptions &options,
                                            bool keepLLVMIR) {
  OwningOpRef<ModuleOp> lowered(cast<ModuleOp>(module->clone()));
  FailureOr<KernelLaunchInfo> launch =
      lowerTileModuleToLLVMDialect(*lowered, target, options);
  if (failed(launch))
    return failure();
  // Pipelining buys latency with shared memory (staging buffers per dot);
  // where that does not fit, the kernel is still compiled without it.
  if (launch->sharedMemoryBytes > target.getMaxSharedMemoryPerBlock() &&
      options.numStages > 1) {
    NvidiaOptions unpipelined = options;
    unpipelined.numStages = 1;
    return compileTileModule(module, target, unpipelined, keepLLVMIR);
  }
  if (launch->sharedMemoryBytes > target.getMaxSharedMemoryPerBlock())
    return emitError(module.getLoc())
           << "the kernel needs " << launch->sharedMemoryBytes
           << " bytes of shared memory per block, more than "
           << std::string(target.getName()) << " allows ("
           << target.getMaxSharedMemoryPerBlock() << ")";
  std::string llvmIR;
  FailureOr<std::string> ptx = compileLLVMDialectToPtx(*lowered, target, options,
                                                       keepLLVMIR ? &llvmIR : nullptr);
  if (failed(ptx))
    return failure();
  FailureOr<std::string> cubin = assemblePtx(*ptx, target, options, module.getLoc());
  if (failed(cubin))
    return failure();
  CompiledKernel kernel;
  kernel.ptx = std::move(*ptx);
  kernel.cubin = std::move(*cubin);
  kernel.launch = *launch;
  kernel.llvmIR = std::move(llvmIR);
  return kernel;
}

} // namespace tessel::nvidia
