#include "core/runtime/cache_entry.h"

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
  void Raw(const void* data, size_t size) {
    out_.append(static_cast<const char*>(data), size);
  }
  void U32(uint32_t v) {
    for (int i = 0; i < 4; ++i) out_.push_back(char(v >> (8 * i)));
  }
  void U64(uint64_t v) {
    for (int i = 0; i < 8; ++i) out_.push_back(char(v >> (8 * i)));
  }
  void I32(int32_t v) { U32(static_cast<uint32_t>(v)); }
  void String(std::string_view s) {
    U32(static_cast<uint32_t>(s.size()));
    out_.append(s);
  }
  std::string& out() { return out_; }

 private:
  std::string out_;
};

// Reads with bounds checks; after the first short read every later read
// fails too, so callers check once at the end.
class Reader {
 public:
  explicit Reader(std::string_view in) : in_(in) {}
  bool Raw(void* data, size_t size) {
    if (!ok_ || in_.size() < size) return ok_ = false;
    std::memcpy(data, in_.data(), size);
    in_.remove_prefix(size);
    return true;
  }
  uint32_t U32() {
    uint8_t b[4] = {};
    Raw(b, 4);
    return uint32_t{b[0]} | uint32_t{b[1]} << 8 | uint32_t{b[2]} << 16 |
           uint32_t{b[3]} << 24;
  }
  uint64_t U64() {
    const uint64_t lo = U32();
    return lo | uint64_t{U32()} << 32;
  }
  int32_t I32() { return static_cast<int32_t>(U32()); }
  std::string String() { return Bytes(U32()); }
  std::string Bytes(uint64_t size) {
    if (!ok_ || in_.size() < size) {
      ok_ = false;
      return {};
    }
    std::string out(in_.substr(0, size));
    in_.remove_prefix(size);
    return out;
  }
  bool ok() const { return ok_; }
  size_t remaining() const { return in_.size(); }

 private:
  std::string_view in_;
  bool ok_ = true;
};

std::string EncodePayload(const CacheEntry& entry) {
  Writer w;
  w.String(entry.target);
  const plugin_host::KernelMetadata& m = entry.kernel.metadata;
  w.String(m.entryName);
  w.U32(m.numWarps);
  w.U32(m.warpSize);
  w.U32(m.threadsPerBlock);
  w.U32(m.sharedMemBytes);
  for (uint32_t d : m.clusterDims)
    w.U32(d);
  w.U32(static_cast<uint32_t>(m.args.size()));
  for (const plugin_host::KernelArg& a : m.args) {
    w.String(a.name);
    w.I32(a.kind);
    w.I32(a.dtype);
    w.U32(a.size);
    w.U32(a.alignment);
    w.U32(a.divisibility);
  }
  w.U64(entry.kernel.bytes.size());
  w.Raw(entry.kernel.bytes.data(), entry.kernel.bytes.size());
  return std::move(w.out());
}

Status Corrupt(const std::string& why) {
  return Status(TESSEL_ERROR_DATA_LOSS, "corrupt cache entry: " + why);
}

}  // namespace

std::string EncodeCacheEntry(const CacheKey& key, const CacheEntry& entry) {
  const std::string payload = EncodePayload(entry);
  const Sha256Digest digest = Sha256Of(payload);
  Writer w;
  w.Raw(kCacheEntryMagic, sizeof(kCacheEntryMagic));
  w.U32(kCacheEntryFormatVersion);
  w.U32(kCacheEntryHeaderSize);
  w.Raw(key.digest.data(), key.digest.size());
  w.U64(payload.size());
  w.Raw(digest.data(), digest.size());
  w.out() += payload;
  return std::move(w.out());
}

StatusOr<CacheEntry> DecodeCacheEntry(std::string_view file,
                                      const CacheKey& expected) {
  if (file.size() < kCacheEntryHeaderSize) {
    return Corrupt("truncated: " + std::to_string(file.size()) +
                   " bytes, shorter than the header");
  }
  Reader header(file.substr(0, kCacheEntryHeaderSize));
  char magic[sizeof(kCacheEntryMagic)];
  header.Raw(magic, sizeof(magic));
  if (std::memcmp(magic, kCacheEntryMagic, sizeof(magic)) != 0) {
    return Corrupt("bad magic");
  }
  const uint32_t version = header.U32();
  if (version != kCacheEntryFormatVersion) {
    return Corrupt("format version " + std::to_string(version) +
                   ", this reader knows " +
                   std::to_string(kCacheEntryFormatVersion));
  }
  if (header.U32() != kCacheEntryHeaderSize) return Corrupt("bad header size");
  Sha256Digest key;
  header.Raw(key.data(), key.size());
  if (key != expected.digest) return Corrupt("key mismatch");
  const uint64_t payload_size = header.U64();
  Sha256Digest digest;
  header.Raw(digest.data(), digest.size());
  const std::string_view payload = file.substr(kCacheEntryHeaderSize);
  if (payload.size() != payload_size) {
    return Corrupt("truncated: payload of " + std::to_string(payload.size()) +
                   " bytes, header says " + std::to_string(payload_size));
  }
  if (Sha256Of(payload) != digest) return Corrupt("payload checksum mismatch");

  // The digest matched, so a malformed payload means a writer bug or a
  // deliberate forgery; it is still reported, never trusted.
  Reader r(payload);
  CacheEntry entry;
  entry.target = r.String();
  plugin_host::KernelMetadata& m = entry.kernel.metadata;
  m.entryName = r.String();
  m.numWarps = r.U32();
  m.warpSize = r.U32();
  m.threadsPerBlock = r.U32();
  m.sharedMemBytes = r.U32();
  for (uint32_t &d : m.clusterDims)
    d = r.U32();
  const uint32_t num_args = r.U32();
  // Each argument takes at least 24 bytes; refuse counts the payload cannot
  // hold before reserving memory for them.
  if (!r.ok() || num_args > r.remaining() / 24) {
    return Corrupt("malformed metadata");
  }
  m.args.resize(num_args);
  for (plugin_host::KernelArg& a : m.args) {
    a.name = r.String();
    a.kind = r.I32();
    a.dtype = r.I32();
    a.size = r.U32();
    a.alignment = r.U32();
    a.divisibility = r.U32();
  }
  const uint64_t artifact_size = r.U64();
  const std::string artifact = r.Bytes(artifact_size);
  if (!r.ok() || r.remaining() != 0) return Corrupt("malformed payload");
  entry.kernel.bytes.assign(artifact.begin(), artifact.end());
  return entry;
}

}  // namespace tessel::runtime
