//===- Sha256_test.cpp - Tests of SHA-256 for the compile cache -----------===//
//
// SHA-256 against the FIPS 180-4 example vectors, plus incremental updates
// split at every offset (the buffering paths).
//
//===----------------------------------------------------------------------===//

#include "core/runtime/Sha256.h"

#include <gtest/gtest.h>

#include <string>

namespace tessel::runtime {
namespace {

TEST(Sha256Test, FipsVectors) {
  EXPECT_EQ(toHex(sha256Of("")),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(toHex(sha256Of("abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(toHex(sha256Of("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(toHex(sha256Of("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
                           "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu")),
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
}

TEST(Sha256Test, MillionA) {
  Sha256 hash;
  const std::string chunk(1000, 'a');
  for (int i = 0; i < 1000; ++i)
    hash.update(chunk);
  EXPECT_EQ(toHex(hash.finish()),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256Test, PaddingBoundaries) {
  // 55, 56 and 64 bytes: the length fits in the last block, just does not,
  // and a whole block of message.
  EXPECT_EQ(toHex(sha256Of(std::string(55, 'a'))),
            "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318");
  EXPECT_EQ(toHex(sha256Of(std::string(56, 'a'))),
            "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a");
  EXPECT_EQ(toHex(sha256Of(std::string(64, 'a'))),
            "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb");
}

TEST(Sha256Test, IncrementalEqualsOneShot) {
  std::string message;
  for (int i = 0; i < 300; ++i)
    message.push_back(static_cast<char>(i * 7));
  const Sha256Digest expected = sha256Of(message);
  for (size_t split = 0; split <= message.size(); ++split) {
    Sha256 hash;
    hash.update(std::string_view(message).substr(0, split));
    hash.update(std::string_view(message).substr(split));
    ASSERT_EQ(hash.finish(), expected) << "split at " << split;
  }
}

} // namespace
} // namespace tessel::runtime
