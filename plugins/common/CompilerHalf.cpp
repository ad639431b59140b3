//===- CompilerHalf.cpp - The compiler entries of every plugin ------------===//
//
// Everything the ABI's compiler half asks that does not depend on the
// vendor: argument checks, the target and option checks, reading the tile
// IR, the kernel's argument layout, artifact and tuning-space objects. The
// vendor's part is a CompilerBackend (CompilerBackend.h).
//
//===----------------------------------------------------------------------===//

#include <memory>
#include <string>
#include <vector>

#include "dialects/tile/Bytecode/Bytecode.h"
#include "dialects/tile/IR/TileDialect.h"
#include "dialects/tile/Transforms/Passes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "plugins/common/CompilerBackend.h"
#include "plugins/common/KernelArguments.h"
#include "plugins/common/PassDump.h"
#include "tessel/plugin.hpp"

struct Tessel_Artifact {
  std::string bytes;
  std::string entryName;
  std::vector<Tessel_Kernel_Arg> args;
  Tessel_Kernel_Metadata metadata;
  /// The stages kept on request, and their ABI view (pointing into them).
  std::vector<tessel::kit::KeptStage> stages;
  std::vector<Tessel_Artifact_Stage> stageViews;
};

struct Tessel_Tuning_Space {
  std::vector<Tessel_Compile_Options> options;
  std::vector<Tessel_Tuning_Config> configs;
  std::vector<const Tessel_Tuning_Config *> defaults;
  std::vector<std::string> names;
  std::vector<std::vector<int64_t>> values;
  std::vector<Tessel_Tuning_Param> params;
  /// The values each default fixes; keys point into valueNames.
  std::vector<std::vector<std::string>> valueNames;
  std::vector<std::vector<Tessel_Key_Value>> configValues;
};

namespace tessel::kit {
namespace {

using sdk::MakeErrorF;
using sdk::Ok;

/// The backend and the ABI data describing it, built once on first use and
/// alive until the library unloads (as compiler_get_info promises).
struct CompilerState {
  std::unique_ptr<CompilerBackend> backend;
  std::vector<std::vector<const char *>> featureNames;
  std::vector<Tessel_Target_Desc> targets;
  std::vector<const Tessel_Target_Desc *> targetList;
  Tessel_Ir_Format tileIr;
  const Tessel_Ir_Format *formats[1];
  Tessel_Compiler_Info info;
  /// The backend's stages and "passes", and their C strings.
  std::vector<std::string> stageNames;
  std::vector<const char *> stageList;
  /// "a, b or c": the archs, for messages.
  std::string archList;
};

CompilerState &state() {
  static CompilerState *s = [] {
    auto *s = new CompilerState();
    s->backend = createCompilerBackend();
    const std::vector<TargetDescription> &targets = s->backend->getTargets();
    s->featureNames.resize(targets.size());
    for (size_t i = 0; i < targets.size(); ++i) {
      for (const std::string &f : targets[i].features)
        s->featureNames[i].push_back(f.c_str());
      s->targets.push_back(
          Tessel_Target_Desc{Tessel_Target_Desc_STRUCT_SIZE, nullptr,
                             targets[i].arch.c_str(), targets[i].description.c_str(),
                             s->featureNames[i].data(), s->featureNames[i].size()});
      s->archList += (i == 0                    ? ""
                      : i + 1 == targets.size() ? " or "
                                                : ", ") +
                     targets[i].arch;
    }
    for (const Tessel_Target_Desc &t : s->targets)
      s->targetList.push_back(&t);
    s->tileIr = Tessel_Ir_Format{Tessel_Ir_Format_STRUCT_SIZE,
                                 nullptr,
                                 TESSEL_IR_FORMAT_TILE_MLIRBC,
                                 tile::kTileVersion.major,
                                 0,
                                 tile::kTileVersion.minor,
                                 0};
    s->formats[0] = &s->tileIr;
    s->stageNames = s->backend->getStageNames();
    s->stageNames.push_back(kPassesStageName);
    for (const std::string &name : s->stageNames)
      s->stageList.push_back(name.c_str());
    s->info = Tessel_Compiler_Info{Tessel_Compiler_Info_STRUCT_SIZE,
                                   nullptr,
                                   s->targetList.data(),
                                   s->targetList.size(),
                                   s->formats,
                                   1,
                                   s->backend->getArtifactFormat(),
                                   s->stageList.data(),
                                   s->stageList.size()};
    return s;
  }();
  return *s;
}

/// Checks `target` against the backend's list; fills arch and features.
Tessel_Error *checkTarget(const char *entry, const Tessel_Target *target,
                          std::string &arch, std::vector<std::string> &features) {
  CompilerState &s = state();
  if (target == nullptr || target->arch == nullptr)
    return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "%s: no target given", entry);
  if (Tessel_Error *e = sdk::CheckArgs(entry, target))
    return e;
  const TargetDescription *known = nullptr;
  for (const TargetDescription &t : s.backend->getTargets())
    if (t.arch == target->arch)
      known = &t;
  if (known == nullptr)
    return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                      "%s: unknown %s target '%s' (expected %s)", entry,
                      s.backend->getName(), target->arch, s.archList.c_str());
  features.clear();
  for (size_t i = 0; i < target->num_features; ++i) {
    std::string f = target->features[i] ? target->features[i] : "";
    bool accepted = false;
    for (const std::string &k : known->features)
      accepted |= k == f;
    if (!accepted) {
      if (known->features.empty())
        return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                          "%s: target features are not supported by %s (got '+%s')",
                          entry, s.backend->getName(), f.c_str());
      std::string list;
      for (const std::string &k : known->features)
        list += (list.empty() ? "" : ", ") + k;
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                        "%s: %s:%s does not have the target feature '+%s' (it has %s)",
                        entry, s.backend->getName(), target->arch, f.c_str(),
                        list.c_str());
    }
    features.push_back(f);
  }
  arch = target->arch;
  return Ok();
}

