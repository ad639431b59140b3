//===- AmdCompiler.cpp - The AMD plugin's compiler backend ----------------===//
//
// Tile IR to an HSA code object (backends/amd: LLVM AMDGPU in process, then
// ld.lld) through the plugin kit. Launch facts and the validator come from
// the code object's own metadata note.
//
//===----------------------------------------------------------------------===//

#include <elf.h>

#include <array>

#include "backends/amd/AmdTarget.h"
#include "backends/amd/CodeGen.h"
#include "backends/amd/CodeObject.h"
#include "backends/amd/Heuristics.h"
#include "backends/amd/Pipeline.h"
#include "plugins/common/CompilerBackend.h"
#include "plugins/common/ElfObject.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace tessel::amd_plugin {
namespace {

const kit::ElfObjectKind kCodeObject = {EM_AMDGPU, "AMDGPU code object", ET_DYN,
                                        SHT_SYMTAB};

std::vector<std::string> getFeatureNames(const char *arch) {
  return amd::AmdTarget::parse(arch)->getGpuDescription().getTargetFeatureNames();
}

/// The code object's facts as JSON, kept as stage "info": what a person
/// tuning the kernel reads first (registers, LDS, spills, occupancy).
std::string describeKernel(const amd::CompiledKernel &k, const amd::AmdTarget &target) {
  llvm::json::Array libraries;
  for (const std::string &f : k.linkedLibraryFunctions)
    libraries.push_back(f);
  llvm::json::Object info{
      {"target", std::string(target.getName())},
      {"wave_size", int64_t(k.metadata.wavefrontSize)},
      {"num_warps", int64_t(k.numWarps)},
      {"threads_per_block", int64_t(k.threadsPerBlock)},
      {"matrix_instruction",
       target.isCdna() ? (k.mfmaShape == amd::MfmaShape::M32N32K8 ? "mfma.32x32x8"
                                                                  : "mfma.16x16x16")
                       : "wmma.16x16x16"},
      {"vgpr_count", int64_t(k.metadata.vgprCount)},
      {"agpr_count", int64_t(k.metadata.agprCount)},
      {"sgpr_count", int64_t(k.metadata.sgprCount)},
      {"vgpr_spill_count", int64_t(k.metadata.vgprSpillCount)},
      {"sgpr_spill_count", int64_t(k.metadata.sgprSpillCount)},
      {"lds_static_bytes", int64_t(k.metadata.groupSegmentFixedSize)},
      {"lds_dynamic_bytes", int64_t(k.sharedMemoryBytes)},
      {"scratch_bytes", int64_t(k.metadata.privateSegmentFixedSize)},
      {"kernarg_bytes", int64_t(k.metadata.kernargSegmentSize)},
      {"occupancy_waves_per_simd", int64_t(k.occupancy)},
      {"device_library_functions", std::move(libraries)},
  };
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(info))) << "\n";
  return text;
}

class AmdBackend : public kit::CompilerBackend {
public:
  const char *getName() const override { return "amd"; }

  const std::vector<kit::TargetDescription> &getTargets() const override {
    static const std::vector<kit::TargetDescription> targets = {
        {"gfx90a", "CDNA2 (MI200): wave64, MFMA", getFeatureNames("gfx90a")},
        {"gfx942", "CDNA3 (MI300): wave64, MFMA", getFeatureNames("gfx942")},
        {"gfx1100", "RDNA3 (RX 7900): wave32, WMMA", getFeatureNames("gfx1100")},
        {"gfx1200", "RDNA4 (RX 9070): wave32, WMMA", getFeatureNames("gfx1200")},
    };
    return targets;
  }

  const char *getArtifactFormat() const override { return "hsaco"; }

  void registerDialects(mlir::DialectRegistry &registry) const override {
    amd::registerAmdBackendDialects(registry);
  }

