//===- CompileCommand.cpp - tessel compile --------------------------------===//

#include "tools/tessel/CompileCommand.h"

#include <cstdlib>
#include <optional>

#include "core/compiler/KernelCompiler.h"
#include "core/frontend/lowering/KernelLowering.h"
#include "core/plugin_host/CompilerClient.h"
#include "core/runtime/Runtime.h"
#include "core/runtime/SafeFile.h"
#include "dialects/tile/Bytecode/Bytecode.h"
#include "mlir/IR/MLIRContext.h"
#include "tools/tessel/SourceFile.h"
#include "tools/tessel/StreamOutput.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

namespace tessel::cli {

namespace {

constexpr const char *kUsage =
    "usage: tessel compile FILE.py::KERNEL --signature SIG [-D NAME=VALUE ...]\n"
    "                      [--emit KIND] [--target T] [--plugin PATH ...]\n"
    "                      [--dump-ir DIR] [--raw] [-o OUT]\n"
    "\n"
    "Compiles one specialization of a @jit kernel to tile IR, or through a\n"
    "target's plugin to what that plugin makes of it.\n"
    "  --signature SIG  types of the non-constexpr parameters, in order, e.g.\n"
    "                   \"*fp32,*fp32,*fp32,i32\"; \"i32:16\" / \"*fp16:16\" add a\n"
    "                   divisibility fact\n"
    "  -D NAME=VALUE    value of a tl.constexpr parameter (int, float, True/False,\n"
    "                   a dtype such as fp16, or a string in quotes that reach\n"
    "                   the compiler: -D NAME=\"'gelu'\")\n"
    "  --emit KIND      what to write (default tile-ir):\n"
    "                     tile-ir   the tile IR as text (no target needed)\n"
    "                     bytecode  the tile IR bytecode that crosses the plugin\n"
    "                               ABI (no target needed; needs -o)\n"
    "                     passes    the IR after each pass of the plugin's\n"
    "                               pipeline\n"
    "                     a stage the plugin keeps: llvm, asm (cpu); llvm, ptx\n"
    "                               (nvidia)\n"
    "                     the plugin's artifact format: elf-so (cpu), cubin\n"
    "                               (nvidia) (binary; needs -o)\n"
    "                   `tessel plugins` lists what each plugin emits\n"
    "  --target T       <plugin>:<arch>, or auto; needed by every kind but\n"
    "                   tile-ir and bytecode (default: TESSEL_TARGET, then auto)\n"
    "  --plugin PATH    a plugin file or directory, searched before\n"
    "                   TESSEL_PLUGIN_PATH\n"
    "  --dump-ir DIR    also write every stage of this compile into DIR (made if\n"
    "                   missing): <kernel>.tile-ir.mlir,\n"
    "                   <kernel>.frontend.passes.mlir and, with a target, each\n"
    "                   stage the plugin keeps under its suffix (add_kernel.ll,\n"
    "                   add_kernel.ptx, add_kernel.passes.mlir...) and its\n"
    "                   artifact (add_kernel.cubin, add_kernel.so); default:\n"
    "                   the TESSEL_DUMP_IR environment variable\n"
    "  --raw            skip the canonicalize/cse clean-up\n"
    "  -o OUT           write to OUT instead of standard output (atomically:\n"
    "                   a temporary file renamed over OUT; a device or a\n"
    "                   pipe, such as /dev/null, is written to)\n"
    "A compile through a plugin always runs the plugin (the compile cache keeps\n"
    "no stages) and stores its artifact in the cache.\n";

// The file suffix of an artifact format in a --dump-ir directory.
std::string artifactSuffix(const std::string &format) {
  if (format == "elf-so")
    return ".so";
  return "." + format;
}

std::string joinKinds(const plugin_host::CompilerInfo &info) {
  std::string kinds = "tile-ir, bytecode";
  for (const std::string &stage : info.stages)
    kinds += ", " + stage;
  if (!info.artifactFormat.empty())
    kinds += ", " + info.artifactFormat;
  return kinds;
}

} // namespace

int runCompileCommand(const std::vector<std::string> &args, std::ostream &out,
                      std::ostream &err) {
  std::string target, outputPath, emit = "tile-ir", targetFlag;
  std::optional<std::string> dumpDir;
  std::vector<std::string> pluginPaths;
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
    } else if (a == "--target") {
      const std::string *v = value("--target");
      if (!v)
        return 2;
      targetFlag = *v;
    } else if (a == "--plugin") {
      const std::string *v = value("--plugin");
      if (!v)
        return 2;
      pluginPaths.push_back(*v);
    } else if (a == "--dump-ir") {
      const std::string *v = value("--dump-ir");
      if (!v)
        return 2;
      if (v->empty()) {
        err << "tessel compile: --dump-ir needs a directory\n";
        return 2;
      }
      dumpDir = *v;
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
  if (emit.empty()) {
    err << "tessel compile: --emit needs a kind\n";
    return 2;
  }
  // The flag wins over the environment; an empty variable is no request.
  if (!dumpDir) {
    const char *env = std::getenv("TESSEL_DUMP_IR");
    if (env && *env)
      dumpDir = env;
  }
  const bool frontendOnly = emit == "tile-ir" || emit == "bytecode";
  // Only the frontend kinds stay in this process without a plugin; a dump
  // directory alone does not pull one in.
  const bool usePlugin = !frontendOnly || !targetFlag.empty();
  if (!frontendOnly && targetFlag.empty() && !std::getenv("TESSEL_TARGET")) {
    err << "tessel compile: --emit " << emit
        << " compiles through a plugin and needs --target (or TESSEL_TARGET)\n";
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

  // The plugin and what it can emit, checked before any work.
  std::optional<runtime::Runtime> rt;
  std::optional<runtime::TargetSelection> selection;
  plugin_host::CompilerInfo info;
  if (usePlugin) {
    runtime::RuntimeOptions rtOptions;
    rtOptions.pluginPaths = pluginPaths;
    plugin_host::StatusOr<runtime::Runtime> created =
        runtime::Runtime::create(rtOptions);
    if (!created.ok()) {
      err << "tessel compile: " << created.status().message() << "\n";
      return 1;
    }
    rt.emplace(std::move(*created));
    for (const std::string &w : rt->warnings())
      err << "tessel compile: warning: " << w << "\n";
    plugin_host::StatusOr<runtime::TargetSelection> selected =
        rt->selectTarget(targetFlag);
    if (!selected.ok()) {
      err << "tessel compile: " << selected.status().message() << "\n";
      return 1;
    }
    selection = *selected;
    const auto &plugin = rt->plugin(selection->pluginIndex);
    if (!plugin) {
      err << "tessel compile: plugin '" << selection->target.plugin
          << "' cannot be loaded\n";
      return 1;
    }
    plugin_host::StatusOr<plugin_host::CompilerInfo> got =
        plugin_host::getCompilerInfo(*plugin);
    if (!got.ok()) {
      err << "tessel compile: plugin '" << selection->target.plugin
          << "': " << got.status().message() << "\n";
      return 1;
    }
    info = std::move(*got);
    bool known = frontendOnly || emit == info.artifactFormat;
    for (const std::string &stage : info.stages)
      known = known || stage == emit;
    if (!known) {
      err << "tessel compile: plugin '" << selection->target.plugin << "' cannot emit '"
          << emit << "'; it can emit: " << joinKinds(info) << "\n";
      return 2;
    }
  } else if (!frontendOnly) {
    err << "tessel compile: --emit must be tile-ir or bytecode without a "
           "target, got '"
        << emit << "'\n";
    return 2;
  }
  const bool binaryOutput =
      emit == "bytecode" || (usePlugin && emit == info.artifactFormat);
  if (binaryOutput && outputPath.empty()) {
    err << "tessel compile: --emit " << emit << " needs -o FILE\n";
    return 2;
  }

  mlir::MLIRContext context;
  compiler::KernelSpecialization specialization{spec.kernel, spec.signature,
                                                spec.constexprs};
  specialization.dumpPasses = dumpDir.has_value();
  compiler::LoweredKernel lowered =
      compiler::lowerToTileIR(file, *text, specialization, context, !raw);
  err << lowered.diagnostics;
  if (!lowered.module)
    return 1;
  mlir::OwningOpRef<mlir::ModuleOp> module = std::move(lowered.module);

  std::string tileText;
  {
    llvm::raw_string_ostream os(tileText);
    module->print(os);
  }
  std::string bytecode;
  if ((emit == "bytecode" || usePlugin) &&
      mlir::failed(tile::writeTileBytecode(*module, bytecode))) {
    err << "tessel compile: cannot write bytecode\n";
    return 1;
  }

  std::optional<runtime::Artifact> artifact;
  if (usePlugin) {
    runtime::CompileRequest request;
    request.ir.assign(bytecode.begin(), bytecode.end());
    request.entryName = spec.kernel;
    request.stageFlags = TESSEL_STAGES_KEEP;
    if (emit == "passes" || dumpDir)
      request.stageFlags |= TESSEL_STAGES_PASSES;
    plugin_host::StatusOr<runtime::Artifact> compiled =
        rt->compile(selection->target, request);
    if (!compiled.ok()) {
      err << "tessel compile: " << compiled.status().message() << "\n";
      return 1;
    }
    artifact = std::move(*compiled);
  }

  if (dumpDir) {
    if (std::error_code ec = llvm::sys::fs::create_directories(*dumpDir)) {
      err << "tessel compile: cannot make --dump-ir directory '" << *dumpDir
          << "': " << ec.message() << "\n";
      return 1;
    }
    std::vector<std::pair<std::string, std::string>> files;
    files.push_back({".tile-ir.mlir", tileText});
    if (!lowered.passDump.empty())
      files.push_back({".frontend.passes.mlir", lowered.passDump});
    if (artifact) {
      for (const plugin_host::KernelStage &stage : artifact->kernel.stages)
        files.push_back({stage.fileSuffix, stage.data});
      files.push_back(
          {artifactSuffix(info.artifactFormat),
           std::string(artifact->kernel.bytes.begin(), artifact->kernel.bytes.end())});
    }
    for (const auto &[suffix, data] : files) {
      std::string path = *dumpDir + "/" + spec.kernel + suffix;
      plugin_host::Status written = runtime::writeFileAtomically(path, data);
      if (!written.ok()) {
        err << "tessel compile: " << written.message() << "\n";
        return 1;
      }
    }
  }

  std::string bytes;
  if (emit == "tile-ir") {
    bytes = std::move(tileText);
  } else if (emit == "bytecode") {
    bytes = std::move(bytecode);
  } else if (emit == info.artifactFormat) {
    bytes.assign(artifact->kernel.bytes.begin(), artifact->kernel.bytes.end());
  } else {
    const plugin_host::KernelStage *found = nullptr;
    for (const plugin_host::KernelStage &stage : artifact->kernel.stages)
      if (stage.name == emit)
        found = &stage;
    if (!found) {
      err << "tessel compile: plugin '" << selection->target.plugin << "' lists stage '"
          << emit << "' but kept none of that name\n";
      return 1;
    }
    bytes = found->data;
  }
  if (outputPath.empty()) {
    out << bytes;
    return 0;
  }
  // A character device or a named pipe at OUT (`-o /dev/null`) is written
  // to in place (StreamOutput.h).
  if (isStreamDestination(outputPath)) {
    if (std::string failed = writeToStream(outputPath, bytes); !failed.empty()) {
      err << "tessel compile: " << failed << "\n";
      return 1;
    }
    return 0;
  }
  // Otherwise through a private temporary renamed over OUT: never a partial
  // file, and never a write through a symbolic link planted at OUT.
  plugin_host::Status written = runtime::writeFileAtomically(outputPath, bytes);
  if (!written.ok()) {
    err << "tessel compile: " << written.message() << "\n";
    return 1;
  }
  return 0;
}

} // namespace tessel::cli
