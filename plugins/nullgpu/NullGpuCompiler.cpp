//===- NullGpuCompiler.cpp - The null GPU plugin's compiler backend -------===//
//
// The backend kit's test vendor (backends/nullgpu/NullGpuTarget.h): the
// whole of a vendor's compiler half, on top of the kit.
//
//===----------------------------------------------------------------------===//

#include "backends/nullgpu/CodeGen.h"
#include "backends/nullgpu/NullGpuTarget.h"
#include "plugins/common/CompilerBackend.h"
#include "plugins/common/ElfObject.h"

#include <elf.h>

namespace tessel::nullgpu_plugin {
namespace {

class NullGpuBackend : public kit::CompilerBackend {
public:
  const char *getName() const override { return "nullgpu"; }

  const std::vector<kit::TargetDescription> &getTargets() const override {
    static const std::vector<kit::TargetDescription> targets = {
        {"null16", "a GPU that exists only as a description: 16-lane sub-groups",
         nullgpu::getNullGpuDescription().getTargetFeatureNames()}};
    return targets;
  }

  const char *getArtifactFormat() const override { return "elf-relocatable"; }

  void registerDialects(mlir::DialectRegistry &registry) const override {
    nullgpu::registerNullGpuBackendDialects(registry);
  }

  std::string checkOption(const Tessel_Key_Value &option) const override {
    return std::string("unknown option '") + option.key + "'";
  }

  bool compile(const kit::CompileInput &input, kit::CompiledBinary &out,
               kit::BackendError &) const override {
    nullgpu::NullGpuOptions options;
    options.numWarps = input.settings.numWarps != 0 ? input.settings.numWarps : 4;
    if (input.settings.numStages != 0)
      options.numStages = input.settings.numStages;
    if (input.settings.optLevel >= 0)
      options.optLevel = unsigned(input.settings.optLevel);
    mlir::FailureOr<nullgpu::CompiledKernel> kernel =
        nullgpu::compileTileModule(input.module, options);
    if (mlir::failed(kernel))
      return false;
    out.bytes = std::move(kernel->object);
    out.numWarps = options.numWarps;
    out.warpSize = nullgpu::getNullGpuDescription().warpSize;
    out.threadsPerBlock = kernel->threadsPerBlock;
    out.sharedMemoryBytes = kernel->sharedMemoryBytes;
    return true;
  }

  // An x86-64 relocatable ELF object that defines the entry, within the
  // description's limits.
  std::string validate(const std::string &, const uint8_t *bytes, size_t size,
                       const Tessel_Kernel_Metadata *md) const override {
    static const kit::ElfObjectKind kObject = {EM_X86_64, "x86-64 object", ET_REL,
                                               SHT_SYMTAB};
    const char *entry = md != nullptr ? md->entry_name : nullptr;
    std::string problem = kit::checkElfObject(bytes, size, kObject, entry ? entry : "");
    if (!problem.empty() || entry == nullptr)
      return problem;
    const gpu::GpuTargetDescription d = nullgpu::getNullGpuDescription();
    if (md->threads_per_block == 0 || md->threads_per_block > d.maxThreadsPerBlock)
      return std::to_string(md->threads_per_block) + " threads per block (1.." +
             std::to_string(d.maxThreadsPerBlock) + " allowed)";
    if (md->shared_mem_bytes > d.sharedMemoryPerBlock)
      return std::to_string(md->shared_mem_bytes) + " bytes of shared memory exceed " +
             std::to_string(d.sharedMemoryPerBlock);
    return "";
  }

  // tile.ptr_to_int and masked atomics lower like the other tile ops.
  bool supportsBoundsChecks() const override { return true; }

  kit::TuningHeuristics getTuningHeuristics(const std::string &) const override {
    kit::TuningHeuristics h;
    Tessel_Compile_Options o{};
    o.struct_size = Tessel_Compile_Options_STRUCT_SIZE;
    o.num_warps = 4;
    o.opt_level = 3;
    h.defaults.push_back(o);
    h.blockValues = {16, 32, 64, 128};
    return h;
  }
};

} // namespace
} // namespace tessel::nullgpu_plugin

std::unique_ptr<tessel::kit::CompilerBackend> tessel::kit::createCompilerBackend() {
  return std::make_unique<tessel::nullgpu_plugin::NullGpuBackend>();
}
