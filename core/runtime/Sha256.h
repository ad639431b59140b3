//===- Sha256.h - SHA-256 for the compile cache -----------------*- C++ -*-===//
//
// SHA-256 (FIPS 180-4), the hash of the compile cache: cache keys and entry
// checksums. No system crypto library is linked into runtime builds, so the
// algorithm lives here; Sha256_test.cpp checks it against the FIPS test
// vectors.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_RUNTIME_SHA256_H
#define TESSEL_CORE_RUNTIME_SHA256_H

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tessel::runtime {

using Sha256Digest = std::array<uint8_t, 32>;

/// Incremental hashing: Update any number of times, then Finish once.
class Sha256 {
public:
  Sha256();
  void update(const void *data, size_t size);
  void update(std::string_view bytes) { update(bytes.data(), bytes.size()); }
  /// The digest of everything passed to Update. The object must not be used
  /// afterwards.
  Sha256Digest finish();

private:
  void compress(const uint8_t *block);

  std::array<uint32_t, 8> hashState;
  std::array<uint8_t, 64> storedBuffer;
  size_t buffered = 0;
  uint64_t totalBytes = 0;
};

/// One-shot digest of `bytes`.
Sha256Digest sha256Of(std::string_view bytes);

/// Lower-case hexadecimal, 64 characters.
std::string toHex(const Sha256Digest &digest);

} // namespace tessel::runtime

#endif // TESSEL_CORE_RUNTIME_SHA256_H
