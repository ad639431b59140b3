//===- SkipFile.cpp - A plugin's skip file --------------------------------===//

#include "conformance/runner/SkipFile.h"

#include <fnmatch.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace tessel::conformance {
namespace {

std::string trim(const std::string &s) {
  size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos)
    return "";
  size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

} // namespace

bool globMatch(const std::string &glob, const std::string &id) {
  return fnmatch(glob.c_str(), id.c_str(), 0) == 0;
}

plugin_host::StatusOr<SkipList> SkipList::parse(const std::string &text,
                                                const std::string &path) {
  SkipList list;
  list.skipFilePath = path;
  std::istringstream in(text);
  std::string raw;
  int lineNo = 0;
  auto error = [&](const std::string &what) {
    return plugin_host::Status(TESSEL_ERROR_INVALID_ARGUMENT,
                               path + ":" + std::to_string(lineNo) + ": " + what);
  };
  while (std::getline(in, raw)) {
    ++lineNo;
    std::string line = trim(raw);
    if (line.empty() || line[0] == '#')
      continue;
    size_t hash = line.find('#');
    if (hash == std::string::npos)
      return error("skip entry '" + line +
                   "' has no reason; write '<glob>  # <reason>'");
    std::string glob = trim(line.substr(0, hash));
    std::string reason = trim(line.substr(hash + 1));
    if (reason.empty())
      return error("skip entry '" + glob + "' has an empty reason");
    if (glob.find_first_of(" \t") != std::string::npos)
      return error("skip glob '" + glob + "' contains whitespace");
    list.skipEntries.push_back({glob, reason, lineNo});
  }
  return list;
}

plugin_host::StatusOr<SkipList> SkipList::load(const std::string &path) {
  auto error = [&](Tessel_Error_Code code, const std::string &why) {
    return plugin_host::Status(code, "cannot read skip file '" + path + "': " + why);
  };
  // A device or a pipe could be endless: only regular files, of a bounded
  // size, and never more read than the bound (the file may grow meanwhile).
  struct stat st;
  if (::stat(path.c_str(), &st) != 0)
    return error(TESSEL_ERROR_NOT_FOUND, std::strerror(errno));
  if (!S_ISREG(st.st_mode))
    return error(TESSEL_ERROR_INVALID_ARGUMENT, "not a regular file");
  if (st.st_size > static_cast<off_t>(kMaxSkipFileBytes))
    return error(TESSEL_ERROR_INVALID_ARGUMENT,
                 "too large (" + std::to_string(st.st_size) +
                     " bytes; a skip file "
                     "has at most " +
                     std::to_string(kMaxSkipFileBytes) + ")");
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return error(TESSEL_ERROR_NOT_FOUND, "cannot open it");
  std::string text(kMaxSkipFileBytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  if (in.bad())
    return error(TESSEL_ERROR_UNAVAILABLE, "read error");
  text.resize(static_cast<size_t>(in.gcount()));
  if (text.size() > kMaxSkipFileBytes)
    return error(TESSEL_ERROR_INVALID_ARGUMENT, "too large (grew past " +
                                                    std::to_string(kMaxSkipFileBytes) +
                                                    " bytes while read)");
  return parse(text, path);
}

const SkipEntry *SkipList::match(const std::string &id) const {
  for (const SkipEntry &e : skipEntries)
    if (globMatch(e.glob, id))
      return &e;
  return nullptr;
}

} // namespace tessel::conformance
