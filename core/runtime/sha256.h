// SHA-256 (FIPS 180-4), the hash of the compile cache: cache keys and entry
// checksums. No system crypto library is linked into runtime builds, so the
// algorithm lives here; sha256_test.cpp checks it against the FIPS test
// vectors.
#ifndef TESSEL_CORE_RUNTIME_SHA256_H_
#define TESSEL_CORE_RUNTIME_SHA256_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tessel::runtime {

using Sha256Digest = std::array<uint8_t, 32>;

// Incremental hashing: Update any number of times, then Finish once.
class Sha256 {
 public:
  Sha256();
  void Update(const void* data, size_t size);
  void Update(std::string_view bytes) { Update(bytes.data(), bytes.size()); }
  // The digest of everything passed to Update. The object must not be used
  // afterwards.
  Sha256Digest Finish();

 private:
  void Compress(const uint8_t* block);

  std::array<uint32_t, 8> state_;
  std::array<uint8_t, 64> buffer_;
  size_t buffered_ = 0;
  uint64_t total_bytes_ = 0;
};

// One-shot digest of `bytes`.
Sha256Digest Sha256Of(std::string_view bytes);

// Lower-case hexadecimal, 64 characters.
std::string ToHex(const Sha256Digest& digest);

}  // namespace tessel::runtime

#endif  // TESSEL_CORE_RUNTIME_SHA256_H_
