#include "core/plugin_host/compiler_client.h"

#include "tessel/struct_size.hpp"

namespace tessel::plugin_host {
namespace {

std::string OrEmpty(const char* s) { return s != nullptr ? s : ""; }

// A struct the plugin wrote must be at least as long as it was at ABI 1.0,
// or the host would read past its end.
template <typename T>
Status CheckReturned(const LoadedPlugin& plugin, const char* entry,
                     const char* type_name, const T* value) {
  if (value == nullptr) {
    return Status(TESSEL_ERROR_INTERNAL, plugin.Describe() + ": " + entry +
                                             ": returned a NULL " + type_name);
  }
  if (value->struct_size < sdk::StructSize<T>::kMin) {
    return Status(TESSEL_ERROR_INTERNAL,
                  plugin.Describe() + ": " + entry + ": returned a " +
                      type_name + " whose struct_size " +
                      std::to_string(value->struct_size) +
                      " is too small (needs at least " +
                      std::to_string(sdk::StructSize<T>::kMin) + ")");
  }
  return Status::Ok();
}

std::vector<KeyValue> CopyKeyValues(const Tessel_Key_Value* kvs, size_t n) {
  std::vector<KeyValue> out;
  for (size_t i = 0; i < n && kvs != nullptr; ++i) {
    out.push_back(KeyValue::FromAbi(kvs[i]));
  }
  return out;
}

// Owns a plugin artifact until the host has copied it.
class ArtifactGuard {
 public:
  ArtifactGuard(const LoadedPlugin& plugin, Tessel_Artifact* artifact)
      : plugin_(plugin), artifact_(artifact) {}
  ~ArtifactGuard() {
    if (artifact_ == nullptr) return;
    auto args = sdk::Init<Tessel_Artifact_Destroy_Args>();
    args.artifact = artifact_;
    // Nothing useful can be done with a failure to free; the compile result
    // has been copied already.
    (void)plugin_.Call(&Tessel_Plugin_Api::artifact_destroy, &args);
  }

 private:
  const LoadedPlugin& plugin_;
  Tessel_Artifact* artifact_;
};

class TuningSpaceGuard {
 public:
  TuningSpaceGuard(const LoadedPlugin& plugin, Tessel_Tuning_Space* space)
      : plugin_(plugin), space_(space) {}
  ~TuningSpaceGuard() {
    if (space_ == nullptr) return;
    auto args = sdk::Init<Tessel_Tuning_Space_Destroy_Args>();
    args.space = space_;
    (void)plugin_.Call(&Tessel_Plugin_Api::tuning_space_destroy, &args);
  }

