//===- CacheKey.cpp - The key of a compile-cache entry --------------------===//

#include "core/runtime/CacheKey.h"

#include <cstring>

namespace tessel::runtime {
namespace {

// Version of the key derivation itself: raising it invalidates every entry
// (for a change in what the key covers or how it is serialized).
constexpr char kKeyDomain[] = "tessel.compile-cache.key.v1";

// Tags keep fields apart even when a later version adds or drops one.
enum Tag : uint8_t {
  kIr = 1,
  kIrFormat,
  kIrVersion,
  kTarget,
  kNumWarps,
  kNumStages,
  kNumCtas,
  kOptLevel,
  kFlags,
  kExtraOption,
  kEntryName,
  kPluginName,
  kPluginVersion,
  kPluginAbi,
  kHostAbi,
};

class KeyHasher {
public:
  void bytes(Tag tag, std::string_view bytes) {
    header(tag, bytes.size());
    storedHash.update(bytes);
  }
  void u64(Tag tag, uint64_t value) {
    uint8_t le[8];
    for (int i = 0; i < 8; ++i)
      le[i] = uint8_t(value >> (8 * i));
    header(tag, sizeof(le));
    storedHash.update(le, sizeof(le));
  }
  void i64(Tag tag, int64_t value) { u64(tag, static_cast<uint64_t>(value)); }
  Sha256 &hash() { return storedHash; }

private:
  void header(Tag tag, uint64_t size) {
    uint8_t header[9] = {tag};
    for (int i = 0; i < 8; ++i)
      header[1 + i] = uint8_t(size >> (8 * i));
    storedHash.update(header, sizeof(header));
  }
  Sha256 storedHash;
};

} // namespace

CacheKey computeCacheKey(const CacheKeyFields &f) {
  KeyHasher h;
  h.hash().update(kKeyDomain, sizeof(kKeyDomain)); // with its NUL
  h.bytes(kIr, f.ir);
  h.bytes(kIrFormat, f.irFormat);
  h.u64(kIrVersion, (uint64_t{f.irVersion.major} << 32) | f.irVersion.minor);
  h.bytes(kTarget, f.target);
  h.i64(kNumWarps, f.options.numWarps);
  h.i64(kNumStages, f.options.numStages);
  h.i64(kNumCtas, f.options.numCtas);
  h.i64(kOptLevel, f.options.optLevel);
  h.u64(kFlags, f.options.flags);
  for (const plugin_host::KeyValue &kv : f.options.extra) {
    // Each extension option as one tagged record: key, type, then the value
    // its type selects (the other value fields are not part of it).
    std::string record;
    auto putU64 = [&record](uint64_t v) {
      for (int i = 0; i < 8; ++i)
        record.push_back(char(v >> (8 * i)));
    };
    putU64(kv.key.size());
    record += kv.key;
    putU64(static_cast<uint32_t>(kv.type));
    switch (kv.type) {
    case TESSEL_VALUE_FLOAT: {
      uint64_t bits;
      std::memcpy(&bits, &kv.floatValue, sizeof(bits));
      putU64(bits);
      break;
    }
    case TESSEL_VALUE_STRING:
      putU64(kv.stringValue.size());
      record += kv.stringValue;
      break;
    default: // INT, BOOL, and types this host does not know
      putU64(static_cast<uint64_t>(kv.intValue));
      break;
    }
    h.bytes(kExtraOption, record);
  }
  h.bytes(kEntryName, f.entryName);
  h.bytes(kPluginName, f.pluginName);
  h.bytes(kPluginVersion, f.pluginVersion);
  h.u64(kPluginAbi, (uint64_t{f.pluginAbiMajor} << 32) | f.pluginAbiMinor);
  h.u64(kHostAbi, (uint64_t{f.hostAbiMajor} << 32) | f.hostAbiMinor);

  CacheKey key;
  key.digest = h.hash().finish();
  key.hex = toHex(key.digest);
  return key;
}

CacheKey computeCompileCacheKey(const plugin_host::LoadedPlugin &plugin,
                                const plugin_host::CompileRequest &request) {
  CacheKeyFields f;
  f.ir = std::string_view(reinterpret_cast<const char *>(request.ir.data()),
                          request.ir.size());
  f.irFormat = request.irFormat;
  f.irVersion = tile::TileVersion{request.irVersionMajor, request.irVersionMinor};
  f.target = request.target.toString();
  f.options = request.options;
  f.entryName = request.entryName;
  f.pluginName = plugin.name();
  f.pluginVersion = plugin.version();
  f.pluginAbiMajor = plugin.abiMajor();
  f.pluginAbiMinor = plugin.abiMinor();
  f.hostAbiMajor = plugin.hostAbi().major;
  f.hostAbiMinor = plugin.hostAbi().minor;
  return computeCacheKey(f);
}

} // namespace tessel::runtime
