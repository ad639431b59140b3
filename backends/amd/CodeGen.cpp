//===- CodeGen.cpp - Tile IR to AMDGPU code objects -----------------------===//

#include "backends/amd/CodeGen.h"

#include "backends/amd/DeviceLibraries.h"
#include "backends/amd/Pipeline.h"
#include "backends/common/LLVMCodeGen.h"
#include "backends/common/ToolRunner.h"
#include "backends/gpu_common/BlockedLayout.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"

extern "C" void LLVMInitializeAMDGPUTargetInfo();
extern "C" void LLVMInitializeAMDGPUTarget();
extern "C" void LLVMInitializeAMDGPUTargetMC();
extern "C" void LLVMInitializeAMDGPUAsmPrinter();

using namespace mlir;

namespace tessel::amd {
namespace {

codegen::TargetMachineSpec machineSpec(const AmdTarget &target) {
  codegen::TargetMachineSpec spec;
  spec.triple = std::string(AmdTarget::getTriple());
  spec.cpu = std::string(target.getName());
  // RDNA runs 32-lane waves; the backend never uses their wave64 mode.
  if (!target.isCdna())
    spec.features = "+wavefrontsize32";
  spec.initializeTarget = [] {
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTarget();
    LLVMInitializeAMDGPUTargetMC();
    LLVMInitializeAMDGPUAsmPrinter();
  };
  spec.relocation = llvm::Reloc::PIC_;
  spec.displayName = "AMDGPU";
  return spec;
}

struct Lowered {
  OwningOpRef<ModuleOp> module;
  unsigned sharedMemoryBytes = 0;
};

FailureOr<Lowered> lower(ModuleOp module, const AmdTarget &target,
                         const AmdOptions &options, MfmaShape shape) {
  Lowered out;
  out.module = OwningOpRef<ModuleOp>(cast<ModuleOp>(module->clone()));
  DialectRegistry registry;
  registerAmdBackendDialects(registry);
  out.module->getContext()->appendDialectRegistry(registry);
  PassManager pm(out.module->getContext());
  buildAmdLoweringPipeline(pm, target, options, shape);
  if (failed(pm.run(*out.module)))
    return failure();
  if (auto bytes =
          (*out.module)->getAttrOfType<IntegerAttr>(gpu::kSharedMemoryAttrName))
    out.sharedMemoryBytes = unsigned(bytes.getInt());
  return out;
}

} // namespace

FailureOr<CompiledKernel> compileTileModule(ModuleOp module, StringRef kernelName,
                                            const AmdTarget &target,
                                            const AmdOptions &options,
                                            bool keepStages) {
  Location loc = module.getLoc();
  CompiledKernel kernel;
  kernel.mfmaShape = options.mfmaShape
                         ? *options.mfmaShape
                         : chooseMfmaShape(module, target, options.numWarps);
  FailureOr<Lowered> lowered = lower(module, target, options, kernel.mfmaShape);
  if (failed(lowered))
    return failure();
  // Pipelining buys latency with LDS (operands of the next iteration); where
  // that does not fit, the kernel is still compiled without it.
  if (lowered->sharedMemoryBytes > target.getLdsPerWorkgroup() &&
      options.numStages > 1) {
    AmdOptions unpipelined = options;
    unpipelined.numStages = 1;
    return compileTileModule(module, kernelName, target, unpipelined, keepStages);
  }
  // Then the dots' own double buffers (flash attention's two dots need
  // 110 KiB of them at 128x64 blocks): one more barrier an iteration.
  if (lowered->sharedMemoryBytes > target.getLdsPerWorkgroup() &&
      options.doubleBufferDots) {
    AmdOptions single = options;
    single.doubleBufferDots = false;
    return compileTileModule(module, kernelName, target, single, keepStages);
  }
  if (lowered->sharedMemoryBytes > target.getLdsPerWorkgroup())
    return emitError(loc) << "the kernel needs " << lowered->sharedMemoryBytes
                          << " bytes of LDS per work-group, more than "
                          << std::string(target.getName()) << " allows ("
                          << target.getLdsPerWorkgroup() << ")";
  kernel.sharedMemoryBytes = lowered->sharedMemoryBytes;
  kernel.numWarps = options.numWarps;
  kernel.threadsPerBlock = options.numWarps * target.getWaveSize();

  FailureOr<std::unique_ptr<llvm::TargetMachine>> machine =
      codegen::createTargetMachine(machineSpec(target), options.optLevel, loc);
  if (failed(machine))
    return failure();
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> llvmModule =
      codegen::translateToLLVMIR(*lowered->module, context, **machine, "tessel_amd");
  if (!llvmModule)
    return failure();
  // Code object v5: the hidden arguments this backend reads (block counts)
  // are laid out as v5 says.
  llvmModule->addModuleFlag(llvm::Module::Error, "amdhsa_code_object_version", 500);

  FailureOr<std::vector<std::string>> linked =
      linkDeviceLibraries(*llvmModule, target, options.deviceLibraryDir, loc);
  if (failed(linked))
    return failure();
  kernel.linkedLibraryFunctions = std::move(*linked);
  for (llvm::Function &func : *llvmModule)
    if (func.isDeclaration() && !func.isIntrinsic() && !func.use_empty())
      return emitError(loc) << "the kernel calls '" << func.getName()
                            << "', which neither the amd backend nor the ROCm device "
                               "libraries provide";
  if (failed(codegen::verifyLLVMModule(*llvmModule, loc)))
    return failure();
  codegen::OptimizationHooks hooks;
  hooks.addEarlyPasses = codegen::addScalarizePasses;
  codegen::optimizeModule(*llvmModule, **machine, options.optLevel, hooks);
  if (keepStages) {
    llvm::raw_string_ostream stream(kernel.llvmIR);
    llvmModule->print(stream, nullptr);
    // A second code generation, only when a person asked to see the ISA.
    std::unique_ptr<llvm::Module> copy = llvm::CloneModule(*llvmModule);
    FailureOr<std::string> assembly = codegen::emitMachineCode(
        *copy, **machine, llvm::CodeGenFileType::AssemblyFile, loc);
    if (failed(assembly))
      return failure();
    kernel.assembly = std::move(*assembly);
  }
  FailureOr<std::string> object = codegen::emitMachineCode(
      *llvmModule, **machine, llvm::CodeGenFileType::ObjectFile, loc);
  if (failed(object))
    return failure();

  // An unresolved symbol (a device function nothing defines) fails here,
  // not when the driver loads the code object.
  codegen::ToolInvocation link;
  link.tool = options.linkerPath;
  link.what = "linking the AMDGPU code object";
  link.inputs = {{"kernel.o", *object}};
  link.output = "kernel.hsaco";
  link.arguments = {"-shared", "--no-undefined", "-o", "{output}", "{kernel.o}"};
  FailureOr<std::string> codeObject = codegen::runTool(link, loc);
  if (failed(codeObject))
    return failure();
  kernel.codeObject = std::move(*codeObject);

  llvm::Expected<CodeObjectInfo> info = readCodeObject(kernel.codeObject);
  if (!info)
    return emitError(loc) << "the linked code object is unreadable: "
                          << llvm::toString(info.takeError());
  const KernelInfo *entry = info->findKernel(kernelName);
  if (entry == nullptr)
    return emitError(loc) << "the code object has no kernel '" << kernelName << "'";
  kernel.metadata = *entry;
  // The shared lowering's LDS is dynamic (sized at launch), which the
  // metadata's fixed size does not count.
  KernelInfo resident = *entry;
  resident.groupSegmentFixedSize += kernel.sharedMemoryBytes;
  kernel.occupancy = computeOccupancy(resident, target, kernel.threadsPerBlock);
  return kernel;
}

} // namespace tessel::amd
