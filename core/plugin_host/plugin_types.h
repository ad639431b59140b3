// Host-owned copies of what crosses the plugin ABI.
//
// The host copies every descriptor a plugin returns into these types right
// away, so nothing above the host depends on a plugin object's lifetime.
// Each type that the host passes back to a plugin has a `View` producing the
// C struct; a view borrows from the object it was made from.
#ifndef TESSEL_CORE_PLUGIN_HOST_PLUGIN_TYPES_H_
#define TESSEL_CORE_PLUGIN_HOST_PLUGIN_TYPES_H_

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "tessel/plugin_api.h"

namespace tessel::plugin_host {

// A typed key/value (Tessel_Key_Value).
struct KeyValue {
  std::string key;
  int32_t type = TESSEL_VALUE_INT;  // Tessel_Value_Type
  int64_t int_value = 0;
  double float_value = 0;
  std::string string_value;

  static KeyValue Int(std::string key, int64_t value);
  static KeyValue Bool(std::string key, bool value);
  static KeyValue Float(std::string key, double value);
  static KeyValue String(std::string key, std::string value);
  static KeyValue FromAbi(const Tessel_Key_Value& kv);
  // Borrows key/string_value from *this.
  Tessel_Key_Value View() const;
  // "key=value", for listings.
  std::string ToString() const;
};

// One kernel argument (Tessel_Kernel_Arg).
struct KernelArg {
  std::string name;
  int32_t kind = 0;   // Tessel_Arg_Kind
  int32_t dtype = 0;  // Tessel_Dtype
  uint32_t size = 0;
  uint32_t alignment = 0;
  uint32_t divisibility = 1;
};

// Tessel_Kernel_Metadata.
struct KernelMetadata {
  std::string entry_name;
  std::vector<KernelArg> args;
  uint32_t num_warps = 0;
  uint32_t warp_size = 0;
  uint32_t threads_per_block = 0;
  uint32_t shared_mem_bytes = 0;
  std::array<uint32_t, 3> cluster_dims = {1, 1, 1};

  static KernelMetadata FromAbi(const Tessel_Kernel_Metadata& metadata);

  // A C view; `arg_storage` receives the argument array and must outlive
  // the view, as must *this.
  Tessel_Kernel_Metadata View(std::vector<Tessel_Kernel_Arg>& arg_storage) const;
};

// What compile returns: the artifact bytes and their metadata.
struct CompiledKernel {
  std::vector<uint8_t> bytes;
  KernelMetadata metadata;
};

// A parsed target `<plugin>:<arch>[+feature,...]` (Tessel_Target).
struct Target {
  std::string plugin;
  std::string arch;
  std::vector<std::string> features;

  // Borrows from *this; `feature_storage` receives the pointer array and
  // must outlive the view.
  Tessel_Target View(std::vector<const char*>& feature_storage) const;
  // The canonical string, "nvidia:sm_90a+wgmma".
  std::string ToString() const;
};

// Tessel_Target_Desc / Tessel_Ir_Format / Tessel_Compiler_Info.
struct TargetInfo {
  std::string arch;
  std::string description;
  std::vector<std::string> features;
};

struct IrFormatInfo {
  std::string format;
  uint32_t version_major = 0;
  uint32_t min_version_minor = 0;
  uint32_t max_version_minor = 0;
};

struct CompilerInfo {
  std::vector<TargetInfo> targets;
  std::vector<IrFormatInfo> ir_formats;
  std::string artifact_format;
};

// Tessel_Compile_Options: 0 means "plugin default" for every count.
struct CompileOptions {
  int32_t num_warps = 0;
  int32_t num_stages = 0;
  int32_t num_ctas = 0;
  int32_t opt_level = TESSEL_OPT_LEVEL_DEFAULT;
  uint32_t flags = 0;
  std::vector<KeyValue> extra;

  static CompileOptions FromAbi(const Tessel_Compile_Options& options);
};

// Tessel_Tuning_Config / Tessel_Tuning_Param / a whole tuning space.
struct TuningConfig {
  CompileOptions options;
  std::vector<KeyValue> values;
};

struct TuningParam {
  std::string name;
  std::vector<int64_t> values;
};

struct TuningSpace {
  std::vector<TuningConfig> defaults;  // best first
  std::vector<TuningParam> params;
};

// Tessel_Device_Desc. `handle` stays valid while the plugin is loaded.
struct DeviceInfo {
  Tessel_Device* handle = nullptr;
  std::string vendor;
  std::string name;
  std::string arch;
  std::vector<KeyValue> features;
  uint64_t global_mem_bytes = 0;
  uint32_t ordinal = 0;
  uint32_t warp_size = 0;
  uint32_t compute_units = 0;
  uint32_t max_threads_per_block = 0;
  uint32_t shared_mem_per_block = 0;
  uint32_t shared_mem_per_block_optin = 0;
};

// Name of a Tessel_Dtype ("fp16"), "invalid" when unknown.
const char* DtypeName(int32_t dtype);

}  // namespace tessel::plugin_host

#endif  // TESSEL_CORE_PLUGIN_HOST_PLUGIN_TYPES_H_
