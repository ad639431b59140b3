//===- IntelCompiler.cpp - The Intel plugin's compiler backend ------------===//
//
// Tile IR to SPIR-V (backends/intel: LLVM's SPIR-V backend in process)
// through the plugin kit. The artifact holds the kernel in both forms
// (SpirvModule.h's bundle): the native one for Intel's drivers, the
// built-in call form for the emulated device.
//
//===----------------------------------------------------------------------===//

#include "backends/intel/CodeGen.h"
#include "backends/intel/IntelTarget.h"
#include "backends/intel/Pipeline.h"
#include "backends/intel/SpirvModule.h"
#include "plugins/common/CompilerBackend.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace tessel::intel_plugin {
namespace {

std::vector<std::string> getFeatureNames(const char *arch) {
  return intel::IntelTarget::parse(arch)->getGpuDescription().getTargetFeatureNames();
}

/// The module's facts as JSON, kept as stage "info".
std::string describeKernel(const intel::CompiledKernel &k,
                           const intel::IntelTarget &target) {
  std::string problem;
  std::optional<intel::spirv::ModuleSummary> s =
      intel::spirv::readModule(k.spirv.native, problem);
  llvm::json::Array capabilities, extensions;
  if (s) {
    for (uint32_t c : s->capabilities)
      capabilities.push_back(int64_t(c));
    for (const std::string &e : s->extensions)
      extensions.push_back(e);
  }
  // The target's DPAS forms (f16/bf16, tf32, i8 on pvc and bmg).
  llvm::json::Array matrix;
  for (const gpu::MatrixInstruction &i : target.getGpuDescription().matrixInstructions)
    matrix.push_back(i.name);
  llvm::json::Object info{
      {"target", std::string(target.getName())},
      {"sub_group_size", int64_t(target.getSubGroupSize())},
      {"num_warps", int64_t(k.numWarps)},
      {"threads_per_block", int64_t(k.threadsPerBlock)},
      {"slm_bytes", int64_t(k.sharedMemoryBytes)},
      {"matrix_instructions", std::move(matrix)},
      {"dpas_instructions", int64_t(k.dpasCount)},
      {"block_load_instructions", int64_t(k.blockLoadCount)},
      {"block_store_instructions", int64_t(k.blockStoreCount)},
      {"block_prefetch_instructions", int64_t(k.blockPrefetchCount)},
      {"spirv_capabilities", std::move(capabilities)},
      {"spirv_extensions", std::move(extensions)},
      {"native_bytes", int64_t(k.spirv.native.size())},
      {"builtins_bytes", int64_t(k.spirv.builtins.size())},
  };
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(info))) << "\n";
  return text;
}

class IntelBackend : public kit::CompilerBackend {
public:
  const char *getName() const override { return "intel"; }

  const std::vector<kit::TargetDescription> &getTargets() const override {
    static const std::vector<kit::TargetDescription> targets = {
        {"pvc", "Data Center GPU Max (Xe-HPC): SIMD16 sub-groups, DPAS, 2D block IO",
         getFeatureNames("pvc")},
        {"bmg", "Arc B-series (Xe2): SIMD16 sub-groups, DPAS, 2D block IO",
         getFeatureNames("bmg")},
        {"xe", "any Xe GPU: SIMD16 sub-groups, no DPAS", getFeatureNames("xe")},
    };
    return targets;
  }

  const char *getArtifactFormat() const override { return "spirv-bundle"; }

  void registerDialects(mlir::DialectRegistry &registry) const override {
    intel::registerIntelBackendDialects(registry);
  }

  std::string checkOption(const Tessel_Key_Value &kv) const override {
    return "unknown option '" + std::string(kv.key) + "' (intel has no options)";
  }

  bool compile(const kit::CompileInput &input, kit::CompiledBinary &out,
               kit::BackendError &error) const override {
    const kit::CompileSettings &s = input.settings;
    intel::IntelTarget target = *intel::IntelTarget::parse(input.arch);
    if (s.numCtas > 1) {
      error = {TESSEL_ERROR_UNIMPLEMENTED, "num_ctas > 1 is not supported by intel"};
      return false;
    }
    intel::IntelOptions options;
    if (s.optLevel >= 0)
      options.optLevel = unsigned(s.optLevel);
    if (s.numStages > 0)
      options.numStages = s.numStages;
    options.numWarps =
        s.numWarps != 0 ? s.numWarps : intel::chooseNumWarps(input.module);
    if (options.numWarps * target.getSubGroupSize() >
        target.getMaxThreadsPerWorkgroup()) {
      error = {TESSEL_ERROR_INVALID_ARGUMENT,
               std::to_string(options.numWarps) + " sub-groups of " +
                   std::to_string(target.getSubGroupSize()) + " exceed " +
                   std::string(target.getName()) + "'s " +
                   std::to_string(target.getMaxThreadsPerWorkgroup()) +
                   " work-items per work-group"};
      return false;
    }
    bool wantText = input.keepStages && !input.byProductsOnly;
    // FuncOp's accessors are non-const; the handle is a cheap copy.
    mlir::func::FuncOp entry = input.kernel;
    mlir::FailureOr<intel::CompiledKernel> kernel = intel::compileTileModule(
        input.module, entry.getName(), target, options, wantText);
    if (mlir::failed(kernel))
      return false;
    if (input.keepStages) {
      if (wantText) {
        out.stages.push_back({"llvm", ".ll", std::move(kernel->llvmIR)});
        out.stages.push_back({"spirv-asm", ".spvasm", std::move(kernel->assembly)});
      }
      out.stages.push_back({"spirv", ".spv", kernel->spirv.native});
      out.stages.push_back({"spirv-builtins", ".builtins.spv", kernel->spirv.builtins});
      out.stages.push_back({"info", ".json", describeKernel(*kernel, target)});
    }
    out.bytes = intel::spirv::writeBundle(kernel->spirv);
    out.numWarps = kernel->numWarps;
    out.warpSize = target.getSubGroupSize();
    out.threadsPerBlock = kernel->threadsPerBlock;
    out.sharedMemoryBytes = kernel->sharedMemoryBytes;
    return true;
  }

