//===- PtxAssembler.cpp - PTX to cubin with ptxas -------------------------===//

#include "backends/nvidia/CodeGen.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace tessel::nvidia {
namespace {

std::string readFile(llvm::StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  return buffer ? (*buffer)->getBuffer().str() : std::string();
}

} // namespace

FailureOr<std::string> assemblePtx(llvm::StringRef ptx, const NvidiaTarget &target,
                                   const NvidiaOptions &options, Location loc) {
  if (!llvm::sys::fs::can_execute(options.ptxasPath))
    return emitError(loc) << "cannot run the PTX assembler '" << options.ptxasPath
                          << "': it does not exist or is not executable (CUDA's "
                             "ptxas is needed to make cubins)";
  llvm::SmallString<128> dir;
  if (std::error_code ec = llvm::sys::fs::createUniqueDirectory("tessel-ptxas", dir))
    return emitError(loc) << "cannot create a temporary directory: " << ec.message();
  llvm::SmallString<128> ptxPath(dir), cubinPath(dir), logPath(dir);
  llvm::sys::path::append(ptxPath, "kernel.ptx");
  llvm::sys::path::append(cubinPath, "kernel.cubin");
  llvm::sys::path::append(logPath, "ptxas.log");
  {
    std::error_code ec;
    llvm::raw_fd_ostream out(ptxPath, ec);
    if (ec)
      return emitError(loc) << "cannot write " << ptxPath << ": " << ec.message();
    out << ptx;
  }
  std::string arch = "-arch=" + std::string(target.getName());
  std::string opt = "-O" + std::to_string(std::min(options.optLevel, 3u));
  llvm::SmallVector<llvm::StringRef> argv = {options.ptxasPath, arch, opt,
                                             ptxPath, "-o", cubinPath};
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, llvm::StringRef(logPath),
                                                llvm::StringRef(logPath)};
  std::string execError;
  int status = llvm::sys::ExecuteAndWait(options.ptxasPath, argv, std::nullopt,
                                         redirects, /*SecondsToWait=*/0,
                                         /*MemoryLimit=*/0, &execError);
  if (status != 0) {
    // Keep the PTX so the failure can be reproduced.
    std::string command;
    for (llvm::StringRef arg : argv)
      command += (command.empty() ? "" : " ") + arg.str();
    return emitError(loc) << "ptxas failed for " << std::string(target.getName()) << " (status "
                          << status << (execError.empty() ? "" : ", " + execError)
                          << "):\n"
                          << readFile(logPath) << "reproduce with: " << command
                          << "\n(the PTX is kept in " << ptxPath << ")";
  }
  std::string cubin = readFile(cubinPath);
  llvm::sys::fs::remove_directories(dir);
  if (cubin.empty())
    return emitError(loc) << "ptxas produced no cubin";
  return cubin;
}

} // namespace tessel::nvidia
