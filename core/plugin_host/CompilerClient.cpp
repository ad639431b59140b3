//===- CompilerClient.cpp - Host calls of the compiler half ---------------===//

#include "core/plugin_host/CompilerClient.h"

#include "core/plugin_host/ReturnedArray.h"
#include "tessel/struct_size.hpp"

namespace tessel::plugin_host {
namespace {

std::string orEmpty(const char *s) { return s != nullptr ? s : ""; }

// A struct the plugin wrote must be at least as long as it was at ABI 1.0,
// or the host would read past its end.
template <typename T>
Status checkReturned(const LoadedPlugin &plugin, const char *entry,
                     const char *typeName, const T *value) {
  if (value == nullptr) {
    return Status(TESSEL_ERROR_INTERNAL,
                  plugin.describe() + ": " + entry + ": returned a NULL " + typeName);
  }
  if (value->struct_size < sdk::StructSize<T>::kMin) {
    return Status(TESSEL_ERROR_INTERNAL,
                  plugin.describe() + ": " + entry + ": returned a " + typeName +
                      " whose struct_size " + std::to_string(value->struct_size) +
                      " is too small (needs at least " +
                      std::to_string(sdk::StructSize<T>::kMin) + ")");
  }
  return Status::success();
}

std::vector<KeyValue> copyKeyValues(const Tessel_Key_Value *kvs, size_t n) {
  std::vector<KeyValue> out;
  for (size_t i = 0; i < n && kvs != nullptr; ++i) {
    out.push_back(KeyValue::fromAbi(kvs[i]));
  }
  return out;
}

std::string indexed(const char *array, size_t i, const char *access) {
  return std::string(array) + "[" + std::to_string(i) + "]" + access;
}

// Owns a plugin artifact until the host has copied it.
class ArtifactGuard {
public:
  ArtifactGuard(const LoadedPlugin &plugin, Tessel_Artifact *artifact)
      : loadedPlugin(plugin), artifact(artifact) {}
  ~ArtifactGuard() {
    if (artifact == nullptr)
      return;
    auto args = sdk::Init<Tessel_Artifact_Destroy_Args>();
    args.artifact = artifact;
    // Nothing useful can be done with a failure to free; the compile result
    // has been copied already.
    (void)loadedPlugin.call(&Tessel_Plugin_Api::artifact_destroy, &args);
  }

private:
  const LoadedPlugin &loadedPlugin;
  Tessel_Artifact *artifact;
};

class TuningSpaceGuard {
public:
  TuningSpaceGuard(const LoadedPlugin &plugin, Tessel_Tuning_Space *space)
      : loadedPlugin(plugin), space(space) {}
  ~TuningSpaceGuard() {
    if (space == nullptr)
      return;
    auto args = sdk::Init<Tessel_Tuning_Space_Destroy_Args>();
    args.space = space;
    (void)loadedPlugin.call(&Tessel_Plugin_Api::tuning_space_destroy, &args);
  }

private:
  const LoadedPlugin &loadedPlugin;
  Tessel_Tuning_Space *space;
};

} // namespace

StatusOr<CompilerInfo> getCompilerInfo(const LoadedPlugin &plugin) {
  auto args = sdk::Init<Tessel_Compiler_Get_Info_Args>();
  if (Status s = plugin.call(&Tessel_Plugin_Api::compiler_get_info, &args); !s.ok()) {
    return s;
  }
  const char *entry = "compiler_get_info";
  if (Status s = checkReturned(plugin, entry, "Tessel_Compiler_Info", args.info);
      !s.ok()) {
    return s;
  }
  CompilerInfo info;
  info.artifactFormat = orEmpty(args.info->artifact_format);
  if (TESSEL_HAS_FIELD(args.info, Tessel_Compiler_Info, num_stages)) {
    if (Status s =
            checkReturnedArray(plugin, entry, "", "num_stages", args.info->num_stages,
                               "stages", args.info->stages);
        !s.ok()) {
      return s;
    }
    for (size_t i = 0; i < args.info->num_stages; ++i)
      info.stages.push_back(orEmpty(args.info->stages[i]));
  }
  if (Status s =
          checkReturnedArray(plugin, entry, "", "num_targets", args.info->num_targets,
                             "targets", args.info->targets);
      !s.ok()) {
    return s;
  }
  if (Status s = checkReturnedArray(plugin, entry, "", "num_ir_formats",
                                    args.info->num_ir_formats, "ir_formats",
                                    args.info->ir_formats);
      !s.ok()) {
    return s;
  }
  for (size_t i = 0; i < args.info->num_targets; ++i) {
    const Tessel_Target_Desc *t = args.info->targets[i];
    if (Status s = checkReturned(plugin, entry, "Tessel_Target_Desc", t); !s.ok()) {
      return s;
    }
    if (Status s = checkReturnedArray(plugin, entry, indexed("targets", i, "->"),
                                      "num_features", t->num_features, "features",
                                      t->features);
        !s.ok()) {
      return s;
    }
    TargetInfo target{orEmpty(t->arch), orEmpty(t->description), {}};
    for (size_t f = 0; f < t->num_features; ++f) {
      target.features.push_back(orEmpty(t->features[f]));
    }
    info.targets.push_back(std::move(target));
  }
  for (size_t i = 0; i < args.info->num_ir_formats; ++i) {
    const Tessel_Ir_Format *f = args.info->ir_formats[i];
    if (Status s = checkReturned(plugin, entry, "Tessel_Ir_Format", f); !s.ok()) {
      return s;
    }
    info.irFormats.push_back(IrFormatInfo{orEmpty(f->format), f->version_major,
                                          f->min_version_minor, f->max_version_minor});
  }
  return info;
}

StatusOr<CompiledKernel> compile(const LoadedPlugin &plugin,
                                 const CompileRequest &request) {
  // A plugin of ABI 1.0 predates the flag and might ignore it: the kernel
  // would then lack the bounds record the host is about to pass.
  if ((request.options.flags & TESSEL_COMPILE_CHECK_BOUNDS) && plugin.abiMinor() < 1)
    return Status(TESSEL_ERROR_UNIMPLEMENTED,
                  "plugin '" + plugin.name() +
                      "' was built for plugin ABI 1.0, which has no bounds-checked "
                      "kernels (TESSEL_COMPILE_CHECK_BOUNDS needs 1.1)");
  std::vector<const char *> features;
  Tessel_Target target = request.target.view(features);
  std::vector<Tessel_Key_Value> extra;
  for (const KeyValue &kv : request.options.extra)
    extra.push_back(kv.view());
  auto options = sdk::Init<Tessel_Compile_Options>();
  options.extra = extra.data();
  options.num_extra = extra.size();
  options.num_warps = request.options.numWarps;
  options.num_stages = request.options.numStages;
  options.num_ctas = request.options.numCtas;
  options.opt_level = request.options.optLevel;
  options.flags = request.options.flags;

  auto args = sdk::Init<Tessel_Compile_Args>();
  args.target = &target;
  args.options = &options;
  args.ir_format = request.irFormat.c_str();
  args.ir = request.ir.data();
  args.ir_size = request.ir.size();
  args.entry_name = request.entryName.c_str();
  args.ir_version_major = request.irVersionMajor;
  args.ir_version_minor = request.irVersionMinor;
  // Extensions exist since 1.2; an older plugin is not handed one at all.
  const bool chainStages = request.stageFlags != 0 && plugin.abiMinor() >= 2;
  Tessel_Compile_Stages_Request stagesRequest{};
  if (chainStages) {
    stagesRequest.base = {Tessel_Compile_Stages_Request_STRUCT_SIZE,
                          TESSEL_EXTENSION_COMPILE_STAGES, 0, nullptr};
    stagesRequest.flags = request.stageFlags;
    args.extension_start = &stagesRequest.base;
  }
  if (Status s = plugin.call(&Tessel_Plugin_Api::compile, &args); !s.ok()) {
    return s;
  }
  if (args.artifact == nullptr) {
    return Status(TESSEL_ERROR_INTERNAL,
                  plugin.describe() + ": compile: succeeded without an artifact");
  }
  ArtifactGuard guard(plugin, args.artifact);

  auto inspect = sdk::Init<Tessel_Artifact_Inspect_Args>();
  inspect.artifact = args.artifact;
  Tessel_Artifact_Stages stages{};
  if (chainStages) {
    stages.base = {Tessel_Artifact_Stages_STRUCT_SIZE, TESSEL_EXTENSION_ARTIFACT_STAGES,
                   0, nullptr};
    inspect.extension_start = &stages.base;
  }
  if (Status s = plugin.call(&Tessel_Plugin_Api::artifact_inspect, &inspect); !s.ok()) {
    return s;
  }
  if (Status s =
          checkReturnedArray(plugin, "artifact_inspect", "stages->", "num_stages",
                             stages.num_stages, "stages", stages.stages);
      !s.ok()) {
    return s;
  }
  if (Status s = checkReturned(plugin, "artifact_inspect", "Tessel_Kernel_Metadata",
                               inspect.metadata);
      !s.ok()) {
    return s;
  }
  if (Status s =
          checkReturnedArray(plugin, "artifact_inspect", "", "size", inspect.size,
                             "bytes", inspect.bytes, kMaxArtifactBytes);
      !s.ok()) {
    return s;
  }
  if (Status s = checkReturnedArray(plugin, "artifact_inspect", "metadata->",
                                    "num_args", inspect.metadata->num_args, "args",
                                    inspect.metadata->args);
      !s.ok()) {
    return s;
  }
  CompiledKernel kernel;
  if (inspect.size > 0) {
    kernel.bytes.assign(inspect.bytes, inspect.bytes + inspect.size);
  }
  kernel.metadata = KernelMetadata::fromAbi(*inspect.metadata);
  for (size_t i = 0; i < stages.num_stages; ++i) {
    const Tessel_Artifact_Stage &stage = stages.stages[i];
    if (Status s = checkReturnedArray(plugin, "artifact_inspect",
                                      indexed("stages", i, "."), "size", stage.size,
                                      "data", stage.data, kMaxArtifactBytes);
        !s.ok()) {
      return s;
    }
    KernelStage kept{orEmpty(stage.name), orEmpty(stage.file_suffix), ""};
    if (stage.size > 0)
      kept.data.assign(reinterpret_cast<const char *>(stage.data), stage.size);
    kernel.stages.push_back(std::move(kept));
  }
  return kernel;
}

Status validateArtifact(const LoadedPlugin &plugin, const Target &target,
                        const std::vector<uint8_t> &bytes,
                        const KernelMetadata *metadata) {
  std::vector<const char *> features;
  Tessel_Target targetView = target.view(features);
  std::vector<Tessel_Kernel_Arg> argStorage;
  Tessel_Kernel_Metadata metadataView{};
  if (metadata != nullptr)
    metadataView = metadata->view(argStorage);
  auto args = sdk::Init<Tessel_Validate_Artifact_Args>();
  args.target = &targetView;
  args.artifact = bytes.data();
  args.artifact_size = bytes.size();
  args.metadata = metadata != nullptr ? &metadataView : nullptr;
  return plugin.call(&Tessel_Plugin_Api::validate_artifact, &args);
}

StatusOr<TuningSpace> getTuningSpace(const LoadedPlugin &plugin,
                                     const TuningRequest &request) {
  std::vector<const char *> features;
  Tessel_Target target = request.target.view(features);
  std::vector<const char *> tunables;
  for (const std::string &t : request.tunables)
    tunables.push_back(t.c_str());
  std::vector<Tessel_Key_Value> problem;
  for (const KeyValue &kv : request.problem)
    problem.push_back(kv.view());

  auto args = sdk::Init<Tessel_Tuning_Space_Get_Args>();
  args.target = &target;
  args.entry_name = request.entryName.c_str();
  args.ir_format = request.ir.empty() ? nullptr : request.irFormat.c_str();
  args.ir = request.ir.empty() ? nullptr : request.ir.data();
  args.ir_size = request.ir.size();
  args.tunables = tunables.data();
  args.num_tunables = tunables.size();
  args.problem = problem.data();
  args.num_problem = problem.size();
  args.ir_version_major = request.irVersionMajor;
  args.ir_version_minor = request.irVersionMinor;
  if (Status s = plugin.call(&Tessel_Plugin_Api::tuning_space_get, &args); !s.ok()) {
    return s;
  }
  if (args.space == nullptr) {
    return Status(TESSEL_ERROR_INTERNAL,
                  plugin.describe() +
                      ": tuning_space_get: succeeded without a tuning space");
  }
  TuningSpaceGuard guard(plugin, args.space);

  auto inspect = sdk::Init<Tessel_Tuning_Space_Inspect_Args>();
  inspect.space = args.space;
  if (Status s = plugin.call(&Tessel_Plugin_Api::tuning_space_inspect, &inspect);
      !s.ok()) {
    return s;
  }
  const char *entry = "tuning_space_inspect";
  if (inspect.num_defaults == 0) {
    return Status(TESSEL_ERROR_INTERNAL, plugin.describe() + ": " + entry +
                                             ": returned no default configuration");
  }
  if (Status s = checkReturnedArray(plugin, entry, "", "num_defaults",
                                    inspect.num_defaults, "defaults", inspect.defaults);
      !s.ok()) {
    return s;
  }
  if (Status s = checkReturnedArray(plugin, entry, "", "num_params", inspect.num_params,
                                    "params", inspect.params);
      !s.ok()) {
    return s;
  }
  TuningSpace space;
  for (size_t i = 0; i < inspect.num_defaults; ++i) {
    const Tessel_Tuning_Config *c = inspect.defaults[i];
    if (Status s = checkReturned(plugin, entry, "Tessel_Tuning_Config", c); !s.ok()) {
      return s;
    }
    TuningConfig config;
    if (c->options != nullptr) {
      if (Status s = checkReturned(plugin, entry, "Tessel_Compile_Options", c->options);
          !s.ok()) {
        return s;
      }
      if (Status s = checkReturnedArray(
              plugin, entry, indexed("defaults", i, "->options->"), "num_extra",
              c->options->num_extra, "extra", c->options->extra);
          !s.ok()) {
        return s;
      }
      config.options = CompileOptions::fromAbi(*c->options);
    }
    if (Status s = checkReturnedArray(plugin, entry, indexed("defaults", i, "->"),
                                      "num_values", c->num_values, "values", c->values);
        !s.ok()) {
      return s;
    }
    config.values = copyKeyValues(c->values, c->num_values);
    space.defaults.push_back(std::move(config));
  }
  for (size_t i = 0; i < inspect.num_params && inspect.params != nullptr; ++i) {
    const Tessel_Tuning_Param &p = inspect.params[i];
    if (Status s = checkReturnedArray(plugin, entry, indexed("params", i, "."),
                                      "num_values", p.num_values, "values", p.values);
        !s.ok()) {
      return s;
    }
    TuningParam param{orEmpty(p.name), {}};
    if (p.values != nullptr)
      param.values.assign(p.values, p.values + p.num_values);
    space.params.push_back(std::move(param));
  }
  return space;
}

} // namespace tessel::plugin_host
