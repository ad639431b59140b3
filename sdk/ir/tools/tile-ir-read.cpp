//===- tile-ir-read.cpp - Reads tile IR bytecode with this kit's MLIR -----===//
//
// The reader a vendor's plugin would be: it parses tile IR bytecode with the
// kit built on the vendor's MLIR, verifies it, and prints what it read.
//
//   tile-ir-read [--print | --summary] FILE.mlirbc|DIR...
//       reads every file (a directory: every *.mlirbc in it, sorted); one
//       line per file, "<file>: ok, tile X.Y, N ops"; with --summary also
//       the ops in order, one per line, "  <op name> <result types>",
//       which two builds on different MLIR versions must agree on; with
//       --print the module as text. Exit status 1 if any file fails.
//   tile-ir-read --expect-corpus DIR
//       the corpus check (corpus/README.md): every tile_<M>_<m>*.mlirbc in
//       DIR must carry dialect version M.m and be, op for op, the module its
//       .mlir source describes. Files this MLIR cannot read by the rules of
//       docs/tile-ir.md (another MLIR major at a bytecode format above
//       kPortableBytecodeVersion) are reported as such and not counted.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "dialects/tile/Bytecode/Bytecode.h"
#include "dialects/tile/IR/TileDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace tessel;

namespace {

enum class Mode { kLine, kSummary, kPrint, kCorpus };

bool readFile(const std::string &path, std::string &out) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return false;
  std::stringstream s;
  s << in.rdbuf();
  out = s.str();
  return true;
}

std::string printModule(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module.print(os);
  return text;
}

// Op names and result types in walk order: what two readers built on
// different MLIR versions must agree on, without depending on how either
// prints attributes.
std::string summarize(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module.walk<WalkOrder::PreOrder>([&](Operation *op) {
    os << "  " << op->getName().getStringRef();
    for (Type t : op->getResultTypes())
      os << " " << t;
    os << "\n";
  });
  return text;
}

size_t countOps(ModuleOp module) {
  size_t n = 0;
  module.walk([&](Operation *) { ++n; });
  return n;
}

// Collects the bytecode files named by `arg` (a file, or a directory's
// *.mlirbc, sorted).
bool collect(const std::string &arg, std::vector<std::string> &files) {
  if (!llvm::sys::fs::is_directory(arg)) {
    files.push_back(arg);
    return true;
  }
  std::vector<std::string> found;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(arg, ec), end; it != end && !ec;
       it.increment(ec))
    if (llvm::StringRef(it->path()).ends_with(".mlirbc"))
      found.push_back(it->path());
  if (ec) {
    llvm::errs() << arg << ": " << ec.message() << "\n";
    return false;
  }
  std::sort(found.begin(), found.end());
  files.insert(files.end(), found.begin(), found.end());
  return true;
}

struct Reader {
  Reader() : context(MLIRContext::Threading::DISABLED) {
    context.loadDialect<tile::TileDialect>();
    handler =
        std::make_unique<ScopedDiagnosticHandler>(&context, [this](Diagnostic &d) {
          messages += d.str() + "\n";
          for (const Diagnostic &note : d.getNotes())
            messages += "  note: " + note.str() + "\n";
          return success();
        });
  }

  // Reads and verifies one file; on failure `messages` says why.
  FailureOr<tile::ReadModule> read(const std::string &bytes) {
    messages.clear();
    FailureOr<tile::ReadModule> m = tile::readTileBytecode(bytes, &context);
    if (failed(m))
      return failure();
    if (failed(verify(*m->module)))
      return failure();
    return m;
  }

  MLIRContext context;
  std::string messages;
  std::unique_ptr<ScopedDiagnosticHandler> handler;
};

std::string versionText(const tile::ReadModule &m) {
  if (!m.tileVersion)
    return "no tile content";
  return "tile " + std::to_string(m.tileVersion->major) + "." +
         std::to_string(m.tileVersion->minor);
}

