//===- TestPaths.h - Paths of test data in runfiles -------------*- C++ -*-===//
//
// Paths of test data in a Bazel test's runfiles.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_PLUGIN_HOST_TESTING_TESTPATHS_H
#define TESSEL_CORE_PLUGIN_HOST_TESTING_TESTPATHS_H

#include <cstdlib>
#include <string>

namespace tessel::plugin_host::testing {

/// `relative` (e.g. "core/plugin_host/testdata/libtessel_hostmem.so") inside the
/// runfiles tree of the running test.
inline std::string runfilePath(const std::string &relative) {
  const char *srcdir = std::getenv("TEST_SRCDIR");
  const char *workspace = std::getenv("TEST_WORKSPACE");
  return std::string(srcdir != nullptr ? srcdir : ".") + "/" +
         (workspace != nullptr ? workspace : "tessel") + "/" + relative;
}

/// A plugin built in core/plugin_host/testdata.
inline std::string testPluginPath(const std::string &file) {
  return runfilePath("core/plugin_host/testdata/" + file);
}

} // namespace tessel::plugin_host::testing

#endif // TESSEL_CORE_PLUGIN_HOST_TESTING_TESTPATHS_H
