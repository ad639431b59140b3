//===- ToolRunner.cpp - Running a toolchain program on files --------------===//

#include "backends/common/ToolRunner.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

namespace tessel::codegen {
namespace {

std::string readFile(llvm::StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  return buffer ? (*buffer)->getBuffer().str() : std::string();
}

} // namespace

mlir::FailureOr<std::string> runTool(const ToolInvocation &invocation,
                                     mlir::Location loc) {
  if (!llvm::sys::fs::can_execute(invocation.tool))
    return mlir::emitError(loc)
           << "cannot run '" << invocation.tool << "' for " << invocation.what
           << ": it does not exist or is not executable";
  llvm::SmallString<128> dir;
  if (std::error_code ec = llvm::sys::fs::createUniqueDirectory(
          "tessel-" + llvm::sys::path::filename(invocation.tool), dir))
    return mlir::emitError(loc)
           << "cannot create a temporary directory: " << ec.message();
  auto pathOf = [&](llvm::StringRef name) {
    llvm::SmallString<128> path(dir);
    llvm::sys::path::append(path, name);
    return std::string(path);
  };
  for (const auto &[name, contents] : invocation.inputs) {
    std::error_code ec;
    llvm::raw_fd_ostream out(pathOf(name), ec);
    if (!ec) {
      out << contents;
      out.close();
      ec = out.error();
    }
    if (ec)
      return mlir::emitError(loc)
             << "cannot write " << pathOf(name) << ": " << ec.message();
  }
  std::vector<std::string> argv = {invocation.tool};
  for (const std::string &arg : invocation.arguments) {
    if (arg == "{output}") {
      argv.push_back(pathOf(invocation.output));
      continue;
    }
    std::string expanded = arg;
    for (const auto &input : invocation.inputs)
      if (arg == "{" + input.first + "}")
        expanded = pathOf(input.first);
    argv.push_back(expanded);
  }
  std::string logPath = pathOf("tool.log");
  llvm::SmallVector<llvm::StringRef> argRefs(argv.begin(), argv.end());
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, llvm::StringRef(logPath),
                                                llvm::StringRef(logPath)};
  std::string execError;
  int status = llvm::sys::ExecuteAndWait(invocation.tool, argRefs, std::nullopt,
                                         redirects, /*SecondsToWait=*/0,
                                         /*MemoryLimit=*/0, &execError);
  if (status != 0) {
    std::string command;
    for (const std::string &arg : argv)
      command += (command.empty() ? "" : " ") + arg;
    std::string log = llvm::StringRef(readFile(logPath)).trim().str();
    return mlir::emitError(loc)
           << invocation.what << " failed ("
           << (status < 0 ? execError : "exit code " + std::to_string(status)) << ")"
           << (log.empty() ? "" : ":\n" + log) << "\nto reproduce: " << command;
  }
  std::string output = readFile(pathOf(invocation.output));
  if (output.empty())
    return mlir::emitError(loc)
           << invocation.what << " produced no " << invocation.output;
  llvm::sys::fs::remove_directories(dir);
  return output;
}

} // namespace tessel::codegen
