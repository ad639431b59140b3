//===- Limits.cpp - Resource limits of the frontend -----------------------===//

#include "core/frontend/Limits.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <mutex>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tessel::frontend {

namespace {

struct LimitVariable {
  const char *name;
  uint64_t FrontendLimits::*field;
  bool zeroAllowed;
};

const LimitVariable kLimitVariables[] = {
    {"TESSEL_LIMIT_SOURCE_BYTES", &FrontendLimits::sourceBytes, false},
    {"TESSEL_LIMIT_NESTING_DEPTH", &FrontendLimits::nestingDepth, false},
    {"TESSEL_LIMIT_UNROLLED_SIZE", &FrontendLimits::unrolledSize, false},
    {"TESSEL_LIMIT_TILE_ELEMENTS", &FrontendLimits::tileElements, false},
    {"TESSEL_LIMIT_COMPILE_SECONDS", &FrontendLimits::compileSeconds, true},
};

/// A whole decimal number without sign or trailing text.
bool parseCount(const char *text, uint64_t &out) {
  if (!text || *text < '0' || *text > '9')
    return false;
  errno = 0;
  char *end = nullptr;
  unsigned long long v = std::strtoull(text, &end, 10);
  if (errno != 0 || !end || *end != '\0')
    return false;
  out = v;
  return true;
}

} // namespace

FrontendLimits FrontendLimits::fromEnvironment(std::vector<std::string> *problems) {
  FrontendLimits limits;
  std::vector<std::string> found;
  for (const LimitVariable &var : kLimitVariables) {
    const char *text = std::getenv(var.name);
    if (!text)
      continue;
    uint64_t value = 0;
    if (!parseCount(text, value) || (value == 0 && !var.zeroAllowed)) {
      found.push_back(std::string("ignoring ") + var.name + "='" + text + "': want " +
                      (var.zeroAllowed ? "a whole number" : "a positive whole number"));
      continue;
    }
    limits.*var.field = value;
  }
  if (problems) {
    problems->insert(problems->end(), found.begin(), found.end());
  } else if (!found.empty()) {
    static std::once_flag once;
    std::call_once(once, [&] {
      for (const std::string &p : found)
        std::cerr << "tessel: warning: " << p << "\n";
    });
  }
  return limits;
}

SourceRead readSourceFile(const std::string &path, uint64_t maxBytes, std::string &text,
                          std::string &error) {
  auto fail = [&](const std::string &why) {
    error = "cannot read kernel file '" + path + "': " + why;
    return SourceRead::CannotOpen;
  };
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0)
    return fail(std::strerror(errno));
  struct FdCloser {
    int fd;
    ~FdCloser() { ::close(fd); }
  } closer{fd};
  struct stat st;
  if (::fstat(fd, &st) != 0)
    return fail(std::strerror(errno));
  if (!S_ISREG(st.st_mode)) {
    error = "cannot read kernel file '" + path + "': not a regular file";
    return SourceRead::Refused;
  }
  auto tooLarge = [&](const std::string &size) {
    error = "kernel file '" + path + "' is " + size + ", more than the limit of " +
            std::to_string(maxBytes) + " bytes (TESSEL_LIMIT_SOURCE_BYTES)";
    return SourceRead::Refused;
  };
  if (static_cast<uint64_t>(st.st_size) > maxBytes)
    return tooLarge(std::to_string(static_cast<uint64_t>(st.st_size)) + " bytes");
  // The size can change under us; never read more than the limit allows.
  text.clear();
  text.reserve(static_cast<size_t>(st.st_size));
  char buffer[1 << 16];
  while (true) {
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return fail(std::strerror(errno));
    }
    if (n == 0)
      break;
    if (text.size() + static_cast<uint64_t>(n) > maxBytes)
      return tooLarge("growing");
    text.append(buffer, static_cast<size_t>(n));
  }
  return SourceRead::Ok;
}

} // namespace tessel::frontend
