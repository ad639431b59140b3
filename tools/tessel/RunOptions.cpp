//===- RunOptions.cpp - The command line of tessel run --------------------===//

#include "tools/tessel/RunOptions.h"

#include <cerrno>
#include <cstdlib>

namespace tessel::cli {

const char *const kRunUsage =
    "usage: tessel run FILE.py::KERNEL --signature SIG [-D NAME=VALUE ...]\n"
    "                  --grid X[,Y,Z] --arg NAME=VALUE ... [--out NAME=FILE.npy ...]\n"
    "                  [--target T] [--plugin PATH ...] [--time [N]]\n"
    "                  [--check-bounds]\n"
    "\n"
    "Compiles one specialization of a @jit kernel (through the compile cache),\n"
    "runs it once on the selected target and writes chosen buffers back.\n"
    "  --signature SIG   types of the non-constexpr parameters, as for\n"
    "                    `tessel compile`, e.g. \"*fp32,*fp32,*fp32,i32\"\n"
    "  -D NAME=VALUE     value of a tl.constexpr parameter, as for `tessel compile`\n"
    "                    (a string in quotes that reach it: -D NAME=\"'gelu'\")\n"
    "  --grid X[,Y,Z]    number of program instances along each axis\n"
    "  --arg NAME=FILE.npy\n"
    "                    a pointer parameter: a device buffer filled from the\n"
    "                    .npy file, whose dtype must be the pointee type; for a\n"
    "                    tensordesc<T[...]> parameter, also the descriptor's\n"
    "                    shape and strides, those of the (row-major) array\n"
    "  --arg NAME=VALUE  a scalar parameter (42, 0x10, -3, 1e-5, True)\n"
    "  --out NAME=FILE.npy\n"
    "                    after the launch, write the buffer of pointer\n"
    "                    parameter NAME to FILE.npy (same shape and dtype as its\n"
    "                    input)\n"
    "  --target T        <plugin>:<arch>, or auto; default: TESSEL_TARGET, then auto\n"
    "  --plugin PATH     a plugin file or directory, searched before\n"
    "                    TESSEL_PLUGIN_PATH\n"
    "  --time [N]        after the run, launch N more times (default 10) and\n"
    "                    print the median and minimum launch time\n"
    "  --check-bounds    check every load and store against its buffer (also\n"
    "                    TESSEL_CHECK_BOUNDS=1): the first out-of-bounds access\n"
    "                    or 32-bit index overflow is reported with its source\n"
    "                    line and program id, and no output is written\n"
    "\n"
    "Every parameter that is not tl.constexpr needs exactly one --arg.\n";

bool parseGrid(const std::string &text, std::array<uint32_t, 3> &grid,
               std::string &error) {
  std::array<uint32_t, 3> out = {1, 1, 1};
  size_t pos = 0;
  for (int axis = 0; axis < 3; ++axis) {
    size_t comma = text.find(',', pos);
    std::string part =
        text.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    errno = 0;
    char *end = nullptr;
    long long v = part.empty() || part[0] == '-' || part[0] == '+'
                      ? -1
                      : std::strtoll(part.c_str(), &end, 10);
    if (v < 1 || v > 0x7fffffff || errno != 0 || (end && *end != '\0')) {
      error = "--grid expects X[,Y,Z] with each dimension from 1 to 2147483647, got '" +
              text + "'";
      return false;
    }
    out[axis] = static_cast<uint32_t>(v);
    if (comma == std::string::npos) {
      grid = out;
      return true;
    }
    pos = comma + 1;
  }
  error = "--grid takes at most three dimensions, got '" + text + "'";
  return false;
}

namespace {

// Splits "NAME=VALUE"; false when there is no '=' or no name.
bool splitAssignment(const std::string &text,
                     std::pair<std::string, std::string> &out) {
  size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0)
    return false;
  out = {text.substr(0, eq), text.substr(eq + 1)};
  return true;
}

} // namespace

