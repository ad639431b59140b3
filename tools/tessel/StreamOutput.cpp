//===- StreamOutput.cpp - Outputs written in place to a device or pipe ----===//

#include "tools/tessel/StreamOutput.h"

#include <fstream>

#include <sys/stat.h>

namespace tessel::cli {

bool isStreamDestination(const std::string &path) {
  struct stat info;
  return lstat(path.c_str(), &info) == 0 &&
         (S_ISCHR(info.st_mode) || S_ISFIFO(info.st_mode));
}

std::string writeToStream(const std::string &path, const std::string &bytes) {
  std::ofstream stream(path, std::ios::binary);
  stream.write(bytes.data(), std::streamsize(bytes.size()));
  stream.flush();
  if (!stream)
    return "cannot write to '" + path + "'";
  return "";
}

} // namespace tessel::cli
