#include "core/frontend/test/TestFiles.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace tessel::frontend::testing {

std::string workspacePath(const std::string &relative) {
  const char *srcdir = std::getenv("TEST_SRCDIR");
  const char *workspace = std::getenv("TEST_WORKSPACE");
  if (srcdir && workspace) return std::string(srcdir) + "/" + workspace + "/" + relative;
  return relative;
}

std::vector<std::string> listFiles(const std::string &dir, const std::string &suffix) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto &entry : std::filesystem::directory_iterator(dir, ec)) {
    std::string p = entry.path().string();
    // Runfiles are symlinks, so ask about the target, not the link.
    if (!std::filesystem::is_regular_file(entry.path(), ec)) continue;
    if (p.size() >= suffix.size() && p.compare(p.size() - suffix.size(), suffix.size(), suffix) == 0)
      out.push_back(p);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string readFile(const std::string &path, bool &ok) {
  std::ifstream in(path, std::ios::binary);
  ok = static_cast<bool>(in);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

} // namespace tessel::frontend::testing