/// The IR format and version every reader of tile bytecode requires.
Tessel_Error *checkIrFormat(const char *entry, const char *format, uint32_t major,
                            uint32_t minor) {
  const char *name = state().backend->getName();
  if (format == nullptr || std::string(format) != TESSEL_IR_FORMAT_TILE_MLIRBC)
    return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                      "%s: IR format '%s' is not supported (%s reads %s)", entry,
                      format ? format : "(null)", name, TESSEL_IR_FORMAT_TILE_MLIRBC);
  if (major != tile::kTileVersion.major)
    return MakeErrorF(TESSEL_ERROR_FAILED_PRECONDITION,
                      "%s: tile IR version %u.%u is not supported (%s reads %u.x)",
                      entry, major, minor, name, tile::kTileVersion.major);
  return Ok();
}

/// The generic options, range-checked, and the backend's own extras.
Tessel_Error *readSettings(const Tessel_Compile_Options *options,
                           CompileSettings &settings) {
  if (options == nullptr)
    return Ok();
  if (Tessel_Error *e = sdk::CheckArgs("compile (options)", options))
    return e;
  const CompilerBackend &backend = *state().backend;
  if (options->opt_level >= 0 && options->opt_level <= 3)
    settings.optLevel = options->opt_level;
  int32_t warps = options->num_warps;
  if (warps != 0 && (warps < 1 || warps > 32 || (warps & (warps - 1)) != 0))
    return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                      "compile: num_warps must be a power of two from 1 to 32 (got %d)",
                      warps);
  settings.numWarps = static_cast<unsigned>(warps);
  settings.numStages = options->num_stages > 0 ? unsigned(options->num_stages) : 0;
  settings.numCtas = options->num_ctas > 0 ? unsigned(options->num_ctas) : 0;
  settings.flags = options->flags;
  std::string prefix = std::string(backend.getName()) + ".";
  for (size_t i = 0; i < options->num_extra; ++i) {
    const Tessel_Key_Value &kv = options->extra[i];
    std::string key = kv.key ? kv.key : "";
    if (key.rfind(prefix, 0) != 0)
      continue;
    std::string problem = backend.checkOption(kv);
    if (!problem.empty())
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "compile: %s", problem.c_str());
    settings.extra.push_back(kv);
  }
  return Ok();
}

