//===- NvidiaCompiler.cpp - The NVIDIA plugin's compiler backend ----------===//
//
// Tile IR to a cubin (backends/nvidia: LLVM NVPTX in process, then ptxas)
// through the plugin kit.
//
//===----------------------------------------------------------------------===//

#include <cstdlib>

#include "backends/nvidia/CodeGen.h"
#include "backends/nvidia/Heuristics.h"
#include "backends/nvidia/NvidiaTarget.h"
#include "backends/nvidia/Pipeline.h"
#include "backends/nvidia/runtime/TileIrArtifact.h"
#include "backends/nvidia/tileir/TileIrExport.h"
#include "mlir/IR/Diagnostics.h"
#include "plugins/common/CompilerBackend.h"
#include "plugins/nvidia/NvidiaArtifact.h"
#include "tools/tileir-read/TileIrReader.h"
#include "llvm/ADT/STLExtras.h"

namespace tessel::nvidia_plugin {
namespace {

// Default warps: 8 when some tile has 8192 elements or more (a 64x128 or
// larger block keeps 8 warps busy), else 4.
unsigned defaultNumWarps(mlir::func::FuncOp func) {
  int64_t largest = 0;
  func.walk([&](mlir::Operation *op) {
    for (mlir::Type t : op->getResultTypes())
      if (auto tensor = llvm::dyn_cast<mlir::RankedTensorType>(t))
        largest = std::max<int64_t>(largest, tensor.getNumElements());
  });
  return largest >= 8192 ? 8 : 4;
}

std::vector<std::string> getFeatureNames(const char *arch) {
  std::vector<std::string> names =
      nvidia::NvidiaTarget::parse(arch)->getGpuDescription().getTargetFeatureNames();
  // `+tileir`: the artifact is CUDA Tile IR bytecode, not a cubin
  // (tileir/TileIrExport.h); drivers from CUDA 13.1 compile it when loading.
  if (std::string(arch) != "sm_80")
    names.push_back("tileir");
  return names;
}

/// The default of nvidia.matrix_loads: TESSEL_NVIDIA_MATRIX_LOADS=0 turns the
/// ldmatrix path off for tools that pass no options (a conformance run of
/// the shared fragment path on NVIDIA hardware); the compile cache does not
/// see it, so such runs compile without the cache.
bool getDefaultMatrixLoads() {
  const char *env = std::getenv("TESSEL_NVIDIA_MATRIX_LOADS");
  return env == nullptr || std::string(env) != "0";
}

/// The default of nvidia.warp_specialize: TESSEL_NVIDIA_WARP_SPECIALIZE=1
/// turns it on for tools that pass no options (a conformance run of
/// warp-specialized kernels); as TESSEL_NVIDIA_MATRIX_LOADS, unseen by the
/// compile cache.
bool getDefaultWarpSpecialize() {
  const char *env = std::getenv("TESSEL_NVIDIA_WARP_SPECIALIZE");
  return env != nullptr && std::string(env) == "1";
}

/// Whether descriptors over one slice of a tensor are copied by TMA:
/// TESSEL_NVIDIA_SLICED_TMA=1 (a conformance run of that path, which has
/// not yet run on hardware with bounded maps); unseen by the compile cache.
bool getDefaultSlicedTensorCopies() {
  const char *env = std::getenv("TESSEL_NVIDIA_SLICED_TMA");
  return env != nullptr && std::string(env) == "1";
}

class NvidiaBackend : public kit::CompilerBackend {
public:
  const char *getName() const override { return "nvidia"; }

  // The features of each target are what its GPU description says it has
  // (a target string may name them to require them).
  const std::vector<kit::TargetDescription> &getTargets() const override {
    static const std::vector<kit::TargetDescription> targets = {
        {"sm_80", "Ampere (A100) and later 8.x GPUs", getFeatureNames("sm_80")},
        {"sm_90a", "Hopper (H100, H200)", getFeatureNames("sm_90a")},
        // The warp-group dot on tcgen05; validated by ptxas only: no
        // Blackwell GPU has run this code.
        {"sm_100a", "Blackwell (B200), compile-only", getFeatureNames("sm_100a")},
    };
    return targets;
  }

  const char *getArtifactFormat() const override { return "cubin"; }

  void registerDialects(mlir::DialectRegistry &registry) const override {
    nvidia::registerNvidiaBackendDialects(registry);
  }