bool parseRunOptions(const std::vector<std::string> &args, RunOptions &options,
                     std::string &error) {
  std::string spec;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string &a = args[i];
    auto value = [&](const char *flag) -> const std::string * {
      if (i + 1 >= args.size()) {
        error = std::string(flag) + " needs a value";
        return nullptr;
      }
      return &args[++i];
    };
    auto assignment = [&](const char *flag, const std::string &text,
                          std::pair<std::string, std::string> &out) {
      if (splitAssignment(text, out))
        return true;
      error = std::string(flag) + " expects NAME=VALUE, got '" + text + "'";
      return false;
    };
    if (a == "--help" || a == "-h") {
      options.help = true;
      return true;
    } else if (a == "--signature" || a == "--target" || a == "--grid" ||
               a == "--plugin") {
      const std::string *v = value(a.c_str());
      if (!v)
        return false;
      if (a == "--signature")
        options.signature = *v;
      if (a == "--target")
        options.target = *v;
      if (a == "--plugin")
        options.pluginPaths.push_back(*v);
      if (a == "--grid" && !parseGrid(*v, options.grid, error))
        return false;
    } else if (a == "--arg" || a == "--out") {
      const std::string *v = value(a.c_str());
      std::pair<std::string, std::string> kv;
      if (!v || !assignment(a.c_str(), *v, kv))
        return false;
      auto &list = a == "--arg" ? options.args : options.outs;
      for (const auto &[name, unused] : list) {
        (void)unused;
        if (name == kv.first) {
          error = a + " " + kv.first + " is given twice";
          return false;
        }
      }
      if (a == "--out" && (kv.second.size() < 5 ||
                           kv.second.compare(kv.second.size() - 4, 4, ".npy") != 0)) {
        error = "--out " + kv.first + " must name a .npy file, got '" + kv.second + "'";
        return false;
      }
      list.push_back(kv);
    } else if (a == "--check-bounds") {
      options.checkBounds = true;
    } else if (a == "--time") {
      options.timeRuns = 10;
      if (i + 1 < args.size() && !args[i + 1].empty() &&
          args[i + 1].find_first_not_of("0123456789") == std::string::npos) {
        int n = std::atoi(args[++i].c_str());
        if (n < 1 || n > 100000) {
          error = "--time N expects 1 to 100000 runs, got '" + args[i] + "'";
          return false;
        }
        options.timeRuns = n;
      }
    } else if (a == "-D" || (a.size() > 2 && a.rfind("-D", 0) == 0)) {
      std::string def = a.substr(2);
      if (a == "-D") {
        const std::string *v = value("-D");
        if (!v)
          return false;
        def = *v;
      }
      std::pair<std::string, std::string> kv;
      if (!assignment("-D", def, kv))
        return false;
      options.constexprs[kv.first] = kv.second;
    } else if (!a.empty() && a[0] == '-') {
      error = "unknown option '" + a + "'";
      return false;
    } else if (spec.empty()) {
      spec = a;
    } else {
      error = "unexpected argument '" + a + "' (the kernel is already '" + spec + "')";
      return false;
    }
  }
  size_t sep = spec.rfind("::");
  if (spec.empty() || sep == std::string::npos || sep == 0 || sep + 2 == spec.size()) {
    error = spec.empty() ? "expected FILE.py::KERNEL"
                         : "expected FILE.py::KERNEL, got '" + spec + "'";
    return false;
  }
  options.file = spec.substr(0, sep);
  options.kernel = spec.substr(sep + 2);
  if (options.grid[0] == 0) {
    error = "--grid X[,Y,Z] is required";
    return false;
  }
  if (options.checkBounds && options.timeRuns > 0) {
    error = "--time measures the kernel as compiled for speed; it cannot be combined "
            "with --check-bounds";
    return false;
  }
  return true;
}

} // namespace tessel::cli