 private:
  const LoadedPlugin& plugin_;
  Tessel_Tuning_Space* space_;
};

}  // namespace

StatusOr<CompilerInfo> GetCompilerInfo(const LoadedPlugin& plugin) {
  auto args = sdk::Init<Tessel_Compiler_Get_Info_Args>();
  if (Status s = plugin.Call(&Tessel_Plugin_Api::compiler_get_info, &args);
      !s.ok()) {
    return s;
  }
  const char* entry = "compiler_get_info";
  if (Status s = CheckReturned(plugin, entry, "Tessel_Compiler_Info", args.info);
      !s.ok()) {
    return s;
  }
  CompilerInfo info;
  info.artifact_format = OrEmpty(args.info->artifact_format);
  for (size_t i = 0; i < args.info->num_targets; ++i) {
    const Tessel_Target_Desc* t = args.info->targets[i];
    if (Status s = CheckReturned(plugin, entry, "Tessel_Target_Desc", t);
        !s.ok()) {
      return s;
    }
    TargetInfo target{OrEmpty(t->arch), OrEmpty(t->description), {}};
    for (size_t f = 0; f < t->num_features; ++f) {
      target.features.push_back(OrEmpty(t->features[f]));
    }
    info.targets.push_back(std::move(target));
  }
  for (size_t i = 0; i < args.info->num_ir_formats; ++i) {
    const Tessel_Ir_Format* f = args.info->ir_formats[i];
    if (Status s = CheckReturned(plugin, entry, "Tessel_Ir_Format", f);
        !s.ok()) {
      return s;
    }
    info.ir_formats.push_back(IrFormatInfo{OrEmpty(f->format), f->version_major,
                                           f->min_version_minor,
                                           f->max_version_minor});
  }
  return info;
}

StatusOr<CompiledKernel> Compile(const LoadedPlugin& plugin,
                                 const CompileRequest& request) {
  std::vector<const char*> features;
  Tessel_Target target = request.target.View(features);
  std::vector<Tessel_Key_Value> extra;
  for (const KeyValue& kv : request.options.extra) extra.push_back(kv.View());
  auto options = sdk::Init<Tessel_Compile_Options>();
  options.extra = extra.data();
  options.num_extra = extra.size();
  options.num_warps = request.options.num_warps;
  options.num_stages = request.options.num_stages;
  options.num_ctas = request.options.num_ctas;
  options.opt_level = request.options.opt_level;
  options.flags = request.options.flags;

  auto args = sdk::Init<Tessel_Compile_Args>();
  args.target = &target;
  args.options = &options;
  args.ir_format = request.ir_format.c_str();
  args.ir = request.ir.data();
  args.ir_size = request.ir.size();
  args.entry_name = request.entry_name.c_str();
  args.ir_version_major = request.ir_version_major;
  args.ir_version_minor = request.ir_version_minor;
  if (Status s = plugin.Call(&Tessel_Plugin_Api::compile, &args); !s.ok()) {
    return s;
  }
  if (args.artifact == nullptr) {
    return Status(TESSEL_ERROR_INTERNAL,
                  plugin.Describe() + ": compile: succeeded without an artifact");
  }
  ArtifactGuard guard(plugin, args.artifact);

  auto inspect = sdk::Init<Tessel_Artifact_Inspect_Args>();
  inspect.artifact = args.artifact;
  if (Status s = plugin.Call(&Tessel_Plugin_Api::artifact_inspect, &inspect);
      !s.ok()) {
    return s;
  }
  if (Status s = CheckReturned(plugin, "artifact_inspect",
                               "Tessel_Kernel_Metadata", inspect.metadata);
      !s.ok()) {
    return s;
  }
  CompiledKernel kernel;
  if (inspect.size > 0) {
    kernel.bytes.assign(inspect.bytes, inspect.bytes + inspect.size);
  }
  kernel.metadata = KernelMetadata::FromAbi(*inspect.metadata);
  return kernel;
}

Status ValidateArtifact(const LoadedPlugin& plugin, const Target& target,
                        const std::vector<uint8_t>& bytes,
                        const KernelMetadata* metadata) {
  std::vector<const char*> features;
  Tessel_Target target_view = target.View(features);
  std::vector<Tessel_Kernel_Arg> arg_storage;
  Tessel_Kernel_Metadata metadata_view{};
  if (metadata != nullptr) metadata_view = metadata->View(arg_storage);
  auto args = sdk::Init<Tessel_Validate_Artifact_Args>();
  args.target = &target_view;
  args.artifact = bytes.data();
  args.artifact_size = bytes.size();
  args.metadata = metadata != nullptr ? &metadata_view : nullptr;
  return plugin.Call(&Tessel_Plugin_Api::validate_artifact, &args);
}

StatusOr<TuningSpace> GetTuningSpace(const LoadedPlugin& plugin,
                                     const TuningRequest& request) {
  std::vector<const char*> features;
  Tessel_Target target = request.target.View(features);
  std::vector<const char*> tunables;
  for (const std::string& t : request.tunables) tunables.push_back(t.c_str());
  std::vector<Tessel_Key_Value> problem;
  for (const KeyValue& kv : request.problem) problem.push_back(kv.View());

  auto args = sdk::Init<Tessel_Tuning_Space_Get_Args>();
  args.target = &target;
  args.entry_name = request.entry_name.c_str();
  args.ir_format = request.ir.empty() ? nullptr : request.ir_format.c_str();
  args.ir = request.ir.empty() ? nullptr : request.ir.data();
  args.ir_size = request.ir.size();
  args.tunables = tunables.data();
  args.num_tunables = tunables.size();
  args.problem = problem.data();
  args.num_problem = problem.size();
  args.ir_version_major = request.ir_version_major;
  args.ir_version_minor = request.ir_version_minor;
  if (Status s = plugin.Call(&Tessel_Plugin_Api::tuning_space_get, &args);
      !s.ok()) {
    return s;
  }
  if (args.space == nullptr) {
    return Status(TESSEL_ERROR_INTERNAL,
                  plugin.Describe() +
                      ": tuning_space_get: succeeded without a tuning space");
  }
  TuningSpaceGuard guard(plugin, args.space);

  auto inspect = sdk::Init<Tessel_Tuning_Space_Inspect_Args>();
  inspect.space = args.space;
  if (Status s = plugin.Call(&Tessel_Plugin_Api::tuning_space_inspect, &inspect);
      !s.ok()) {
    return s;
  }
  const char* entry = "tuning_space_inspect";
  if (inspect.num_defaults == 0) {
    return Status(TESSEL_ERROR_INTERNAL,
                  plugin.Describe() + ": " + entry +
                      ": returned no default configuration");
  }
  TuningSpace space;
  for (size_t i = 0; i < inspect.num_defaults; ++i) {
    const Tessel_Tuning_Config* c = inspect.defaults[i];
    if (Status s = CheckReturned(plugin, entry, "Tessel_Tuning_Config", c);
        !s.ok()) {
      return s;
    }
    TuningConfig config;
    if (c->options != nullptr) {
      if (Status s = CheckReturned(plugin, entry, "Tessel_Compile_Options",
                                   c->options);
          !s.ok()) {
        return s;
      }
      config.options = CompileOptions::FromAbi(*c->options);
    }
    config.values = CopyKeyValues(c->values, c->num_values);
    space.defaults.push_back(std::move(config));
  }
  for (size_t i = 0; i < inspect.num_params && inspect.params != nullptr; ++i) {
    const Tessel_Tuning_Param& p = inspect.params[i];
    TuningParam param{OrEmpty(p.name), {}};
    if (p.values != nullptr) param.values.assign(p.values, p.values + p.num_values);
    space.params.push_back(std::move(param));
  }
  return space;
}

}  // namespace tessel::plugin_host
