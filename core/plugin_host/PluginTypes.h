//===- PluginTypes.h - Host copies of ABI types -----------------*- C++ -*-===//
//
// Host-owned copies of what crosses the plugin ABI.
//
// The host copies every descriptor a plugin returns into these types right
// away, so nothing above the host depends on a plugin object's lifetime.
// Each type that the host passes back to a plugin has a `View` producing the
// C struct; a view borrows from the object it was made from.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_PLUGIN_HOST_PLUGINTYPES_H
#define TESSEL_CORE_PLUGIN_HOST_PLUGINTYPES_H

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "tessel/plugin_api.h"

namespace tessel::plugin_host {

/// A typed key/value (Tessel_Key_Value).
struct KeyValue {
  std::string key;
  int32_t type = TESSEL_VALUE_INT; // Tessel_Value_Type
  int64_t intValue = 0;
  double floatValue = 0;
  std::string stringValue;

  static KeyValue makeInt(std::string key, int64_t value);
  static KeyValue makeBool(std::string key, bool value);
  static KeyValue makeFloat(std::string key, double value);
  static KeyValue makeString(std::string key, std::string value);
  static KeyValue fromAbi(const Tessel_Key_Value &kv);
  /// Borrows key/string_value from *this.
  Tessel_Key_Value view() const;
  /// "key=value", for listings.
  std::string toString() const;
};

/// One kernel argument (Tessel_Kernel_Arg).
struct KernelArg {
  std::string name;
  int32_t kind = 0;  // Tessel_Arg_Kind
  int32_t dtype = 0; // Tessel_Dtype
  uint32_t size = 0;
  uint32_t alignment = 0;
  uint32_t divisibility = 1;
};

/// Tessel_Kernel_Metadata.
struct KernelMetadata {
  std::string entryName;
  std::vector<KernelArg> args;
  uint32_t numWarps = 0;
  uint32_t warpSize = 0;
  uint32_t threadsPerBlock = 0;
  uint32_t sharedMemBytes = 0;
  std::array<uint32_t, 3> clusterDims = {1, 1, 1};

  static KernelMetadata fromAbi(const Tessel_Kernel_Metadata &metadata);

  /// A C view; `arg_storage` receives the argument array and must outlive
  /// the view, as must *this.
  Tessel_Kernel_Metadata view(std::vector<Tessel_Kernel_Arg> &argStorage) const;
};

/// An intermediate form of a kernel kept by compile on request
/// (Tessel_Artifact_Stage): "llvm" with suffix ".ll", "passes"...
struct KernelStage {
  std::string name;
  std::string fileSuffix;
  std::string data;
};

/// What compile returns: the artifact bytes and their metadata, and the
/// stages kept when the request asked for them (CompileRequest::stageFlags).
struct CompiledKernel {
  std::vector<uint8_t> bytes;
  KernelMetadata metadata;
  std::vector<KernelStage> stages;
};

/// A parsed target `<plugin>:<arch>[+feature,...]` (Tessel_Target).
struct Target {
  std::string plugin;
  std::string arch;
  std::vector<std::string> features;

  /// Borrows from *this; `feature_storage` receives the pointer array and
  /// must outlive the view.
  Tessel_Target view(std::vector<const char *> &featureStorage) const;
  /// The canonical string, "nvidia:sm_90a+wgmma".
  std::string toString() const;
};

/// Tessel_Target_Desc / Tessel_Ir_Format / Tessel_Compiler_Info.
struct TargetInfo {
  std::string arch;
  std::string description;
  std::vector<std::string> features;
};

struct IrFormatInfo {
  std::string format;
  uint32_t versionMajor = 0;
  uint32_t minVersionMinor = 0;
  uint32_t maxVersionMinor = 0;
};

struct CompilerInfo {
  std::vector<TargetInfo> targets;
  std::vector<IrFormatInfo> irFormats;
  std::string artifactFormat;
  /// The stages compile can keep (Tessel_Compiler_Info.stages, since 1.2);
  /// empty for older plugins.
  std::vector<std::string> stages;
};

/// Tessel_Compile_Options: 0 means "plugin default" for every count.
struct CompileOptions {
  int32_t numWarps = 0;
  int32_t numStages = 0;
  int32_t numCtas = 0;
  int32_t optLevel = TESSEL_OPT_LEVEL_DEFAULT;
  uint32_t flags = 0;
  std::vector<KeyValue> extra;

  static CompileOptions fromAbi(const Tessel_Compile_Options &options);
};

/// Tessel_Tuning_Config / Tessel_Tuning_Param / a whole tuning space.
struct TuningConfig {
  CompileOptions options;
  std::vector<KeyValue> values;
};

struct TuningParam {
  std::string name;
  std::vector<int64_t> values;
};

struct TuningSpace {
  std::vector<TuningConfig> defaults; // best first
  std::vector<TuningParam> params;
};

/// Tessel_Device_Desc. `handle` stays valid while the plugin is loaded.
struct DeviceInfo {
  Tessel_Device *handle = nullptr;
  std::string vendor;
  std::string name;
  std::string arch;
  std::vector<KeyValue> features;
  uint64_t globalMemBytes = 0;
  uint32_t ordinal = 0;
  uint32_t warpSize = 0;
  uint32_t computeUnits = 0;
  uint32_t maxThreadsPerBlock = 0;
  uint32_t sharedMemPerBlock = 0;
  uint32_t sharedMemPerBlockOptin = 0;
};

/// Name of a Tessel_Dtype ("fp16"), "invalid" when unknown.
const char *dtypeName(int32_t dtype);

} // namespace tessel::plugin_host

#endif // TESSEL_CORE_PLUGIN_HOST_PLUGINTYPES_H
