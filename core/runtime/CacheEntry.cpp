//===- CacheEntry.cpp - One compile-cache entry file ----------------------===//

#include "core/runtime/CacheEntry.h"

#include <cstring>

namespace tessel::runtime {
namespace {

using plugin_host::Status;
using plugin_host::StatusOr;

// The on-disk layout has its own encoder rather than the child-process wire
// format (core/plugin_host/WireFormat.h): that one is unversioned by design and
// may change with the host, while entries outlive the binary that wrote them.
class Writer {
public:
  void raw(const void *data, size_t size) {
    output.append(static_cast<const char *>(data), size);
  }
  void u32(uint32_t v) {
    for (int i = 0; i < 4; ++i)
      output.push_back(char(v >> (8 * i)));
  }
  void u64(uint64_t v) {
    for (int i = 0; i < 8; ++i)
      output.push_back(char(v >> (8 * i)));
  }
  void i32(int32_t v) { u32(static_cast<uint32_t>(v)); }
  void string(std::string_view s) {
    u32(static_cast<uint32_t>(s.size()));
    output.append(s);
  }
  std::string &out() { return output; }

private:
  std::string output;
};

// Reads with bounds checks; after the first short read every later read
// fails too, so callers check once at the end.
class Reader {
public:
  explicit Reader(std::string_view in) : input(in) {}
  bool raw(void *data, size_t size) {
    if (!isOk || input.size() < size)
      return isOk = false;
    std::memcpy(data, input.data(), size);
    input.remove_prefix(size);
    return true;
  }
  uint32_t u32() {
    uint8_t b[4] = {};
    raw(b, 4);
    return uint32_t{b[0]} | uint32_t{b[1]} << 8 | uint32_t{b[2]} << 16 |
           uint32_t{b[3]} << 24;
  }
  uint64_t u64() {
    const uint64_t lo = u32();
    return lo | uint64_t{u32()} << 32;
  }
  int32_t i32() { return static_cast<int32_t>(u32()); }
  std::string string() { return bytes(u32()); }
  std::string bytes(uint64_t size) {
    if (!isOk || input.size() < size) {
      isOk = false;
      return {};
    }
    std::string out(input.substr(0, size));
    input.remove_prefix(size);
    return out;
  }
  bool ok() const { return isOk; }
  size_t remaining() const { return input.size(); }

private:
  std::string_view input;
  bool isOk = true;
};

std::string encodePayload(const CacheEntry &entry) {
  Writer w;
  w.string(entry.target);
  const plugin_host::KernelMetadata &m = entry.kernel.metadata;
  w.string(m.entryName);
  w.u32(m.numWarps);
  w.u32(m.warpSize);
  w.u32(m.threadsPerBlock);
  w.u32(m.sharedMemBytes);
  for (uint32_t d : m.clusterDims)
    w.u32(d);
  w.u32(static_cast<uint32_t>(m.args.size()));
  for (const plugin_host::KernelArg &a : m.args) {
    w.string(a.name);
    w.i32(a.kind);
    w.i32(a.dtype);
    w.u32(a.size);
    w.u32(a.alignment);
    w.u32(a.divisibility);
  }
  w.u64(entry.kernel.bytes.size());
  w.raw(entry.kernel.bytes.data(), entry.kernel.bytes.size());
  return std::move(w.out());
}

Status corrupt(const std::string &why) {
  return Status(TESSEL_ERROR_DATA_LOSS, "corrupt cache entry: " + why);
}

} // namespace

std::string encodeCacheEntry(const CacheKey &key, const CacheEntry &entry) {
  const std::string payload = encodePayload(entry);
  const Sha256Digest digest = sha256Of(payload);
  Writer w;
  w.raw(kCacheEntryMagic, sizeof(kCacheEntryMagic));
  w.u32(kCacheEntryFormatVersion);
  w.u32(kCacheEntryHeaderSize);
  w.raw(key.digest.data(), key.digest.size());
  w.u64(payload.size());
  w.raw(digest.data(), digest.size());
  w.out() += payload;
  return std::move(w.out());
}

StatusOr<CacheEntry> decodeCacheEntry(std::string_view file, const CacheKey &expected) {
  if (file.size() < kCacheEntryHeaderSize) {
    return corrupt("truncated: " + std::to_string(file.size()) +
                   " bytes, shorter than the header");
  }
  Reader header(file.substr(0, kCacheEntryHeaderSize));
  char magic[sizeof(kCacheEntryMagic)];
  header.raw(magic, sizeof(magic));
  if (std::memcmp(magic, kCacheEntryMagic, sizeof(magic)) != 0) {
    return corrupt("bad magic");
  }
  const uint32_t version = header.u32();
  if (version != kCacheEntryFormatVersion) {
    return corrupt("format version " + std::to_string(version) +
                   ", this reader knows " + std::to_string(kCacheEntryFormatVersion));
  }
  if (header.u32() != kCacheEntryHeaderSize)
    return corrupt("bad header size");
  Sha256Digest key;
  header.raw(key.data(), key.size());
  if (key != expected.digest)
    return corrupt("key mismatch");
  const uint64_t payloadSize = header.u64();
  Sha256Digest digest;
  header.raw(digest.data(), digest.size());
  const std::string_view payload = file.substr(kCacheEntryHeaderSize);
  if (payload.size() != payloadSize) {
    return corrupt("truncated: payload of " + std::to_string(payload.size()) +
                   " bytes, header says " + std::to_string(payloadSize));
  }
  if (sha256Of(payload) != digest)
    return corrupt("payload checksum mismatch");

  // The digest matched, so a malformed payload means a writer bug or a
  // deliberate forgery; it is still reported, never trusted.
  Reader r(payload);
  CacheEntry entry;
  entry.target = r.string();
  plugin_host::KernelMetadata &m = entry.kernel.metadata;
  m.entryName = r.string();
  m.numWarps = r.u32();
  m.warpSize = r.u32();
  m.threadsPerBlock = r.u32();
  m.sharedMemBytes = r.u32();
  for (uint32_t &d : m.clusterDims)
    d = r.u32();
  const uint32_t numArgs = r.u32();
  // Each argument takes at least 24 bytes; refuse counts the payload cannot
  // hold before reserving memory for them.
  if (!r.ok() || numArgs > r.remaining() / 24) {
    return corrupt("malformed metadata");
  }
  m.args.resize(numArgs);
  for (plugin_host::KernelArg &a : m.args) {
    a.name = r.string();
    a.kind = r.i32();
    a.dtype = r.i32();
    a.size = r.u32();
    a.alignment = r.u32();
    a.divisibility = r.u32();
  }
  const uint64_t artifactSize = r.u64();
  const std::string artifact = r.bytes(artifactSize);
  if (!r.ok() || r.remaining() != 0)
    return corrupt("malformed payload");
  entry.kernel.bytes.assign(artifact.begin(), artifact.end());
  return entry;
}

} // namespace tessel::runtime
