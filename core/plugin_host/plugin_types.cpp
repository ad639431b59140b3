#include "core/plugin_host/plugin_types.h"

#include <sstream>

#include "tessel/struct_size.hpp"

namespace tessel::plugin_host {
namespace {
std::string OrEmpty(const char* s) { return s != nullptr ? s : ""; }
}  // namespace

KeyValue KeyValue::Int(std::string key, int64_t value) {
  KeyValue kv;
  kv.key = std::move(key);
  kv.type = TESSEL_VALUE_INT;
  kv.int_value = value;
  return kv;
}

KeyValue KeyValue::Bool(std::string key, bool value) {
  KeyValue kv = Int(std::move(key), value ? 1 : 0);
  kv.type = TESSEL_VALUE_BOOL;
  return kv;
}

KeyValue KeyValue::Float(std::string key, double value) {
  KeyValue kv;
  kv.key = std::move(key);
  kv.type = TESSEL_VALUE_FLOAT;
  kv.float_value = value;
  return kv;
}

KeyValue KeyValue::String(std::string key, std::string value) {
  KeyValue kv;
  kv.key = std::move(key);
  kv.type = TESSEL_VALUE_STRING;
  kv.string_value = std::move(value);
  return kv;
}

KeyValue KeyValue::FromAbi(const Tessel_Key_Value& abi) {
  KeyValue kv;
  kv.key = OrEmpty(abi.key);
  kv.type = abi.type;
  kv.int_value = abi.int_value;
  kv.float_value = abi.float_value;
  kv.string_value = OrEmpty(abi.string_value);
  return kv;
}

Tessel_Key_Value KeyValue::View() const {
  Tessel_Key_Value abi{};
  abi.key = key.c_str();
  abi.type = type;
  abi.int_value = int_value;
  abi.float_value = float_value;
  abi.string_value = type == TESSEL_VALUE_STRING ? string_value.c_str() : nullptr;
  return abi;
}

std::string KeyValue::ToString() const {
  std::ostringstream out;
  out << key << "=";
  switch (type) {
    case TESSEL_VALUE_BOOL: out << (int_value != 0 ? "true" : "false"); break;
    case TESSEL_VALUE_FLOAT: out << float_value; break;
    case TESSEL_VALUE_STRING: out << string_value; break;
    default: out << int_value; break;
  }
  return out.str();
}

KernelMetadata KernelMetadata::FromAbi(const Tessel_Kernel_Metadata& abi) {
  KernelMetadata metadata;
  metadata.entry_name = OrEmpty(abi.entry_name);
  for (size_t i = 0; i < abi.num_args && abi.args != nullptr; ++i) {
    const Tessel_Kernel_Arg& a = abi.args[i];
    metadata.args.push_back(KernelArg{OrEmpty(a.name), a.kind, a.dtype, a.size,
                                      a.alignment, a.divisibility});
  }
  metadata.num_warps = abi.num_warps;
  metadata.warp_size = abi.warp_size;
  metadata.threads_per_block = abi.threads_per_block;
  metadata.shared_mem_bytes = abi.shared_mem_bytes;
  for (int i = 0; i < 3; ++i) metadata.cluster_dims[i] = abi.cluster_dims[i];
  return metadata;
}

Tessel_Kernel_Metadata KernelMetadata::View(
    std::vector<Tessel_Kernel_Arg>& arg_storage) const {
  arg_storage.clear();
  for (const KernelArg& a : args) {
    Tessel_Kernel_Arg abi{};
    abi.name = a.name.c_str();
    abi.kind = a.kind;
    abi.dtype = a.dtype;
    abi.size = a.size;
    abi.alignment = a.alignment;
    abi.divisibility = a.divisibility;
    arg_storage.push_back(abi);
  }
  Tessel_Kernel_Metadata view = sdk::Init<Tessel_Kernel_Metadata>();
  view.entry_name = entry_name.c_str();
  view.args = arg_storage.data();
  view.num_args = arg_storage.size();
  view.num_warps = num_warps;
  view.warp_size = warp_size;
  view.threads_per_block = threads_per_block;
  view.shared_mem_bytes = shared_mem_bytes;
  for (int i = 0; i < 3; ++i) view.cluster_dims[i] = cluster_dims[i];
  return view;
}

Tessel_Target Target::View(std::vector<const char*>& feature_storage) const {
  feature_storage.clear();
  for (const std::string& f : features) feature_storage.push_back(f.c_str());
  Tessel_Target view = sdk::Init<Tessel_Target>();
  view.plugin = plugin.c_str();
  view.arch = arch.c_str();
  view.features = feature_storage.data();
  view.num_features = feature_storage.size();
  return view;
}

std::string Target::ToString() const {
  std::string out = plugin + ":" + arch;
  for (size_t i = 0; i < features.size(); ++i) {
    out += (i == 0 ? "+" : ",") + features[i];
  }
  return out;
}

CompileOptions CompileOptions::FromAbi(const Tessel_Compile_Options& abi) {
  CompileOptions options;
  options.num_warps = abi.num_warps;
  options.num_stages = abi.num_stages;
  options.num_ctas = abi.num_ctas;
  options.opt_level = abi.opt_level;
  options.flags = abi.flags;
  for (size_t i = 0; i < abi.num_extra && abi.extra != nullptr; ++i) {
    options.extra.push_back(KeyValue::FromAbi(abi.extra[i]));
  }
  return options;
}

const char* DtypeName(int32_t dtype) {
  switch (dtype) {
    case TESSEL_DTYPE_I1: return "i1";
    case TESSEL_DTYPE_I8: return "i8";
    case TESSEL_DTYPE_I16: return "i16";
    case TESSEL_DTYPE_I32: return "i32";
    case TESSEL_DTYPE_I64: return "i64";
    case TESSEL_DTYPE_U8: return "u8";
    case TESSEL_DTYPE_U16: return "u16";
    case TESSEL_DTYPE_U32: return "u32";
    case TESSEL_DTYPE_U64: return "u64";
    case TESSEL_DTYPE_FP8E4M3: return "fp8e4m3";
    case TESSEL_DTYPE_FP8E5M2: return "fp8e5m2";
    case TESSEL_DTYPE_FP16: return "fp16";
    case TESSEL_DTYPE_BF16: return "bf16";
    case TESSEL_DTYPE_FP32: return "fp32";
    case TESSEL_DTYPE_FP64: return "fp64";
    case TESSEL_DTYPE_PTR: return "ptr";
    default: return "invalid";
  }
}

}  // namespace tessel::plugin_host