  // Both forms against the target: OpenCL kernels whose entry runs the
  // metadata's work-group in sub-groups of 16, INTEL instructions with their
  // capabilities and extensions, the same entry in each; DPAS only where
  // the target has it, and none left in the built-in form.
  std::string validate(const std::string &arch, const uint8_t *bytes, size_t size,
                       const Tessel_Kernel_Metadata *md) const override {
    intel::IntelTarget target = *intel::IntelTarget::parse(arch);
    std::string error;
    std::optional<intel::spirv::Bundle> bundle = intel::spirv::readBundle(
        std::string_view(reinterpret_cast<const char *>(bytes), size), error);
    if (!bundle)
      return error;
    std::string entry = md && md->entry_name ? md->entry_name : "";
    uint32_t threads = md ? md->threads_per_block : 0;
    for (const auto &[name, form] :
         {std::pair<const char *, const std::string *>{"native", &bundle->native},
          {"built-in", &bundle->builtins}}) {
      std::optional<intel::spirv::ModuleSummary> s =
          intel::spirv::readModule(*form, error);
      if (!s)
        return std::string("the ") + name + " form: " + error;
      if (entry.empty() && !s->entryPoints.empty())
        entry = s->entryPoints.front().name;
      std::string problem =
          intel::spirv::checkKernelModule(*s, entry, threads, target.getSubGroupSize());
      if (!problem.empty())
        return std::string("the ") + name + " form: " + problem;
      unsigned dpas = s->count(intel::spirv::OpSubgroupMatrixMultiplyAccumulateINTEL);
      if (dpas != 0 && (!target.hasDpas() || form == &bundle->builtins))
        return std::string("the ") + name + " form holds DPAS instructions, which " +
               (target.hasDpas() ? "the built-in form replaces by calls"
                                 : arch + " does not have");
      unsigned blockIo = s->count(intel::spirv::OpSubgroup2DBlockLoadINTEL) +
                         s->count(intel::spirv::OpSubgroup2DBlockStoreINTEL) +
                         s->count(intel::spirv::OpSubgroup2DBlockPrefetchINTEL);
      if (blockIo != 0 && (!target.has2dBlockIo() || form == &bundle->builtins))
        return std::string("the ") + name + " form holds 2D block IO, which " +
               (target.has2dBlockIo() ? "the built-in form replaces by calls"
                                      : arch + " does not have");
    }
    if (md && md->warp_size != target.getSubGroupSize())
      return "the metadata's warp_size " + std::to_string(md->warp_size) + " is not " +
             arch + "'s sub-group size " + std::to_string(target.getSubGroupSize());
    if (md && md->shared_mem_bytes > target.getSlmPerWorkgroup())
      return std::to_string(md->shared_mem_bytes) + " bytes of SLM exceed " + arch +
             "'s " + std::to_string(target.getSlmPerWorkgroup());
    return "";
  }

  bool supportsBoundsChecks() const override { return true; }

  std::vector<std::string> getStageNames() const override {
    return {"llvm", "spirv-asm", "spirv", "spirv-builtins", "info"};
  }

  kit::TuningHeuristics getTuningHeuristics(const std::string &) const override {
    kit::TuningHeuristics h;
    for (auto [warps, stages] : {std::pair{4, 2}, {8, 2}, {8, 3}, {16, 2}}) {
      Tessel_Compile_Options o{};
      o.struct_size = Tessel_Compile_Options_STRUCT_SIZE;
      o.num_warps = warps;
      o.num_stages = stages;
      o.opt_level = 3;
      h.defaults.push_back(o);
    }
    h.blockValues = {16, 32, 64, 128, 256};
    return h;
  }
};

} // namespace
} // namespace tessel::intel_plugin

std::unique_ptr<tessel::kit::CompilerBackend> tessel::kit::createCompilerBackend() {
  return std::make_unique<tessel::intel_plugin::IntelBackend>();
}
