//===- EmulatorToolchain.cpp - SPIR-V to the emulator's bitcode -----------===//

#include "backends/intel/runtime/EmulatorToolchain.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <vector>

namespace tessel::intel {
namespace {

bool writeFile(const std::string &path, std::string_view bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), std::streamsize(bytes.size()));
  return bool(out);
}

std::optional<std::string> readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return std::nullopt;
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// Runs `argv` with stdout and stderr into `log`; its exit status, or -1.
int run(const std::vector<std::string> &argv, const std::string &log) {
  pid_t pid = fork();
  if (pid < 0)
    return -1;
  if (pid == 0) {
    int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd >= 0) {
      dup2(fd, 1);
      dup2(fd, 2);
    }
    std::vector<char *> args;
    for (const std::string &a : argv)
      args.push_back(const_cast<char *>(a.c_str()));
    args.push_back(nullptr);
    execv(args[0], args.data());
    _exit(127);
  }
  int status = 0;
  if (waitpid(pid, &status, 0) < 0)
    return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/// A private directory removed with its files when the scope ends.
struct TemporaryDirectory {
  std::string path;
  TemporaryDirectory() {
    const char *base = std::getenv("TMPDIR");
    std::string pattern =
        std::string(base && *base ? base : "/tmp") + "/tessel-intel-XXXXXX";
    std::vector<char> name(pattern.begin(), pattern.end());
    name.push_back('\0');
    if (mkdtemp(name.data()) != nullptr)
      path = name.data();
  }
  ~TemporaryDirectory() {
    if (path.empty())
      return;
    for (const char *f : {"/kernel.spv", "/kernel.bc", "/library.bc", "/linked.bc",
                          "/translate.log", "/link.log"})
      unlink((path + f).c_str());
    rmdir(path.c_str());
  }
};

std::string firstLines(const std::string &text) {
  std::string out = text.substr(0, 2000);
  while (!out.empty() && (out.back() == '\n' || out.back() == ' '))
    out.pop_back();
  return out;
}

} // namespace

EmulatorTools EmulatorTools::fromEnvironment() {
  EmulatorTools t;
  const char *translator = std::getenv("TESSEL_INTEL_LLVM_SPIRV");
  const char *linker = std::getenv("TESSEL_INTEL_LLVM_LINK");
  const char *inliner = std::getenv("TESSEL_INTEL_LLVM_OPT");
  t.translator = translator && *translator ? translator : "/usr/bin/llvm-spirv-15";
  t.linker = linker && *linker ? linker : "/usr/bin/llvm-link-15";
  t.inliner = inliner && *inliner ? inliner : "/usr/bin/opt-15";
  return t;
}

std::string EmulatorTools::check() const {
  if (access(translator.c_str(), X_OK) != 0)
    return translator +
           " is missing (Debian's llvm-spirv-15; or set TESSEL_INTEL_LLVM_SPIRV)";
  if (access(linker.c_str(), X_OK) != 0)
    return linker + " is missing (Debian's llvm-15; or set TESSEL_INTEL_LLVM_LINK)";
  if (access(inliner.c_str(), X_OK) != 0)
    return inliner + " is missing (Debian's llvm-15; or set TESSEL_INTEL_LLVM_OPT)";
  return "";
}

std::string emulatorScratchModule(std::string_view kernel) {
  // 16 bytes for each of up to 1024 work-items (a column of DPAS's A).
  std::string buffer = "@\"" + std::string(kernel) + ".__tessel_emu_scratch\"";
  return "target datalayout = \"e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-"
         "v256:256-v512:512-v1024:1024\"\n"
         "target triple = \"spir64-unknown-unknown\"\n" +
         buffer + " = internal addrspace(3) global [4096 x i32] undef, align 16\n" +
         "define spir_func i32 addrspace(3)* @__tessel_emu_scratch() alwaysinline {\n"
         "  %first = getelementptr [4096 x i32], [4096 x i32] addrspace(3)* " +
         buffer + ", i32 0, i32 0\n" + "  ret i32 addrspace(3)* %first\n}\n";
}

std::optional<std::string> translateForEmulator(const EmulatorTools &tools,
                                                std::string_view spirv,
                                                std::string_view kernel,
                                                std::string_view library,
                                                std::string &error) {
  TemporaryDirectory dir;
  if (dir.path.empty()) {
    error = "cannot create a temporary directory";
    return std::nullopt;
  }
  std::string spv = dir.path + "/kernel.spv", bc = dir.path + "/kernel.bc",
              lib = dir.path + "/library.bc", linked = dir.path + "/linked.bc",
              scratch = dir.path + "/scratch.ll", inlined = dir.path + "/inlined.bc";
  if (!writeFile(spv, spirv) || !writeFile(lib, library) ||
      !writeFile(scratch, emulatorScratchModule(kernel))) {
    error = "cannot write into " + dir.path;
    return std::nullopt;
  }
  std::string log = dir.path + "/translate.log";
  int status = run({tools.translator, "-r", spv, "-o", bc}, log);
  if (status != 0) {
    error = tools.translator + " -r failed (status " + std::to_string(status) +
            "): " + firstLines(readFile(log).value_or(""));
    return std::nullopt;
  }
  log = dir.path + "/link.log";
  status = run({tools.linker, bc, lib, scratch, "-o", linked}, log);
  if (status != 0) {
    error = tools.linker + " failed (status " + std::to_string(status) +
            "): " + firstLines(readFile(log).value_or(""));
    return std::nullopt;
  }
  // The library is inlined into the kernel (every function of it is
  // always_inline), so the kernel itself uses the scratch buffer.
  log = dir.path + "/inline.log";
  status = run({tools.inliner, "-passes=always-inline", linked, "-o", inlined}, log);
  if (status != 0) {
    error = tools.inliner + " failed (status " + std::to_string(status) +
            "): " + firstLines(readFile(log).value_or(""));
    return std::nullopt;
  }
  std::optional<std::string> out = readFile(inlined);
  if (!out)
    error = "the linked bitcode is missing";
  return out;
}

} // namespace tessel::intel
