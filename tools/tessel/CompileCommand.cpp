//===- CompileCommand.cpp - tessel compile --------------------------------===//

#include "tools/tessel/CompileCommand.h"

#include "core/compiler/KernelCompiler.h"
#include "core/frontend/lowering/KernelLowering.h"
#include "core/runtime/SafeFile.h"
#include "dialects/tile/Bytecode/Bytecode.h"
#include "mlir/IR/MLIRContext.h"
#include "tools/tessel/SourceFile.h"
#include "llvm/Support/raw_ostream.h"

namespace tessel::cli {

namespace {

constexpr const char *kUsage =
    "usage: tessel compile FILE.py::KERNEL --signature SIG [-D NAME=VALUE ...]\n"
    "                      [--emit tile-ir|bytecode] [--raw] [-o OUT]\n"
    "\n"
    "Compiles one specialization of a @jit kernel to tile IR.\n"
    "  --signature SIG  types of the non-constexpr parameters, in order, e.g.\n"
    "                   \"*fp32,*fp32,*fp32,i32\"; \"i32:16\" / \"*fp16:16\" add a\n"
    "                   divisibility fact\n"
    "  -D NAME=VALUE    value of a tl.constexpr parameter (int, float, True/False,\n"
    "                   a dtype such as fp16, or a string in quotes that reach\n"
    "                   the compiler: -D NAME=\"'gelu'\")\n"
    "  --emit KIND      tile-ir (text, the default) or bytecode (what crosses the\n"
    "                   plugin ABI; needs -o)\n"
    "  --raw            skip the canonicalize/cse clean-up\n"
    "  -o OUT           write to OUT instead of standard output (atomically:\n"
    "                   a temporary file renamed over OUT)\n";

} // namespace

int runCompileCommand(const std::vector<std::string> &args, std::ostream &out,
                      std::ostream &err) {
  std::string target, outputPath, emit = "tile-ir";
  frontend::KernelSpec spec;
  bool haveSignature = false, raw = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string &a = args[i];
    auto value = [&](const char *flag) -> const std::string * {
      if (i + 1 >= args.size()) {
        err << "tessel compile: " << flag << " needs a value\n";
        return nullptr;
      }
      return &args[++i];
    };
    if (a == "--help" || a == "-h") {
      out << kUsage;
      return 0;
    } else if (a == "--signature") {
      const std::string *v = value("--signature");
      if (!v)
        return 2;
      spec.signature = *v;
      haveSignature = true;
    } else if (a == "--emit") {
      const std::string *v = value("--emit");
      if (!v)
        return 2;
      emit = *v;
    } else if (a == "-o") {
      const std::string *v = value("-o");
      if (!v)
        return 2;
      outputPath = *v;
    } else if (a == "--raw") {
      raw = true;
    } else if (a == "-D" || (a.size() > 2 && a.rfind("-D", 0) == 0)) {
      std::string def = a == "-D" ? "" : a.substr(2);
      if (a == "-D") {
        const std::string *v = value("-D");
        if (!v)
          return 2;
        def = *v;
      }
      size_t eq = def.find('=');
      if (eq == std::string::npos || eq == 0) {
        err << "tessel compile: -D expects NAME=VALUE, got '" << def << "'\n";
        return 2;
      }
      spec.constexprs[def.substr(0, eq)] = def.substr(eq + 1);
    } else if (!a.empty() && a[0] == '-') {
      err << "tessel compile: unknown option '" << a << "'\n" << kUsage;
      return 2;
    } else if (target.empty()) {
      target = a;
    } else {
      err << "tessel compile: unexpected argument '" << a << "'\n";
      return 2;
    }
  }
  size_t sep = target.rfind("::");
  if (target.empty() || sep == std::string::npos || sep == 0 ||
      sep + 2 == target.size()) {
    err << "tessel compile: expected FILE.py::KERNEL\n" << kUsage;
    return 2;
  }
  if (emit != "tile-ir" && emit != "bytecode") {
    err << "tessel compile: --emit must be tile-ir or bytecode, got '" << emit << "'\n";
    return 2;
  }
  if (emit == "bytecode" && outputPath.empty()) {
    err << "tessel compile: --emit bytecode needs -o FILE\n";
    return 2;
  }
  std::string file = target.substr(0, sep);
  spec.kernel = target.substr(sep + 2);
  if (!haveSignature)
    spec.signature = "";

  plugin_host::StatusOr<std::string> text = readKernelSource(file);
  if (!text.ok()) {
    err << "tessel compile: " << text.status().message() << "\n";
    return 1;
  }

  mlir::MLIRContext context;
  compiler::KernelSpecialization specialization{spec.kernel, spec.signature,
                                                spec.constexprs};
  compiler::LoweredKernel lowered =
      compiler::lowerToTileIR(file, *text, specialization, context, !raw);
  err << lowered.diagnostics;
  if (!lowered.module)
    return 1;
  mlir::OwningOpRef<mlir::ModuleOp> module = std::move(lowered.module);

  std::string bytes;
  if (emit == "bytecode") {
    if (mlir::failed(tile::writeTileBytecode(*module, bytes))) {
      err << "tessel compile: cannot write bytecode\n";
      return 1;
    }
  } else {
    llvm::raw_string_ostream os(bytes);
    module->print(os);
  }
  if (outputPath.empty()) {
    out << bytes;
    return 0;
  }
  // Through a private temporary renamed over OUT: never a partial file, and
  // never a write through a symbolic link planted at OUT.
  plugin_host::Status written = runtime::writeFileAtomically(outputPath, bytes);
  if (!written.ok()) {
    err << "tessel compile: " << written.message() << "\n";
    return 1;
  }
  return 0;
}

} // namespace tessel::cli
