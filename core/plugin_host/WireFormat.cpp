//===- WireFormat.cpp - Binary encoding across processes ------------------===//

#include "core/plugin_host/WireFormat.h"

#include "core/plugin_host/ReturnedArray.h"

namespace tessel::plugin_host {

void ByteWriter::putU32(uint32_t value) {
  for (int i = 0; i < 4; ++i)
    output.push_back(static_cast<char>(value >> (8 * i)));
}

void ByteWriter::putU64(uint64_t value) {
  for (int i = 0; i < 8; ++i)
    output.push_back(static_cast<char>(value >> (8 * i)));
}

void ByteWriter::putString(std::string_view bytes) {
  putU64(bytes.size());
  output.append(bytes.data(), bytes.size());
}

bool ByteReader::getU32(uint32_t *value) {
  if (input.size() < 4)
    return false;
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i)
    v |= uint32_t{static_cast<uint8_t>(input[i])} << (8 * i);
  input.remove_prefix(4);
  *value = v;
  return true;
}

bool ByteReader::getU64(uint64_t *value) {
  if (input.size() < 8)
    return false;
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i)
    v |= uint64_t{static_cast<uint8_t>(input[i])} << (8 * i);
  input.remove_prefix(8);
  *value = v;
  return true;
}

bool ByteReader::getString(std::string *bytes) {
  uint64_t size = 0;
  if (!getU64(&size) || input.size() < size)
    return false;
  bytes->assign(input.data(), size);
  input.remove_prefix(size);
  return true;
}

std::string encodeCompiledKernel(const CompiledKernel &kernel) {
  ByteWriter w;
  w.putString(std::string_view(reinterpret_cast<const char *>(kernel.bytes.data()),
                               kernel.bytes.size()));
  const KernelMetadata &m = kernel.metadata;
  w.putString(m.entryName);
  w.putU64(m.args.size());
  for (const KernelArg &a : m.args) {
    w.putString(a.name);
    w.putU32(static_cast<uint32_t>(a.kind));
    w.putU32(static_cast<uint32_t>(a.dtype));
    w.putU32(a.size);
    w.putU32(a.alignment);
    w.putU32(a.divisibility);
  }
  w.putU32(m.numWarps);
  w.putU32(m.warpSize);
  w.putU32(m.threadsPerBlock);
  w.putU32(m.sharedMemBytes);
  for (uint32_t d : m.clusterDims)
    w.putU32(d);
  w.putU64(kernel.stages.size());
  for (const KernelStage &stage : kernel.stages) {
    w.putString(stage.name);
    w.putString(stage.fileSuffix);
    w.putString(stage.data);
  }
  return w.take();
}

bool decodeCompiledKernel(std::string_view bytes, CompiledKernel *kernel) {
  ByteReader r(bytes);
  std::string artifact;
  KernelMetadata m;
  uint64_t numArgs = 0;
  if (!r.getString(&artifact) || !r.getString(&m.entryName) || !r.getU64(&numArgs)) {
    return false;
  }
  for (uint64_t i = 0; i < numArgs; ++i) {
    KernelArg a;
    uint32_t kind = 0, dtype = 0;
    if (!r.getString(&a.name) || !r.getU32(&kind) || !r.getU32(&dtype) ||
        !r.getU32(&a.size) || !r.getU32(&a.alignment) || !r.getU32(&a.divisibility)) {
      return false;
    }
    a.kind = static_cast<int32_t>(kind);
    a.dtype = static_cast<int32_t>(dtype);
    m.args.push_back(std::move(a));
  }
  if (!r.getU32(&m.numWarps) || !r.getU32(&m.warpSize) ||
      !r.getU32(&m.threadsPerBlock) || !r.getU32(&m.sharedMemBytes)) {
    return false;
  }
  for (uint32_t &d : m.clusterDims) {
    if (!r.getU32(&d))
      return false;
  }
  // The same bound the host puts on the stages a plugin returns in process;
  // each stage is also read only as far as the input goes.
  uint64_t numStages = 0;
  if (!r.getU64(&numStages) || numStages > kMaxReturnedEntries)
    return false;
  std::vector<KernelStage> stages;
  for (uint64_t i = 0; i < numStages; ++i) {
    KernelStage stage;
    if (!r.getString(&stage.name) || !r.getString(&stage.fileSuffix) ||
        !r.getString(&stage.data) || stage.data.size() > kMaxArtifactBytes) {
      return false;
    }
    stages.push_back(std::move(stage));
  }
  if (!r.atEnd())
    return false;
  kernel->bytes.assign(artifact.begin(), artifact.end());
  kernel->metadata = std::move(m);
  kernel->stages = std::move(stages);
  return true;
}

} // namespace tessel::plugin_host
