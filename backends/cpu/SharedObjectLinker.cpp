//===- SharedObjectLinker.cpp - Object file to kernel shared object -------===//
//
// Runs ld.lld as a child process. The shared object is linked with -z defs
// against libc, libm and (when available) compiler-rt's builtins, so a
// symbol nothing provides fails here, with a reproducible command line,
// instead of at dlopen time on another machine.
//
//===----------------------------------------------------------------------===//

#include "backends/cpu/CodeGen.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace tessel::cpu {
namespace {

/// Where libc.so.6 is, if anywhere usual.
std::string findSystemLibraryDir(const CpuOptions &options) {
  if (!options.systemLibraryDir.empty())
    return options.systemLibraryDir;
  for (const char *dir : {"/usr/lib/x86_64-linux-gnu", "/lib/x86_64-linux-gnu",
                          "/usr/lib64", "/lib64"}) {
    llvm::SmallString<128> libc(dir);
    llvm::sys::path::append(libc, "libc.so.6");
    if (llvm::sys::fs::exists(libc))
      return dir;
  }
  return "";
}

std::string findBuiltinsArchive(const CpuOptions &options) {
  if (!options.builtinsArchive.empty())
    return options.builtinsArchive;
  const char *llvm19 =
      "/usr/lib/llvm-22/lib/clang/22/lib/linux/libclang_rt.builtins-x86_64.a";
  return llvm::sys::fs::exists(llvm19) ? llvm19 : "";
}

LogicalResult writeFile(StringRef path, StringRef contents, Location loc) {
  std::error_code error;
  llvm::raw_fd_ostream stream(path, error);
  if (!error) {
    stream << contents;
    stream.close();
    error = stream.error();
  }
  if (error)
    return emitError(loc) << "cannot write " << path << ": " << error.message();
  return success();
}

} // namespace

FailureOr<std::string> linkSharedObject(StringRef object,
                                        const CpuOptions &options,
                                        Location loc) {
  llvm::SmallString<128> dir;
  if (std::error_code error =
          llvm::sys::fs::createUniqueDirectory("tessel-cpu-link", dir))
    return emitError(loc) << "cannot create a temporary directory: "
                          << error.message();
  auto pathIn = [&](StringRef name) {
    llvm::SmallString<128> path(dir);
    llvm::sys::path::append(path, name);
    return std::string(path.str());
  };
  std::string objectPath = pathIn("kernel.o"), outputPath = pathIn("kernel.so"),
              logPath = pathIn("ld.log");
  if (failed(writeFile(objectPath, object, loc)))
    return failure();

  std::string libDir = findSystemLibraryDir(options);
  if (libDir.empty())
    return emitError(loc) << "cannot find libc.so.6 to link kernels against; "
                             "set CpuOptions::systemLibraryDir";
  std::vector<std::string> args = {options.linkerPath, "-shared", "-z", "defs",
                                   "-z", "noexecstack", "-o", outputPath,
                                   objectPath};
  if (std::string builtins = findBuiltinsArchive(options); !builtins.empty())
    args.push_back(builtins);
  args.push_back(libDir + "/libm.so.6");
  args.push_back(libDir + "/libc.so.6");

  std::string commandLine;
  for (const std::string &arg : args)
    commandLine += (commandLine.empty() ? "" : " ") + arg;
  llvm::SmallVector<StringRef> argRefs(args.begin(), args.end());
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(logPath),
                                          StringRef(logPath)};
  std::string execError;
  int status = llvm::sys::ExecuteAndWait(options.linkerPath, argRefs,
                                         /*Env=*/std::nullopt, redirects,
                                         /*SecondsToWait=*/0, /*MemoryLimit=*/0,
                                         &execError);
  if (status != 0) {
    std::string log;
    if (auto buffer = llvm::MemoryBuffer::getFile(logPath))
      log = (*buffer)->getBuffer().trim().str();
    // The object stays on disk so that the command line reproduces the error.
    return emitError(loc) << "linking the kernel shared object failed ("
                          << (status < 0 ? execError : "exit code " + std::to_string(status))
                          << ")" << (log.empty() ? "" : ":\n" + log)
                          << "\nto reproduce: " << commandLine;
  }
  auto buffer = llvm::MemoryBuffer::getFile(outputPath, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer)
    return emitError(loc) << "cannot read the linked shared object "
                          << outputPath << ": " << buffer.getError().message();
  std::string bytes = (*buffer)->getBuffer().str();
  (void)llvm::sys::fs::remove_directories(dir);
  return bytes;
}

} // namespace tessel::cpu
