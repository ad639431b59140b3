//===- TestSupport.h - Helpers for the runtime tests ------------*- C++ -*-===//
//
// Helpers for the runtime tests: paths of the test plugins in the runfiles,
// fresh temporary directories, and IR bytes the test plugins accept.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_RUNTIME_TESTING_TESTSUPPORT_H
#define TESSEL_CORE_RUNTIME_TESTING_TESTSUPPORT_H

#include <stdlib.h>

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace tessel::runtime::testing {

/// `relative` inside the running test's runfiles tree.
inline std::string runfilePath(const std::string &relative) {
  const char *srcdir = std::getenv("TEST_SRCDIR");
  const char *workspace = std::getenv("TEST_WORKSPACE");
  return std::string(srcdir != nullptr ? srcdir : ".") + "/" +
         (workspace != nullptr ? workspace : "tessel") + "/" + relative;
}

/// A plugin of core/runtime/testdata, e.g. "cpu/libtessel_cpu.so", or one of
/// its directories, e.g. "other".
inline std::string testPlugin(const std::string &relative) {
  return runfilePath("core/runtime/testdata/" + relative);
}

/// A new, empty directory under the test's temporary directory.
inline std::string makeTempDir(const std::string &prefix) {
  const char *base = std::getenv("TEST_TMPDIR");
  std::string pattern =
      std::string(base != nullptr ? base : "/tmp") + "/" + prefix + ".XXXXXX";
  if (mkdtemp(pattern.data()) == nullptr)
    std::abort();
  return pattern;
}

/// IR the test plugins accept: the MLIR bytecode magic followed by `body`.
/// (The plugins check the magic only; the runtime never looks inside.)
inline std::vector<uint8_t> testIr(const std::string &body) {
  std::vector<uint8_t> ir = {'M', 'L', 0xef, 'R'};
  ir.insert(ir.end(), body.begin(), body.end());
  return ir;
}

inline std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

inline void writeFile(const std::string &path, const std::string &bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
}

} // namespace tessel::runtime::testing

#endif // TESSEL_CORE_RUNTIME_TESTING_TESTSUPPORT_H
