#include "core/runtime/cache_key.h"

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
  void Bytes(Tag tag, std::string_view bytes) {
    Header(tag, bytes.size());
    hash_.Update(bytes);
  }
  void U64(Tag tag, uint64_t value) {
    uint8_t le[8];
    for (int i = 0; i < 8; ++i) le[i] = uint8_t(value >> (8 * i));
    Header(tag, sizeof(le));
    hash_.Update(le, sizeof(le));
  }
  void I64(Tag tag, int64_t value) { U64(tag, static_cast<uint64_t>(value)); }
  Sha256& hash() { return hash_; }

 private:
  void Header(Tag tag, uint64_t size) {
    uint8_t header[9] = {tag};
    for (int i = 0; i < 8; ++i) header[1 + i] = uint8_t(size >> (8 * i));
    hash_.Update(header, sizeof(header));
  }
  Sha256 hash_;
};

}  // namespace

CacheKey ComputeCacheKey(const CacheKeyFields& f) {
  KeyHasher h;
  h.hash().Update(kKeyDomain, sizeof(kKeyDomain));  // with its NUL
  h.Bytes(kIr, f.ir);
  h.Bytes(kIrFormat, f.ir_format);
  h.U64(kIrVersion, (uint64_t{f.ir_version.major} << 32) | f.ir_version.minor);
  h.Bytes(kTarget, f.target);
  h.I64(kNumWarps, f.options.numWarps);
  h.I64(kNumStages, f.options.numStages);
  h.I64(kNumCtas, f.options.numCtas);
  h.I64(kOptLevel, f.options.optLevel);
  h.U64(kFlags, f.options.flags);
  for (const plugin_host::KeyValue& kv : f.options.extra) {
    // Each extension option as one tagged record: key, type, then the value
    // its type selects (the other value fields are not part of it).
    std::string record;
    auto put_u64 = [&record](uint64_t v) {
      for (int i = 0; i < 8; ++i) record.push_back(char(v >> (8 * i)));
    };
    put_u64(kv.key.size());
    record += kv.key;
    put_u64(static_cast<uint32_t>(kv.type));
    switch (kv.type) {
      case TESSEL_VALUE_FLOAT: {
        uint64_t bits;
        std::memcpy(&bits, &kv.floatValue, sizeof(bits));
        put_u64(bits);
        break;
      }
      case TESSEL_VALUE_STRING:
        put_u64(kv.stringValue.size());
        record += kv.stringValue;
        break;
      default:  // INT, BOOL, and types this host does not know
        put_u64(static_cast<uint64_t>(kv.intValue));
        break;
    }
    h.Bytes(kExtraOption, record);
  }
  h.Bytes(kEntryName, f.entry_name);
  h.Bytes(kPluginName, f.plugin_name);
  h.Bytes(kPluginVersion, f.plugin_version);
  h.U64(kPluginAbi, (uint64_t{f.plugin_abi_major} << 32) | f.plugin_abi_minor);
  h.U64(kHostAbi, (uint64_t{f.host_abi_major} << 32) | f.host_abi_minor);

  CacheKey key;
  key.digest = h.hash().Finish();
  key.hex = ToHex(key.digest);
  return key;
}

CacheKey ComputeCompileCacheKey(const plugin_host::LoadedPlugin& plugin,
                                const plugin_host::CompileRequest& request) {
  CacheKeyFields f;
  f.ir = std::string_view(reinterpret_cast<const char*>(request.ir.data()),
                          request.ir.size());
  f.ir_format = request.irFormat;
  f.ir_version = tile::TileVersion{request.irVersionMajor, request.irVersionMinor};
  f.target = request.target.toString();
  f.options = request.options;
  f.entry_name = request.entryName;
  f.plugin_name = plugin.name();
  f.plugin_version = plugin.version();
  f.plugin_abi_major = plugin.abiMajor();
  f.plugin_abi_minor = plugin.abiMinor();
  f.host_abi_major = plugin.hostAbi().major;
  f.host_abi_minor = plugin.hostAbi().minor;
  return ComputeCacheKey(f);
}

}  // namespace tessel::runtime
