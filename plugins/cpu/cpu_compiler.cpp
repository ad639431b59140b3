// The compiler half of the CPU plugin: tile IR bytecode in, an x86-64 shared
// object (backends/cpu) and its kernel metadata out.
#include <memory>
#include <string>
#include <vector>

#include "backends/cpu/CodeGen.h"
#include "backends/cpu/CpuTarget.h"
#include "backends/cpu/Pipeline.h"
#include "core/compiler/Bytecode.h"
#include "dialects/tile/IR/TileDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "plugins/common/kernel_arguments.h"
#include "plugins/cpu/cpu_plugin.h"
#include "plugins/cpu/elf_check.h"
#include "tessel/plugin.hpp"

struct Tessel_Artifact {
  std::string bytes;
  std::string entryName;
  std::vector<Tessel_Kernel_Arg> args;
  Tessel_Kernel_Metadata metadata;
};

struct Tessel_Tuning_Space {
  Tessel_Compile_Options options;
  Tessel_Tuning_Config config;
  const Tessel_Tuning_Config* defaults[1];
  std::vector<std::string> names;
  std::vector<std::vector<int64_t>> values;
  std::vector<Tessel_Tuning_Param> params;
};

namespace tessel::cpu_plugin {
namespace {

using sdk::MakeErrorF;
using sdk::Ok;

const Tessel_Target_Desc kX86_64 = {Tessel_Target_Desc_STRUCT_SIZE, nullptr, "x86-64",
                                    "x86-64 baseline (SSE2); runs on any x86-64 CPU",
                                    nullptr, 0};
const Tessel_Target_Desc kX86_64V3 = {Tessel_Target_Desc_STRUCT_SIZE, nullptr,
                                      "x86-64-v3", "AVX2, FMA, F16C, BMI2", nullptr, 0};
const Tessel_Target_Desc kNative = {Tessel_Target_Desc_STRUCT_SIZE, nullptr, "native",
                                    "every feature of the compiling machine's CPU",
                                    nullptr, 0};
const Tessel_Target_Desc* const kTargets[] = {&kX86_64, &kX86_64V3, &kNative};
const Tessel_Ir_Format kTileIr = {Tessel_Ir_Format_STRUCT_SIZE, nullptr,
                                  TESSEL_IR_FORMAT_TILE_MLIRBC, tile::kTileVersion.major,
                                  0, tile::kTileVersion.minor, 0};
const Tessel_Ir_Format* const kFormats[] = {&kTileIr};
const Tessel_Compiler_Info kCompilerInfo = {
    Tessel_Compiler_Info_STRUCT_SIZE, nullptr, kTargets, 3, kFormats, 1, kArtifactFormat};

Tessel_Error* GetInfo(Tessel_Compiler_Get_Info_Args* args) {
  return sdk::Entry("compiler_get_info", args, [](Tessel_Compiler_Get_Info_Args& a) {
    a.info = &kCompilerInfo;
    return Ok();
  });
}

Tessel_Error* CheckTarget(const char* entry, const Tessel_Target* target,
                          cpu::CpuTarget& out) {
  if (target == nullptr || target->arch == nullptr)
    return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "%s: no target given", entry);
  if (Tessel_Error* e = sdk::CheckArgs(entry, target)) return e;
  if (target->num_features != 0)
    return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                      "%s: target features are not supported by cpu (got '+%s')", entry,
                      target->features[0]);
  std::optional<cpu::CpuTarget> t = cpu::CpuTarget::parse(target->arch);
  if (!t)
    return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                      "%s: unknown cpu target '%s' (expected x86-64, x86-64-v3 or native)",
                      entry, target->arch);
  out = *t;
  return Ok();
}