  std::string checkOption(const Tessel_Key_Value &kv) const override {
    std::string key = kv.key;
    if ((key == "amd.ld_lld" || key == "amd.device_libs") &&
        kv.type == TESSEL_VALUE_STRING && kv.string_value)
      return "";
    if (key == "amd.waves_per_eu" && kv.type == TESSEL_VALUE_INT && kv.int_value >= 0 &&
        kv.int_value <= 16)
      return "";
    if (key == "amd.mfma" && kv.type == TESSEL_VALUE_INT &&
        (kv.int_value == 0 || kv.int_value == 16 || kv.int_value == 32))
      return "";
    return "unknown or ill-typed option '" + key +
           "' (amd knows amd.waves_per_eu (int, 0..16), amd.mfma (int, 0, 16 or 32), "
           "amd.ld_lld (string) and amd.device_libs (string))";
  }

  bool compile(const kit::CompileInput &input, kit::CompiledBinary &out,
               kit::BackendError &error) const override {
    const kit::CompileSettings &s = input.settings;
    amd::AmdTarget target = *amd::AmdTarget::parse(input.arch);
    if (s.numCtas > 1) {
      error = {TESSEL_ERROR_UNIMPLEMENTED, "num_ctas > 1 is not supported by amd"};
      return false;
    }
    amd::AmdOptions options;
    if (s.optLevel >= 0)
      options.optLevel = unsigned(s.optLevel);
    if (s.numStages > 0)
      options.numStages = s.numStages;
    for (const Tessel_Key_Value &kv : s.extra) {
      std::string key = kv.key;
      if (key == "amd.ld_lld")
        options.linkerPath = kv.string_value;
      else if (key == "amd.device_libs")
        options.deviceLibraryDir = kv.string_value;
      else if (key == "amd.waves_per_eu")
        options.wavesPerEu = unsigned(kv.int_value);
      else if (key == "amd.mfma" && kv.int_value != 0)
        options.mfmaShape =
            kv.int_value == 16 ? amd::MfmaShape::M16N16K16 : amd::MfmaShape::M32N32K8;
    }
    options.numWarps =
        s.numWarps != 0 ? s.numWarps : amd::chooseNumWarps(input.module, target);
    if (options.numWarps * target.getWaveSize() > target.getMaxThreadsPerWorkgroup()) {
      error = {TESSEL_ERROR_INVALID_ARGUMENT,
               std::to_string(options.numWarps) + " waves of " +
                   std::to_string(target.getWaveSize()) + " lanes exceed " +
                   std::string(target.getName()) + "'s " +
                   std::to_string(target.getMaxThreadsPerWorkgroup()) +
                   " threads per work-group"};
      return false;
    }
    bool wantAssembly = input.keepStages && !input.byProductsOnly;
    mlir::func::FuncOp entry = input.kernel;
    mlir::FailureOr<amd::CompiledKernel> kernel = amd::compileTileModule(
        input.module, entry.getName(), target, options, wantAssembly);
    if (mlir::failed(kernel))
      return false;
    if (input.keepStages) {
      if (wantAssembly) {
        out.stages.push_back({"llvm", ".ll", std::move(kernel->llvmIR)});
        out.stages.push_back({"asm", ".s", std::move(kernel->assembly)});
      }
      out.stages.push_back({"info", ".json", describeKernel(*kernel, target)});
    }
    out.bytes = std::move(kernel->codeObject);
    out.numWarps = kernel->numWarps;
    out.warpSize = target.getWaveSize();
    out.threadsPerBlock = kernel->threadsPerBlock;
    out.sharedMemoryBytes = kernel->sharedMemoryBytes;
    return true;
  }

