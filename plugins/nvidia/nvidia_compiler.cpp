// The compiler half of the NVIDIA plugin: tile IR bytecode in, a cubin
// (backends/nvidia: LLVM NVPTX in process, then ptxas) and its kernel
// metadata out.
#include <memory>
#include <string>
#include <vector>

#include "backends/nvidia/CodeGen.h"
#include "backends/nvidia/NvidiaTarget.h"
#include "backends/nvidia/Pipeline.h"
#include "core/compiler/Bytecode.h"
#include "dialects/tile/IR/TileDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "plugins/nvidia/cubin_check.h"
#include "plugins/common/kernel_arguments.h"
#include "plugins/nvidia/nvidia_plugin.h"
#include "tessel/plugin.hpp"

struct Tessel_Artifact {
  std::string bytes;
  std::string entryName;
  std::vector<Tessel_Kernel_Arg> args;
  Tessel_Kernel_Metadata metadata;
};

struct Tessel_Tuning_Space {
  std::vector<Tessel_Compile_Options> options;
  std::vector<Tessel_Tuning_Config> configs;
  std::vector<const Tessel_Tuning_Config*> defaults;
  std::vector<std::string> names;
  std::vector<std::vector<int64_t>> values;
  std::vector<Tessel_Tuning_Param> params;
};

namespace tessel::nvidia_plugin {
namespace {

using sdk::MakeErrorF;
using sdk::Ok;

const Tessel_Target_Desc kSm80 = {Tessel_Target_Desc_STRUCT_SIZE, nullptr, "sm_80",
                                  "Ampere (A100) and later 8.x GPUs", nullptr, 0};
const Tessel_Target_Desc kSm90a = {Tessel_Target_Desc_STRUCT_SIZE, nullptr, "sm_90a",
                                   "Hopper (H100, H200)", nullptr, 0};
const Tessel_Target_Desc* const kTargets[] = {&kSm80, &kSm90a};
const Tessel_Ir_Format kTileIr = {Tessel_Ir_Format_STRUCT_SIZE, nullptr,
                                  TESSEL_IR_FORMAT_TILE_MLIRBC, tile::kTileVersion.major,
                                  0, tile::kTileVersion.minor, 0};
const Tessel_Ir_Format* const kFormats[] = {&kTileIr};
const Tessel_Compiler_Info kCompilerInfo = {
    Tessel_Compiler_Info_STRUCT_SIZE, nullptr, kTargets, 2, kFormats, 1, kArtifactFormat};

Tessel_Error* GetInfo(Tessel_Compiler_Get_Info_Args* args) {
  return sdk::Entry("compiler_get_info", args, [](Tessel_Compiler_Get_Info_Args& a) {
    a.info = &kCompilerInfo;
    return Ok();
  });
}

Tessel_Error* CheckTarget(const char* entry, const Tessel_Target* target,
                          nvidia::NvidiaTarget& out) {
  if (target == nullptr || target->arch == nullptr)
    return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "%s: no target given", entry);
  if (Tessel_Error* e = sdk::CheckArgs(entry, target)) return e;
  if (target->num_features != 0)
    return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                      "%s: target features are not supported by nvidia yet (got '+%s')",
                      entry, target->features[0]);
  std::optional<nvidia::NvidiaTarget> t = nvidia::NvidiaTarget::parse(target->arch);
  if (!t)
    return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                      "%s: unknown nvidia target '%s' (expected sm_80 or sm_90a)", entry,
                      target->arch);
  out = *t;
  return Ok();
}

// Default warps: 8 when some tile has 8192 elements or more (a 64x128 or
// larger block keeps 8 warps busy), else 4.
unsigned DefaultNumWarps(mlir::func::FuncOp func) {
  int64_t largest = 0;
  func.walk([&](mlir::Operation* op) {
    for (mlir::Type t : op->getResultTypes())
      if (auto tensor = llvm::dyn_cast<mlir::RankedTensorType>(t))
        largest = std::max<int64_t>(largest, tensor.getNumElements());
  });
  return largest >= 8192 ? 8 : 4;
}

