//===- PluginTypes.cpp - Host copies of ABI types -------------------------===//

#include "core/plugin_host/PluginTypes.h"

#include <sstream>

#include "tessel/struct_size.hpp"

namespace tessel::plugin_host {
namespace {
std::string orEmpty(const char *s) { return s != nullptr ? s : ""; }
} // namespace

KeyValue KeyValue::makeInt(std::string key, int64_t value) {
  KeyValue kv;
  kv.key = std::move(key);
  kv.type = TESSEL_VALUE_INT;
  kv.intValue = value;
  return kv;
}

KeyValue KeyValue::makeBool(std::string key, bool value) {
  KeyValue kv = makeInt(std::move(key), value ? 1 : 0);
  kv.type = TESSEL_VALUE_BOOL;
  return kv;
}

KeyValue KeyValue::makeFloat(std::string key, double value) {
  KeyValue kv;
  kv.key = std::move(key);
  kv.type = TESSEL_VALUE_FLOAT;
  kv.floatValue = value;
  return kv;
}

KeyValue KeyValue::makeString(std::string key, std::string value) {
  KeyValue kv;
  kv.key = std::move(key);
  kv.type = TESSEL_VALUE_STRING;
  kv.stringValue = std::move(value);
  return kv;
}

KeyValue KeyValue::fromAbi(const Tessel_Key_Value &abi) {
  KeyValue kv;
  kv.key = orEmpty(abi.key);
  kv.type = abi.type;
  kv.intValue = abi.int_value;
  kv.floatValue = abi.float_value;
  kv.stringValue = orEmpty(abi.string_value);
  return kv;
}

Tessel_Key_Value KeyValue::view() const {
  Tessel_Key_Value abi{};
  abi.key = key.c_str();
  abi.type = type;
  abi.int_value = intValue;
  abi.float_value = floatValue;
  abi.string_value = type == TESSEL_VALUE_STRING ? stringValue.c_str() : nullptr;
  return abi;
}

std::string KeyValue::toString() const {
  std::ostringstream out;
  out << key << "=";
  switch (type) {
  case TESSEL_VALUE_BOOL:
    out << (intValue != 0 ? "true" : "false");
    break;
  case TESSEL_VALUE_FLOAT:
    out << floatValue;
    break;
  case TESSEL_VALUE_STRING:
    out << stringValue;
    break;
  default:
    out << intValue;
    break;
  }
  return out.str();
}

KernelMetadata KernelMetadata::fromAbi(const Tessel_Kernel_Metadata &abi) {
  KernelMetadata metadata;
  metadata.entryName = orEmpty(abi.entry_name);
  for (size_t i = 0; i < abi.num_args && abi.args != nullptr; ++i) {
    const Tessel_Kernel_Arg &a = abi.args[i];
    metadata.args.push_back(KernelArg{orEmpty(a.name), a.kind, a.dtype, a.size,
                                      a.alignment, a.divisibility});
  }
  metadata.numWarps = abi.num_warps;
  metadata.warpSize = abi.warp_size;
  metadata.threadsPerBlock = abi.threads_per_block;
  metadata.sharedMemBytes = abi.shared_mem_bytes;
  for (int i = 0; i < 3; ++i)
    metadata.clusterDims[i] = abi.cluster_dims[i];
  return metadata;
}

Tessel_Kernel_Metadata
KernelMetadata::view(std::vector<Tessel_Kernel_Arg> &argStorage) const {
  argStorage.clear();
  for (const KernelArg &a : args) {
    Tessel_Kernel_Arg abi{};
    abi.name = a.name.c_str();
    abi.kind = a.kind;
    abi.dtype = a.dtype;
    abi.size = a.size;
    abi.alignment = a.alignment;
    abi.divisibility = a.divisibility;
    argStorage.push_back(abi);
  }
  Tessel_Kernel_Metadata view = sdk::Init<Tessel_Kernel_Metadata>();
  view.entry_name = entryName.c_str();
  view.args = argStorage.data();
  view.num_args = argStorage.size();
  view.num_warps = numWarps;
  view.warp_size = warpSize;
  view.threads_per_block = threadsPerBlock;
  view.shared_mem_bytes = sharedMemBytes;
  for (int i = 0; i < 3; ++i)
    view.cluster_dims[i] = clusterDims[i];
  return view;
}

Tessel_Target Target::view(std::vector<const char *> &featureStorage) const {
  featureStorage.clear();
  for (const std::string &f : features)
    featureStorage.push_back(f.c_str());
  Tessel_Target view = sdk::Init<Tessel_Target>();
  view.plugin = plugin.c_str();
  view.arch = arch.c_str();
  view.features = featureStorage.data();
  view.num_features = featureStorage.size();
  return view;
}

std::string Target::toString() const {
  std::string out = plugin + ":" + arch;
  for (size_t i = 0; i < features.size(); ++i) {
    out += (i == 0 ? "+" : ",") + features[i];
  }
  return out;
}

CompileOptions CompileOptions::fromAbi(const Tessel_Compile_Options &abi) {
  CompileOptions options;
  options.numWarps = abi.num_warps;
  options.numStages = abi.num_stages;
  options.numCtas = abi.num_ctas;
  options.optLevel = abi.opt_level;
  options.flags = abi.flags;
  for (size_t i = 0; i < abi.num_extra && abi.extra != nullptr; ++i) {
    options.extra.push_back(KeyValue::fromAbi(abi.extra[i]));
  }
  return options;
}

const char *dtypeName(int32_t dtype) {
  switch (dtype) {
  case TESSEL_DTYPE_I1:
    return "i1";
  case TESSEL_DTYPE_I8:
    return "i8";
  case TESSEL_DTYPE_I16:
    return "i16";
  case TESSEL_DTYPE_I32:
    return "i32";
  case TESSEL_DTYPE_I64:
    return "i64";
  case TESSEL_DTYPE_U8:
    return "u8";
  case TESSEL_DTYPE_U16:
    return "u16";
  case TESSEL_DTYPE_U32:
    return "u32";
  case TESSEL_DTYPE_U64:
    return "u64";
  case TESSEL_DTYPE_FP8E4M3:
    return "fp8e4m3";
  case TESSEL_DTYPE_FP8E5M2:
    return "fp8e5m2";
  case TESSEL_DTYPE_FP16:
    return "fp16";
  case TESSEL_DTYPE_BF16:
    return "bf16";
  case TESSEL_DTYPE_FP32:
    return "fp32";
  case TESSEL_DTYPE_FP64:
    return "fp64";
  case TESSEL_DTYPE_PTR:
    return "ptr";
  default:
    return "invalid";
  }
}

} // namespace tessel::plugin_host
