#include "core/plugin_host/wire_format.h"

namespace tessel::plugin_host {

void ByteWriter::PutU32(uint32_t value) {
  for (int i = 0; i < 4; ++i) out_.push_back(static_cast<char>(value >> (8 * i)));
}

void ByteWriter::PutU64(uint64_t value) {
  for (int i = 0; i < 8; ++i) out_.push_back(static_cast<char>(value >> (8 * i)));
}

void ByteWriter::PutString(std::string_view bytes) {
  PutU64(bytes.size());
  out_.append(bytes.data(), bytes.size());
}

bool ByteReader::GetU32(uint32_t* value) {
  if (in_.size() < 4) return false;
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= uint32_t{static_cast<uint8_t>(in_[i])} << (8 * i);
  in_.remove_prefix(4);
  *value = v;
  return true;
}

bool ByteReader::GetU64(uint64_t* value) {
  if (in_.size() < 8) return false;
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v |= uint64_t{static_cast<uint8_t>(in_[i])} << (8 * i);
  in_.remove_prefix(8);
  *value = v;
  return true;
}

bool ByteReader::GetString(std::string* bytes) {
  uint64_t size = 0;
  if (!GetU64(&size) || in_.size() < size) return false;
  bytes->assign(in_.data(), size);
  in_.remove_prefix(size);
  return true;
}

std::string EncodeCompiledKernel(const CompiledKernel& kernel) {
  ByteWriter w;
  w.PutString(std::string_view(reinterpret_cast<const char*>(kernel.bytes.data()),
                               kernel.bytes.size()));
  const KernelMetadata& m = kernel.metadata;
  w.PutString(m.entry_name);
  w.PutU64(m.args.size());
  for (const KernelArg& a : m.args) {
    w.PutString(a.name);
    w.PutU32(static_cast<uint32_t>(a.kind));
    w.PutU32(static_cast<uint32_t>(a.dtype));
    w.PutU32(a.size);
    w.PutU32(a.alignment);
    w.PutU32(a.divisibility);
  }
  w.PutU32(m.num_warps);
  w.PutU32(m.warp_size);
  w.PutU32(m.threads_per_block);
  w.PutU32(m.shared_mem_bytes);
  for (uint32_t d : m.cluster_dims) w.PutU32(d);
  return w.Take();
}

bool DecodeCompiledKernel(std::string_view bytes, CompiledKernel* kernel) {
  ByteReader r(bytes);
  std::string artifact;
  KernelMetadata m;
  uint64_t num_args = 0;
  if (!r.GetString(&artifact) || !r.GetString(&m.entry_name) ||
      !r.GetU64(&num_args)) {
    return false;
  }
  for (uint64_t i = 0; i < num_args; ++i) {
    KernelArg a;
    uint32_t kind = 0, dtype = 0;
    if (!r.GetString(&a.name) || !r.GetU32(&kind) || !r.GetU32(&dtype) ||
        !r.GetU32(&a.size) || !r.GetU32(&a.alignment) ||
        !r.GetU32(&a.divisibility)) {
      return false;
    }
    a.kind = static_cast<int32_t>(kind);
    a.dtype = static_cast<int32_t>(dtype);
    m.args.push_back(std::move(a));
  }
  if (!r.GetU32(&m.num_warps) || !r.GetU32(&m.warp_size) ||
      !r.GetU32(&m.threads_per_block) || !r.GetU32(&m.shared_mem_bytes)) {
    return false;
  }
  for (uint32_t& d : m.cluster_dims) {
    if (!r.GetU32(&d)) return false;
  }
  if (!r.AtEnd()) return false;
  kernel->bytes.assign(artifact.begin(), artifact.end());
  kernel->metadata = std::move(m);
  return true;
}

}  // namespace tessel::plugin_host
