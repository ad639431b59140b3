#ifndef TESSEL_CORE_FRONTEND_TEST_TESTFILES_H
#define TESSEL_CORE_FRONTEND_TEST_TESTFILES_H

#include <string>
#include <vector>

namespace tessel::frontend::testing {

/// Absolute path of a data file or folder of this workspace, given relative
/// to the workspace root (e.g. "core/frontend/test/bad"). Inside `bazel test`
/// it resolves through the runfiles tree; elsewhere, relative to the current
/// directory.
std::string workspacePath(const std::string &relative);

/// The regular files directly in `dir` whose names end in `suffix`, sorted.
std::vector<std::string> listFiles(const std::string &dir, const std::string &suffix);

/// The whole contents of a file; sets `ok` to false if it cannot be read.
std::string readFile(const std::string &path, bool &ok);

} // namespace tessel::frontend::testing

#endif // TESSEL_CORE_FRONTEND_TEST_TESTFILES_H