  // The code object's metadata against the target: chip, code object v5,
  // wave size, registers, LDS (static plus the launch's dynamic), no dynamic
  // stack, a work-group of whole waves that fits. Spills and scratch are
  // valid: HIP sizes each launch's private segment from the kernel
  // descriptor. They cost speed, not correctness, and `info` reports them
  // (a tile too big for one wave's registers, 128x128 fp32 accumulators on
  // one wave of 32 lanes, can only run that way).
  std::string validate(const std::string &arch, const uint8_t *bytes, size_t size,
                       const Tessel_Kernel_Metadata *md) const override {
    amd::AmdTarget target = *amd::AmdTarget::parse(arch);
    // The ELF structure first (what load checks too): an AMDGPU shared
    // object whose symbol table defines the entry.
    std::string entry =
        md != nullptr && md->entry_name != nullptr ? md->entry_name : "";
    std::string problem = kit::checkElfObject(bytes, size, kCodeObject, entry);
    if (!problem.empty())
      return problem;
    llvm::Expected<amd::CodeObjectInfo> info = amd::readCodeObject(
        llvm::StringRef(reinterpret_cast<const char *>(bytes), size));
    if (!info)
      return llvm::toString(info.takeError());
    if (md == nullptr || md->entry_name == nullptr) {
      if (info->kernels.empty())
        return "the code object defines no kernel";
      return amd::checkCodeObject(*info, target, info->kernels.front().name, 0,
                                  /*allowScratch=*/true);
    }
    problem = amd::checkCodeObject(*info, target, md->entry_name, md->threads_per_block,
                                   /*allowScratch=*/true);
    if (!problem.empty())
      return problem;
    if (md->warp_size != target.getWaveSize())
      return "the metadata's warp_size " + std::to_string(md->warp_size) + " is not " +
             arch + "'s wave size " + std::to_string(target.getWaveSize());
    const amd::KernelInfo *k = info->findKernel(md->entry_name);
    uint64_t lds = k->groupSegmentFixedSize + md->shared_mem_bytes;
    if (lds > target.getLdsPerWorkgroup())
      return std::to_string(lds) + " bytes of LDS (static and dynamic) exceed " + arch +
             "'s " + std::to_string(target.getLdsPerWorkgroup());
    return "";
  }

  // tile.ptr_to_int and masked atomics lower like the other tile ops.
  bool supportsBoundsChecks() const override { return true; }

  // The code object is the artifact; "info" is its metadata as JSON.
  std::vector<std::string> getStageNames() const override {
    return {"llvm", "asm", "info"};
  }

  kit::TuningHeuristics getTuningHeuristics(const std::string &arch) const override {
    amd::AmdTarget target = *amd::AmdTarget::parse(arch);
    kit::TuningHeuristics h;
    for (const amd::LaunchConfig &c : amd::getDefaultConfigs(target)) {
      Tessel_Compile_Options o{};
      o.struct_size = Tessel_Compile_Options_STRUCT_SIZE;
      o.num_warps = int32_t(c.numWarps);
      o.num_stages = int32_t(c.numStages);
      o.opt_level = 3;
      if (c.wavesPerEu != 0) {
        o.extra = getWavesPerEuOption(c.wavesPerEu);
        o.num_extra = 1;
      }
      h.defaults.push_back(o);
    }
    h.blockValues = amd::getBlockCandidates(target);
    return h;
  }

private:
  /// A Tessel_Key_Value for amd.waves_per_eu that lives as long as the
  /// plugin (the tuning space points at it).
  static const Tessel_Key_Value *getWavesPerEuOption(unsigned waves) {
    static const std::array<Tessel_Key_Value, 17> options = [] {
      std::array<Tessel_Key_Value, 17> table{};
      for (unsigned i = 0; i < table.size(); ++i) {
        table[i].key = "amd.waves_per_eu";
        table[i].type = TESSEL_VALUE_INT;
        table[i].int_value = i;
      }
      return table;
    }();
    return &options[waves];
  }
};

} // namespace
} // namespace tessel::amd_plugin

std::unique_ptr<tessel::kit::CompilerBackend> tessel::kit::createCompilerBackend() {
  return std::make_unique<tessel::amd_plugin::AmdBackend>();
}