Tessel_Error *getInfo(Tessel_Compiler_Get_Info_Args *args) {
  return sdk::Entry("compiler_get_info", args, [](Tessel_Compiler_Get_Info_Args &a) {
    a.info = &state().info;
    return Ok();
  });
}

Tessel_Error *compile(Tessel_Compile_Args *args) {
  return sdk::Entry("compile", args, [](Tessel_Compile_Args &a) -> Tessel_Error * {
    CompileInput input;
    if (Tessel_Error *e = checkTarget("compile", a.target, input.arch, input.features))
      return e;
    if (Tessel_Error *e = checkIrFormat("compile", a.ir_format, a.ir_version_major,
                                        a.ir_version_minor))
      return e;
    if (a.entry_name == nullptr || a.ir == nullptr)
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                        "compile: IR and entry name are required");
    if (Tessel_Error *e = readSettings(a.options, input.settings))
      return e;
    const CompilerBackend &backend = *state().backend;
    // A chain the plugin does not understand is skipped: an older host may
    // hang nothing, a newer one may hang types this kit does not know.
    uint32_t stageFlags = 0;
    if (const auto *ext =
            Tessel_Find_Extension(a.extension_start, TESSEL_EXTENSION_COMPILE_STAGES);
        ext != nullptr &&
        ext->struct_size >= Tessel_Compile_Stages_Request_STRUCT_SIZE_MIN)
      stageFlags = reinterpret_cast<const Tessel_Compile_Stages_Request *>(ext)->flags;
    input.keepStages = (stageFlags & TESSEL_STAGES_KEEP) != 0;
    input.byProductsOnly = (stageFlags & TESSEL_STAGES_BY_PRODUCTS_ONLY) != 0;

    mlir::DialectRegistry registry;
    registry.insert<tile::TileDialect, mlir::func::FuncDialect>();
    backend.registerDialects(registry);
    // The module holds one kernel, so the pass managers have nothing to run
    // in parallel; a thread pool per compile only costs its start and its
    // waits.
    mlir::MLIRContext context(registry, mlir::MLIRContext::Threading::DISABLED);
    context.loadDialect<tile::TileDialect, mlir::func::FuncDialect>();
    // Installed on the context before any pass runs, so the backend's own
    // pass managers are recorded without knowing it.
    std::unique_ptr<PassDump> passDump;
    if (stageFlags & TESSEL_STAGES_PASSES)
      passDump = std::make_unique<PassDump>(context);
    std::string messages;
    mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &d) {
      std::string loc;
      llvm::raw_string_ostream os(loc);
      d.getLocation().print(os);
      messages += (messages.empty() ? "" : "\n") + loc + ": " + d.str();
      return mlir::success();
    });
    llvm::StringRef bytes(reinterpret_cast<const char *>(a.ir), a.ir_size);
    mlir::FailureOr<tile::ReadModule> read = tile::readTileBytecode(bytes, &context);
    if (mlir::failed(read))
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                        "compile: cannot read the IR: %s", messages.c_str());
    input.module = read->module.get();
    input.kernel = input.module.lookupSymbol<mlir::func::FuncOp>(a.entry_name);
    if (!input.kernel)
      return MakeErrorF(TESSEL_ERROR_NOT_FOUND, "compile: the IR has no function '%s'",
                        a.entry_name);
    if (input.settings.flags & TESSEL_COMPILE_CHECK_BOUNDS) {
      if (!backend.supportsBoundsChecks())
        return MakeErrorF(TESSEL_ERROR_UNIMPLEMENTED,
                          "compile: the %s plugin does not implement bounds-checked "
                          "kernels (TESSEL_COMPILE_CHECK_BOUNDS)",
                          backend.getName());
      // Before the arguments are described: the record is one of them.
      mlir::PassManager pm(&context);
      tile::TileInstrumentBoundsOptions instrument;
      instrument.kernel = a.entry_name;
      pm.addPass(tile::createTileInstrumentBounds(instrument));
      if (mlir::failed(pm.run(input.module)))
        return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                          "compile: cannot add bounds checks: %s", messages.c_str());
    }
    auto artifact = std::make_unique<Tessel_Artifact>();
    if (std::string problem = describeKernelArgs(input.kernel, artifact->args);
        !problem.empty())
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "compile: %s", problem.c_str());
    CompiledBinary binary;
    BackendError error;
    if (!backend.compile(input, binary, error))
      return MakeErrorF(error.code, "compile: %s",
                        error.message.empty() ? messages.c_str()
                                              : error.message.c_str());
    artifact->bytes = std::move(binary.bytes);
    if (input.keepStages)
      artifact->stages = std::move(binary.stages);
    if (passDump)
      artifact->stages.push_back(
          KeptStage{kPassesStageName, kPassesStageSuffix, passDump->take()});
    for (const KeptStage &stage : artifact->stages)
      artifact->stageViews.push_back(Tessel_Artifact_Stage{
          stage.name.c_str(), stage.fileSuffix.c_str(),
          reinterpret_cast<const uint8_t *>(stage.data.data()), stage.data.size()});
    artifact->entryName = a.entry_name;
    Tessel_Kernel_Metadata &md = artifact->metadata;
    md = sdk::Init<Tessel_Kernel_Metadata>();
    md.entry_name = artifact->entryName.c_str();
    md.args = artifact->args.data();
    md.num_args = artifact->args.size();
    md.num_warps = binary.numWarps;
    md.warp_size = binary.warpSize;
    md.threads_per_block = binary.threadsPerBlock;
    md.shared_mem_bytes = binary.sharedMemoryBytes;
    md.cluster_dims[0] = md.cluster_dims[1] = md.cluster_dims[2] = 1;
    a.artifact = artifact.release();
    return Ok();
  });
}