Tessel_Error* Compile(Tessel_Compile_Args* args) {
  return sdk::Entry("compile", args, [](Tessel_Compile_Args& a) -> Tessel_Error* {
    nvidia::NvidiaTarget target;
    if (Tessel_Error* e = CheckTarget("compile", a.target, target)) return e;
    if (a.ir_format == nullptr || std::string(a.ir_format) != TESSEL_IR_FORMAT_TILE_MLIRBC)
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                        "compile: IR format '%s' is not supported (nvidia reads %s)",
                        a.ir_format ? a.ir_format : "(null)", TESSEL_IR_FORMAT_TILE_MLIRBC);
    if (a.ir_version_major != tile::kTileVersion.major)
      return MakeErrorF(TESSEL_ERROR_FAILED_PRECONDITION,
                        "compile: tile IR version %u.%u is not supported (nvidia reads %u.x)",
                        a.ir_version_major, a.ir_version_minor, tile::kTileVersion.major);
    if (a.entry_name == nullptr || a.ir == nullptr)
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "compile: IR and entry name are required");
    nvidia::NvidiaOptions options;
    int32_t numWarps = 0;
    if (a.options != nullptr) {
      if (Tessel_Error* e = sdk::CheckArgs("compile (options)", a.options)) return e;
      if (a.options->opt_level >= 0 && a.options->opt_level <= 3)
        options.optLevel = static_cast<unsigned>(a.options->opt_level);
      numWarps = a.options->num_warps;
      if (numWarps != 0 && (numWarps < 1 || numWarps > 32 || (numWarps & (numWarps - 1)) != 0))
        return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                          "compile: num_warps must be a power of two from 1 to 32 (got %d)",
                          numWarps);
      if (a.options->num_stages > 0) options.numStages = unsigned(a.options->num_stages);
      if (a.options->num_ctas > 1)
        return MakeErrorF(TESSEL_ERROR_UNIMPLEMENTED,
                          "compile: num_ctas > 1 (clusters) is not supported by nvidia yet");
      for (size_t i = 0; i < a.options->num_extra; ++i) {
        const Tessel_Key_Value& kv = a.options->extra[i];
        std::string key = kv.key ? kv.key : "";
        if (key == "nvidia.ptxas" && kv.type == TESSEL_VALUE_STRING && kv.string_value)
          options.ptxasPath = kv.string_value;
        else if (key == "nvidia.min_blocks_per_sm" && kv.type == TESSEL_VALUE_INT &&
                 kv.int_value >= 0 && kv.int_value <= 32)
          options.minBlocksPerSM = unsigned(kv.int_value);
        else if (key.rfind("nvidia.", 0) == 0)
          return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                            "compile: unknown or ill-typed option '%s' (nvidia knows "
                            "nvidia.ptxas (string) and nvidia.min_blocks_per_sm (int, 0..32))",
                            key.c_str());
      }
    }

    mlir::DialectRegistry registry;
    nvidia::registerNvidiaBackendDialects(registry);
    mlir::MLIRContext context(registry);
    context.loadDialect<tile::TileDialect, mlir::func::FuncDialect>();
    std::string messages;
    mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic& d) {
      std::string loc;
      llvm::raw_string_ostream os(loc);
      d.getLocation().print(os);
      messages += (messages.empty() ? "" : "\n") + loc + ": " + d.str();
      return mlir::success();
    });
    llvm::StringRef bytes(reinterpret_cast<const char*>(a.ir), a.ir_size);
    mlir::FailureOr<compiler::ReadModule> read = compiler::readTileBytecode(bytes, &context);
    if (mlir::failed(read))
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "compile: cannot read the IR: %s",
                        messages.c_str());
    auto func = read->module->lookupSymbol<mlir::func::FuncOp>(a.entry_name);
    if (!func)
      return MakeErrorF(TESSEL_ERROR_NOT_FOUND, "compile: the IR has no function '%s'",
                        a.entry_name);
    options.numWarps = numWarps != 0 ? unsigned(numWarps) : DefaultNumWarps(func);
    auto artifact = std::make_unique<Tessel_Artifact>();
    if (std::string problem = plugins::DescribeKernelArgs(func, artifact->args); !problem.empty())
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "compile: %s", problem.c_str());
    mlir::FailureOr<nvidia::CompiledKernel> kernel =
        nvidia::compileTileModule(*read->module, target, options);
    if (mlir::failed(kernel))
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "compile: %s", messages.c_str());
    artifact->bytes = std::move(kernel->cubin);
    artifact->entryName = a.entry_name;
    Tessel_Kernel_Metadata& md = artifact->metadata;
    md = sdk::Init<Tessel_Kernel_Metadata>();
    md.entry_name = artifact->entryName.c_str();
    md.args = artifact->args.data();
    md.num_args = artifact->args.size();
    md.num_warps = kernel->launch.numWarps;
    md.warp_size = 32;
    md.threads_per_block = kernel->launch.threadsPerBlock;
    md.shared_mem_bytes = kernel->launch.sharedMemoryBytes;
    md.cluster_dims[0] = md.cluster_dims[1] = md.cluster_dims[2] = 1;
    a.artifact = artifact.release();
    return Ok();
  });
}

Tessel_Error* ArtifactInspect(Tessel_Artifact_Inspect_Args* args) {
  return sdk::Entry("artifact_inspect", args, [](Tessel_Artifact_Inspect_Args& a) -> Tessel_Error* {
    if (a.artifact == nullptr)
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "artifact_inspect: artifact is NULL");
    a.bytes = reinterpret_cast<const uint8_t*>(a.artifact->bytes.data());
    a.size = a.artifact->bytes.size();
    a.metadata = &a.artifact->metadata;
    return Ok();
  });
}