Tessel_Error* Compile(Tessel_Compile_Args* args) {
  return sdk::Entry("compile", args, [](Tessel_Compile_Args& a) -> Tessel_Error* {
    cpu::CpuTarget target;
    if (Tessel_Error* e = CheckTarget("compile", a.target, target)) return e;
    if (a.ir_format == nullptr || std::string(a.ir_format) != TESSEL_IR_FORMAT_TILE_MLIRBC)
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                        "compile: IR format '%s' is not supported (cpu reads %s)",
                        a.ir_format ? a.ir_format : "(null)", TESSEL_IR_FORMAT_TILE_MLIRBC);
    if (a.ir_version_major != tile::kTileVersion.major)
      return MakeErrorF(TESSEL_ERROR_FAILED_PRECONDITION,
                        "compile: tile IR version %u.%u is not supported (cpu reads %u.x)",
                        a.ir_version_major, a.ir_version_minor, tile::kTileVersion.major);
    if (a.entry_name == nullptr || a.ir == nullptr)
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "compile: IR and entry name are required");
    cpu::CpuOptions options;
    if (a.options != nullptr) {
      if (Tessel_Error* e = sdk::CheckArgs("compile (options)", a.options)) return e;
      if (a.options->opt_level >= 0 && a.options->opt_level <= 3)
        options.optLevel = static_cast<unsigned>(a.options->opt_level);
      for (size_t i = 0; i < a.options->num_extra; ++i) {
        std::string key = a.options->extra[i].key ? a.options->extra[i].key : "";
        if (key.rfind("cpu.", 0) == 0)
          return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                            "compile: unknown option '%s'", key.c_str());
      }
    }

    mlir::DialectRegistry registry;
    cpu::registerCpuBackendDialects(registry);
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
    auto artifact = std::make_unique<Tessel_Artifact>();
    if (std::string problem = plugins::DescribeKernelArgs(func, artifact->args); !problem.empty())
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "compile: %s", problem.c_str());
    mlir::FailureOr<std::string> so =
        cpu::compileTileModuleToSharedObject(*read->module, target, options);
    if (mlir::failed(so))
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "compile: %s", messages.c_str());
    artifact->bytes = std::move(*so);
    artifact->entryName = a.entry_name;
    Tessel_Kernel_Metadata& md = artifact->metadata;
    md = sdk::Init<Tessel_Kernel_Metadata>();
    md.entry_name = artifact->entryName.c_str();
    md.args = artifact->args.data();
    md.num_args = artifact->args.size();
    md.num_warps = 1;
    md.warp_size = 1;
    md.threads_per_block = 1;
    md.shared_mem_bytes = 0;
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

Tessel_Error* Validate(Tessel_Validate_Artifact_Args* args) {
  return sdk::Entry("validate_artifact", args, [](Tessel_Validate_Artifact_Args& a) -> Tessel_Error* {
    cpu::CpuTarget target;
    if (Tessel_Error* e = CheckTarget("validate_artifact", a.target, target)) return e;
    std::string entry =
        a.metadata != nullptr && a.metadata->entry_name != nullptr ? a.metadata->entry_name : "";
    std::string problem = CheckKernelSharedObject(a.artifact, a.artifact_size, entry);
    if (!problem.empty())
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "validate_artifact: %s",
                        problem.c_str());
    return Ok();
  });
}

// CPU heuristics: one program instance runs on one core, so blocks should be
// large enough to amortize the per-instance call but fit in L1/L2. The
// candidates below are what the tuner may try for block-size constants.
Tessel_Error* TuningSpaceGet(Tessel_Tuning_Space_Get_Args* args) {
  return sdk::Entry("tuning_space_get", args, [](Tessel_Tuning_Space_Get_Args& a) -> Tessel_Error* {
    cpu::CpuTarget target;
    if (Tessel_Error* e = CheckTarget("tuning_space_get", a.target, target)) return e;
    auto space = std::make_unique<Tessel_Tuning_Space>();
    space->options = sdk::Init<Tessel_Compile_Options>();
    space->options.opt_level = 3;
    space->config = sdk::Init<Tessel_Tuning_Config>();
    space->config.options = &space->options;
    space->defaults[0] = &space->config;
    for (size_t i = 0; i < a.num_tunables; ++i) {
      std::string name = a.tunables[i] ? a.tunables[i] : "";
      if (name.find("BLOCK") == std::string::npos && name.find("BLOC") == std::string::npos)
        continue;
      space->names.push_back(name);
      space->values.push_back({16, 32, 64, 128, 256});
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
    a.defaults = a.space->defaults;
    a.num_defaults = 1;
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

}  // namespace tessel::cpu_plugin