int readFiles(Mode mode, const std::vector<std::string> &files) {
  Reader reader;
  int failures = 0;
  for (const std::string &path : files) {
    std::string bytes;
    if (!readFile(path, bytes)) {
      llvm::outs() << path << ": FAIL, cannot read the file\n";
      ++failures;
      continue;
    }
    FailureOr<tile::ReadModule> m = reader.read(bytes);
    if (failed(m)) {
      llvm::outs() << path << ": FAIL\n" << reader.messages;
      ++failures;
      continue;
    }
    llvm::outs() << path << ": ok, " << versionText(*m) << ", " << countOps(*m->module)
                 << " ops\n";
    if (mode == Mode::kSummary)
      llvm::outs() << summarize(*m->module);
    else if (mode == Mode::kPrint)
      llvm::outs() << printModule(*m->module);
  }
  llvm::outs() << files.size() - failures << " of " << files.size()
               << " read with MLIR " << LLVM_VERSION_STRING << "\n";
  return failures == 0 && !files.empty() ? 0 : 1;
}

int checkCorpus(const std::string &dir) {
  std::vector<std::string> files;
  if (!collect(dir, files))
    return 1;
  Reader reader;
  int checked = 0, failures = 0;
  for (const std::string &path : files) {
    llvm::StringRef stem = llvm::sys::path::stem(path);
    unsigned major = 0, minor = 0;
    if (std::sscanf(stem.str().c_str(), "tile_%u_%u", &major, &minor) != 2)
      continue;
    std::string bytes, source;
    std::string sourcePath =
        (llvm::sys::path::parent_path(path) + "/" +
         stem.take_until([](char c) { return c == '.'; }) + ".mlir")
            .str();
    if (!readFile(path, bytes) || !readFile(sourcePath, source)) {
      llvm::outs() << path << ": FAIL, missing the file or its source " << sourcePath
                   << "\n";
      ++failures;
      continue;
    }
    std::optional<tile::BytecodeHeader> header = tile::readBytecodeHeader(bytes);
    if (header && !tile::isReadableHere(*header)) {
      llvm::outs() << path << ": not readable by MLIR " << LLVM_VERSION_MAJOR
                   << " builds (written by MLIR " << header->mlirMajor.value_or(0)
                   << " at bytecode format " << header->format << ")\n";
      continue;
    }
    ++checked;
    FailureOr<tile::ReadModule> m = reader.read(bytes);
    if (failed(m)) {
      llvm::outs() << path << ": FAIL\n" << reader.messages;
      ++failures;
      continue;
    }
    if (!m->tileVersion || m->tileVersion->major != major ||
        m->tileVersion->minor != minor) {
      llvm::outs() << path << ": FAIL, carries " << versionText(*m)
                   << ", expected tile " << major << "." << minor << "\n";
      ++failures;
      continue;
    }
    OwningOpRef<ModuleOp> expected =
        parseSourceString<ModuleOp>(source, &reader.context);
    if (!expected || printModule(*expected) != printModule(*m->module)) {
      llvm::outs() << path << ": FAIL, not the module " << sourcePath << " describes\n"
                   << reader.messages;
      ++failures;
      continue;
    }
    llvm::outs() << path << ": ok, " << versionText(*m) << "\n";
  }
  llvm::outs() << checked - failures << " of " << checked
               << " corpus files read with MLIR " << LLVM_VERSION_STRING << "\n";
  return failures == 0 && checked > 0 ? 0 : 1;
}

int usage() {
  llvm::errs() << "usage: tile-ir-read [--print | --summary] FILE.mlirbc|DIR...\n"
                  "       tile-ir-read --expect-corpus DIR\n";
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  Mode mode = Mode::kLine;
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--print")
      mode = Mode::kPrint;
    else if (a == "--summary")
      mode = Mode::kSummary;
    else if (a == "--expect-corpus")
      mode = Mode::kCorpus;
    else if (a.rfind("--", 0) == 0)
      return usage();
    else
      args.push_back(a);
  }
  if (args.empty())
    return usage();
  if (mode == Mode::kCorpus)
    return args.size() == 1 ? checkCorpus(args[0]) : usage();
  std::vector<std::string> files;
  for (const std::string &a : args)
    if (!collect(a, files))
      return 1;
  return readFiles(mode, files);
}