Tessel_Error* ArtifactDestroy(Tessel_Artifact_Destroy_Args* args) {
  return sdk::Entry("artifact_destroy", args, [](Tessel_Artifact_Destroy_Args& a) {
    delete a.artifact;
    return Ok();
  });
}

// A cubin exists only if ptxas accepted the PTX, so compile-only validation
// checks its structure: an EM_CUDA ELF defining the entry, whose shared
// memory and block size fit the target.
Tessel_Error* Validate(Tessel_Validate_Artifact_Args* args) {
  return sdk::Entry("validate_artifact", args, [](Tessel_Validate_Artifact_Args& a) -> Tessel_Error* {
    nvidia::NvidiaTarget target;
    if (Tessel_Error* e = CheckTarget("validate_artifact", a.target, target)) return e;
    std::string entry =
        a.metadata != nullptr && a.metadata->entry_name != nullptr ? a.metadata->entry_name : "";
    std::string problem = CheckCubin(a.artifact, a.artifact_size, entry);
    if (!problem.empty())
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "validate_artifact: %s", problem.c_str());
    if (a.metadata != nullptr) {
      if (a.metadata->shared_mem_bytes > target.getMaxSharedMemoryPerBlock())
        return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                          "validate_artifact: %u bytes of shared memory exceed %s's %u",
                          a.metadata->shared_mem_bytes, std::string(target.getName()).c_str(),
                          target.getMaxSharedMemoryPerBlock());
      if (a.metadata->threads_per_block == 0 || a.metadata->threads_per_block > 1024)
        return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                          "validate_artifact: %u threads per block (1..1024 allowed)",
                          a.metadata->threads_per_block);
    }
    return Ok();
  });
}

// Defaults: 4 warps then 8 (the compiler picks 8 by itself for large
// tiles when num_warps is 0); block sizes the tuner may try: powers of two
// from 32 to 256 for names containing BLOCK.
Tessel_Error* TuningSpaceGet(Tessel_Tuning_Space_Get_Args* args) {
  return sdk::Entry("tuning_space_get", args, [](Tessel_Tuning_Space_Get_Args& a) -> Tessel_Error* {
    nvidia::NvidiaTarget target;
    if (Tessel_Error* e = CheckTarget("tuning_space_get", a.target, target)) return e;
    auto space = std::make_unique<Tessel_Tuning_Space>();
    for (int32_t warps : {4, 8}) {
      Tessel_Compile_Options o = sdk::Init<Tessel_Compile_Options>();
      o.num_warps = warps;
      o.num_stages = 3;
      o.opt_level = 3;
      space->options.push_back(o);
    }
    for (Tessel_Compile_Options& o : space->options) {
      Tessel_Tuning_Config c = sdk::Init<Tessel_Tuning_Config>();
      c.options = &o;
      space->configs.push_back(c);
    }
    for (Tessel_Tuning_Config& c : space->configs) space->defaults.push_back(&c);
    for (size_t i = 0; i < a.num_tunables; ++i) {
      std::string name = a.tunables[i] ? a.tunables[i] : "";
      if (name.find("BLOCK") == std::string::npos) continue;
      space->names.push_back(name);
      space->values.push_back({32, 64, 128, 256});
    }
    for (size_t i = 0; i < space->names.size(); ++i)
      space->params.push_back(Tessel_Tuning_Param{space->names[i].c_str(),
                                                  space->values[i].data(),
                                                  space->values[i].size()});
    a.space = space.release();
    return Ok();
  });
}

Tessel_Error* TuningSpaceInspect(Tessel_Tuning_Space_Inspect_Args* args) {
  return sdk::Entry("tuning_space_inspect", args, [](Tessel_Tuning_Space_Inspect_Args& a) -> Tessel_Error* {
    if (a.space == nullptr)
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "tuning_space_inspect: space is NULL");
    a.defaults = a.space->defaults.data();
    a.num_defaults = a.space->defaults.size();
    a.params = a.space->params.data();
    a.num_params = a.space->params.size();
    return Ok();
  });
}

Tessel_Error* TuningSpaceDestroy(Tessel_Tuning_Space_Destroy_Args* args) {
  return sdk::Entry("tuning_space_destroy", args, [](Tessel_Tuning_Space_Destroy_Args& a) {
    delete a.space;
    return Ok();
  });
}

}  // namespace

void FillCompilerHalf(Tessel_Plugin_Api& api) {
  api.compiler_get_info = &GetInfo;
  api.compile = &Compile;
  api.artifact_inspect = &ArtifactInspect;
  api.artifact_destroy = &ArtifactDestroy;
  api.validate_artifact = &Validate;
  api.tuning_space_get = &TuningSpaceGet;
  api.tuning_space_inspect = &TuningSpaceInspect;
  api.tuning_space_destroy = &TuningSpaceDestroy;
}

}  // namespace tessel::nvidia_plugin