  std::string checkOption(const Tessel_Key_Value &kv) const override {
    std::string key = kv.key;
    if ((key == "nvidia.ptxas" || key == "nvidia.libdevice") &&
        kv.type == TESSEL_VALUE_STRING && kv.string_value)
      return "";
    if (key == "nvidia.min_blocks_per_sm" && kv.type == TESSEL_VALUE_INT &&
        kv.int_value >= 0 && kv.int_value <= 32)
      return "";
    if ((key == "nvidia.matrix_loads" || key == "nvidia.fp8_fast_accumulation" ||
         key == "nvidia.fp_fusion" || key == "nvidia.flush_denormals" ||
         key == "nvidia.warp_specialize") &&
        kv.type == TESSEL_VALUE_INT && (kv.int_value == 0 || kv.int_value == 1))
      return "";
    return "unknown or ill-typed option '" + key +
           "' (nvidia knows nvidia.ptxas and nvidia.libdevice (strings), "
           "nvidia.min_blocks_per_sm (int, "
           "0..32), nvidia.matrix_loads, nvidia.fp8_fast_accumulation, "
           "nvidia.fp_fusion, nvidia.flush_denormals and nvidia.warp_specialize "
           "(int, 0 or 1))";
  }

  bool compile(const kit::CompileInput &input, kit::CompiledBinary &out,
               kit::BackendError &error) const override {
    const kit::CompileSettings &s = input.settings;
    if (s.numCtas > 1) {
      error = {TESSEL_ERROR_UNIMPLEMENTED,
               "num_ctas > 1 (clusters) is not supported by nvidia yet"};
      return false;
    }
    nvidia::NvidiaOptions options;
    options.matrixLoads = getDefaultMatrixLoads();
    options.warpSpecialize = getDefaultWarpSpecialize();
    options.slicedTensorCopies = getDefaultSlicedTensorCopies();
    if (s.optLevel >= 0)
      options.optLevel = unsigned(s.optLevel);
    if (s.numStages > 0)
      options.numStages = s.numStages;
    for (const Tessel_Key_Value &kv : s.extra) {
      std::string key = kv.key;
      if (key == "nvidia.ptxas")
        options.ptxasPath = kv.string_value;
      else if (key == "nvidia.libdevice")
        options.libdevicePath = kv.string_value;
      else if (key == "nvidia.min_blocks_per_sm")
        options.minBlocksPerSM = unsigned(kv.int_value);
      else if (key == "nvidia.matrix_loads")
        options.matrixLoads = kv.int_value != 0;
      else if (key == "nvidia.fp8_fast_accumulation")
        options.fp8FastAccumulation = kv.int_value != 0;
      else if (key == "nvidia.fp_fusion")
        options.fpFusion = kv.int_value != 0;
      else if (key == "nvidia.flush_denormals")
        options.flushDenormals = kv.int_value != 0;
      else if (key == "nvidia.warp_specialize")
        options.warpSpecialize = kv.int_value != 0;
    }
    if (llvm::is_contained(input.features, "tileir")) {
      // The driver compiles the module when it loads it and picks its own
      // threads for each tile block: the launch gives one.
      std::string why;
      mlir::FailureOr<std::string> bytecode;
      {
        mlir::ScopedDiagnosticHandler capture(input.kernel->getContext(),
                                              [&](mlir::Diagnostic &d) {
                                                if (why.empty())
                                                  why = d.str();
                                                return mlir::success();
                                              });
        bytecode = nvidia::tileir::exportKernel(input.kernel);
      }
      if (mlir::failed(bytecode)) {
        error = {TESSEL_ERROR_UNIMPLEMENTED, "no CUDA Tile IR form: " + why};
        return false;
      }
      out.bytes = std::move(*bytecode);
      out.numWarps = 1;
      out.warpSize = 32;
      out.threadsPerBlock = 1;
      out.sharedMemoryBytes = 0;
      return true;
    }
    options.numWarps = s.numWarps != 0 ? s.numWarps : defaultNumWarps(input.kernel);
    mlir::FailureOr<nvidia::CompiledKernel> kernel = nvidia::compileTileModule(
        input.module, *nvidia::NvidiaTarget::parse(input.arch), options,
        input.keepStages);
    if (mlir::failed(kernel))
      return false;
    if (input.keepStages) {
      out.stages.push_back({"llvm", ".ll", std::move(kernel->llvmIR)});
      out.stages.push_back({"ptx", ".ptx", kernel->ptx});
    }
    out.bytes = std::move(kernel->cubin);
    out.numWarps = kernel->launch.numWarps;
    out.warpSize = 32;
    out.threadsPerBlock = kernel->launch.threadsPerBlock;
    out.sharedMemoryBytes = kernel->launch.sharedMemoryBytes;
    return true;
  }