Tessel_Error *artifactInspect(Tessel_Artifact_Inspect_Args *args) {
  return sdk::Entry(
      "artifact_inspect", args, [](Tessel_Artifact_Inspect_Args &a) -> Tessel_Error * {
        if (a.artifact == nullptr)
          return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                            "artifact_inspect: artifact is NULL");
        a.bytes = reinterpret_cast<const uint8_t *>(a.artifact->bytes.data());
        a.size = a.artifact->bytes.size();
        a.metadata = &a.artifact->metadata;
        // The out fields belong to the caller's extension; the chain is
        // handed over as const only because finding is read-only.
        if (auto *ext = const_cast<Tessel_Extension *>(Tessel_Find_Extension(
                a.extension_start, TESSEL_EXTENSION_ARTIFACT_STAGES));
            ext != nullptr &&
            ext->struct_size >= Tessel_Artifact_Stages_STRUCT_SIZE_MIN) {
          auto *stages = reinterpret_cast<Tessel_Artifact_Stages *>(ext);
          stages->stages =
              a.artifact->stageViews.empty() ? nullptr : a.artifact->stageViews.data();
          stages->num_stages = a.artifact->stageViews.size();
        }
        return Ok();
      });
}

Tessel_Error *artifactDestroy(Tessel_Artifact_Destroy_Args *args) {
  return sdk::Entry("artifact_destroy", args, [](Tessel_Artifact_Destroy_Args &a) {
    delete a.artifact;
    return Ok();
  });
}

Tessel_Error *validate(Tessel_Validate_Artifact_Args *args) {
  return sdk::Entry(
      "validate_artifact", args,
      [](Tessel_Validate_Artifact_Args &a) -> Tessel_Error * {
        std::string arch;
        std::vector<std::string> features;
        if (Tessel_Error *e =
                checkTarget("validate_artifact", a.target, arch, features))
          return e;
        if (a.metadata != nullptr)
          if (Tessel_Error *e =
                  sdk::CheckArgs("validate_artifact (metadata)", a.metadata))
            return e;
        std::string problem =
            state().backend->validate(arch, a.artifact, a.artifact_size, a.metadata);
        if (!problem.empty())
          return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "validate_artifact: %s",
                            problem.c_str());
        return Ok();
      });
}

