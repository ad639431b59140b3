//===- CpuCompiler.cpp - The CPU plugin's compiler backend ----------------===//
//
// Tile IR to an x86-64 shared object (backends/cpu) through the plugin kit.
//
//===----------------------------------------------------------------------===//

#include "backends/cpu/CodeGen.h"
#include "backends/cpu/CpuTarget.h"
#include "backends/cpu/Pipeline.h"
#include "plugins/common/CompilerBackend.h"
#include "plugins/cpu/CpuArtifact.h"

namespace tessel::cpu_plugin {
namespace {

class CpuBackend : public kit::CompilerBackend {
public:
  const char *getName() const override { return "cpu"; }

  const std::vector<kit::TargetDescription> &getTargets() const override {
    static const std::vector<kit::TargetDescription> targets = {
        {"x86-64", "x86-64 baseline (SSE2); runs on any x86-64 CPU", {}},
        {"x86-64-v3", "AVX2, FMA, F16C, BMI2", {}},
        {"native", "every feature of the compiling machine's CPU", {}},
    };
    return targets;
  }

  const char *getArtifactFormat() const override { return "elf-so"; }

  void registerDialects(mlir::DialectRegistry &registry) const override {
    cpu::registerCpuBackendDialects(registry);
  }

  std::string checkOption(const Tessel_Key_Value &option) const override {
    return std::string("unknown option '") + option.key + "'";
  }

  bool compile(const kit::CompileInput &input, kit::CompiledBinary &out,
               kit::BackendError &) const override {
    cpu::CpuOptions options;
    if (input.settings.optLevel >= 0)
      options.optLevel = unsigned(input.settings.optLevel);
    cpu::CpuStages stages;
    stages.withoutAssembly = input.byProductsOnly;
    mlir::FailureOr<std::string> so = cpu::compileTileModuleToSharedObject(
        input.module, *cpu::CpuTarget::parse(input.arch), options,
        input.keepStages ? &stages : nullptr);
    if (mlir::failed(so))
      return false;
    if (input.keepStages) {
      out.stages.push_back({"llvm", ".ll", std::move(stages.llvmIR)});
      if (!input.byProductsOnly)
        out.stages.push_back({"asm", ".s", std::move(stages.assembly)});
    }
    // One program instance is one thread of execution: the metadata's
    // defaults (one warp of one thread, no shared memory) hold.
    out.bytes = std::move(*so);
    return true;
  }

  std::string validate(const std::string &, const uint8_t *bytes, size_t size,
                       const Tessel_Kernel_Metadata *metadata) const override {
    std::string entry = metadata != nullptr && metadata->entry_name != nullptr
                            ? metadata->entry_name
                            : "";
    return kit::checkElfObject(bytes, size, kCpuArtifact, entry);
  }

  // tile.ptr_to_int and masked atomics lower like the other tile ops.
  bool supportsBoundsChecks() const override { return true; }

  std::vector<std::string> getStageNames() const override { return {"llvm", "asm"}; }

  // One program instance runs on one core, so blocks should be large enough
  // to amortize the per-instance call but fit in L1/L2.
  kit::TuningHeuristics getTuningHeuristics(const std::string &) const override {
    kit::TuningHeuristics h;
    Tessel_Compile_Options o{};
    o.struct_size = Tessel_Compile_Options_STRUCT_SIZE;
    o.opt_level = 3;
    h.defaults.push_back(o);
    h.blockValues = {16, 32, 64, 128, 256};
    return h;
  }
};

} // namespace
} // namespace tessel::cpu_plugin

std::unique_ptr<tessel::kit::CompilerBackend> tessel::kit::createCompilerBackend() {
  return std::make_unique<tessel::cpu_plugin::CpuBackend>();
}