  // A cubin exists only if ptxas accepted the PTX, so compile-only
  // validation checks its structure: an EM_CUDA ELF defining the entry,
  // whose shared memory and block size fit the target.
  std::string validate(const std::string &arch, const uint8_t *bytes, size_t size,
                       const Tessel_Kernel_Metadata *md) const override {
    nvidia::NvidiaTarget target = *nvidia::NvidiaTarget::parse(arch);
    std::string entry =
        md != nullptr && md->entry_name != nullptr ? md->entry_name : "";
    // A `tileir` artifact: read back by the independent reader, which must
    // find the entry.
    if (nvidia::isTileIrBytecode(bytes, size)) {
      tileir_read::Module module;
      std::string why;
      if (!tileir_read::read(bytes, size, module, why))
        return "CUDA Tile IR bytecode that does not read back: " + why;
      for (const tileir_read::Module::Function &f : module.functions)
        if (f.name == entry && f.entry)
          return "";
      return "CUDA Tile IR bytecode without the entry '" + entry + "'";
    }
    std::string problem = kit::checkElfObject(bytes, size, kCubin, entry);
    if (!problem.empty() || md == nullptr)
      return problem;
    if (md->shared_mem_bytes > target.getMaxSharedMemoryPerBlock())
      return std::to_string(md->shared_mem_bytes) + " bytes of shared memory exceed " +
             arch + "'s " + std::to_string(target.getMaxSharedMemoryPerBlock());
    if (md->threads_per_block == 0 || md->threads_per_block > 1024)
      return std::to_string(md->threads_per_block) +
             " threads per block (1..1024 allowed)";
    return "";
  }

  // tile.ptr_to_int and masked atomics lower like the other tile ops.
  bool supportsBoundsChecks() const override { return true; }

  // The cubin is the artifact itself.
  std::vector<std::string> getStageNames() const override { return {"llvm", "ptx"}; }

  // Defaults: 4 warps then 8 (the compiler picks 8 by itself for large tiles
  // when num_warps is 0); block sizes the tuner may try: powers of two from
  // 32 to 256.
  kit::TuningHeuristics getTuningHeuristics(const std::string &) const override {
    kit::TuningHeuristics h;
    for (int32_t warps : {4, 8}) {
      Tessel_Compile_Options o{};
      o.struct_size = Tessel_Compile_Options_STRUCT_SIZE;
      o.num_warps = warps;
      o.num_stages = 3;
      o.opt_level = 3;
      h.defaults.push_back(o);
    }
    h.blockValues = {32, 64, 128, 256};
    return h;
  }

  // With the problem's M, N and K (autotune keys), the first default is the
  // GEMM choice of backends/nvidia/Heuristics.h: its warps and stages, and
  // its tiles for the tunables that size M, N or K (BLOCK_SIZE_M...); the
  // generic defaults follow. Without them, the generic defaults alone.
  kit::TuningHeuristics getTuningHeuristicsFor(const kit::TuningQuery &query) const override {
    kit::TuningHeuristics h = getTuningHeuristics(query.arch);
    std::optional<nvidia::NvidiaTarget> target = nvidia::NvidiaTarget::parse(query.arch);
    nvidia::GemmShape shape = nvidia::readGemmShape(query.problem);
    if (!target || (shape.m == 0 && shape.n == 0 && shape.k == 0))
      return h;
    nvidia::GemmConfig gemm = nvidia::chooseGemmConfig(*target, shape);
    std::vector<std::pair<std::string, int64_t>> values;
    for (const std::string &tunable : query.tunables)
      if (std::optional<char> dim = nvidia::getBlockDimension(tunable))
        values.push_back({tunable, *dim == 'M'   ? gemm.blockM
                                   : *dim == 'N' ? gemm.blockN
                                                 : gemm.blockK});
    Tessel_Compile_Options o{};
    o.struct_size = Tessel_Compile_Options_STRUCT_SIZE;
    o.num_warps = int32_t(gemm.numWarps);
    o.num_stages = int32_t(gemm.numStages);
    o.opt_level = 3;
    h.defaults.insert(h.defaults.begin(), o);
    h.defaultValues.assign(h.defaults.size(), {});
    h.defaultValues[0] = std::move(values);
    return h;
  }
};

} // namespace
} // namespace tessel::nvidia_plugin

std::unique_ptr<tessel::kit::CompilerBackend> tessel::kit::createCompilerBackend() {
  return std::make_unique<tessel::nvidia_plugin::NvidiaBackend>();
}