Tessel_Error *tuningSpaceGet(Tessel_Tuning_Space_Get_Args *args) {
  return sdk::Entry(
      "tuning_space_get", args, [](Tessel_Tuning_Space_Get_Args &a) -> Tessel_Error * {
        std::string arch;
        std::vector<std::string> features;
        if (Tessel_Error *e = checkTarget("tuning_space_get", a.target, arch, features))
          return e;
        TuningQuery query;
        query.arch = arch;
        for (size_t i = 0; i < a.num_tunables; ++i)
          if (a.tunables != nullptr && a.tunables[i] != nullptr)
            query.tunables.push_back(a.tunables[i]);
        for (size_t i = 0; i < a.num_problem; ++i)
          if (a.problem != nullptr && a.problem[i].key != nullptr &&
              a.problem[i].type == TESSEL_VALUE_INT)
            query.problem.push_back({a.problem[i].key, a.problem[i].int_value});
        TuningHeuristics h = state().backend->getTuningHeuristicsFor(query);
        auto space = std::make_unique<Tessel_Tuning_Space>();
        space->options = h.defaults;
        if (space->options.empty())
          space->options.push_back(sdk::Init<Tessel_Compile_Options>());
        // Names first, then the key values pointing at them: neither vector
        // grows once a pointer into it is taken.
        space->valueNames.resize(space->options.size());
        for (size_t i = 0; i < space->options.size() && i < h.defaultValues.size(); ++i)
          for (const auto &[name, value] : h.defaultValues[i])
            space->valueNames[i].push_back(name);
        space->configValues.resize(space->options.size());
        for (size_t i = 0; i < space->options.size() && i < h.defaultValues.size(); ++i)
          for (size_t j = 0; j < h.defaultValues[i].size(); ++j) {
            Tessel_Key_Value kv{};
            kv.key = space->valueNames[i][j].c_str();
            kv.type = TESSEL_VALUE_INT;
            kv.int_value = h.defaultValues[i][j].second;
            space->configValues[i].push_back(kv);
          }
        for (size_t i = 0; i < space->options.size(); ++i) {
          Tessel_Tuning_Config c = sdk::Init<Tessel_Tuning_Config>();
          c.options = &space->options[i];
          c.values = space->configValues[i].data();
          c.num_values = space->configValues[i].size();
          space->configs.push_back(c);
        }
        for (Tessel_Tuning_Config &c : space->configs)
          space->defaults.push_back(&c);
        for (size_t i = 0; i < a.num_tunables; ++i) {
          std::string name = a.tunables[i] ? a.tunables[i] : "";
          if (h.blockValues.empty() ||
              name.find(h.blockNameMarker) == std::string::npos)
            continue;
          space->names.push_back(name);
          space->values.push_back(h.blockValues);
        }
        for (size_t i = 0; i < space->names.size(); ++i)
          space->params.push_back(Tessel_Tuning_Param{space->names[i].c_str(),
                                                      space->values[i].data(),
                                                      space->values[i].size()});
        a.space = space.release();
        return Ok();
      });
}

Tessel_Error *tuningSpaceInspect(Tessel_Tuning_Space_Inspect_Args *args) {
  return sdk::Entry("tuning_space_inspect", args,
                    [](Tessel_Tuning_Space_Inspect_Args &a) -> Tessel_Error * {
                      if (a.space == nullptr)
                        return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                                          "tuning_space_inspect: space is NULL");
                      a.defaults = a.space->defaults.data();
                      a.num_defaults = a.space->defaults.size();
                      a.params = a.space->params.data();
                      a.num_params = a.space->params.size();
                      return Ok();
                    });
}

Tessel_Error *tuningSpaceDestroy(Tessel_Tuning_Space_Destroy_Args *args) {
  return sdk::Entry("tuning_space_destroy", args,
                    [](Tessel_Tuning_Space_Destroy_Args &a) {
                      delete a.space;
                      return Ok();
                    });
}

} // namespace

void fillCompilerHalf(Tessel_Plugin_Api &api) {
  api.compiler_get_info = &getInfo;
  api.compile = &compile;
  api.artifact_inspect = &artifactInspect;
  api.artifact_destroy = &artifactDestroy;
  api.validate_artifact = &validate;
  api.tuning_space_get = &tuningSpaceGet;
  api.tuning_space_inspect = &tuningSpaceInspect;
  api.tuning_space_destroy = &tuningSpaceDestroy;
}

} // namespace tessel::kit
