//===- CompileCase.cpp - The compile side of the suite --------------------===//

#include "conformance/runner/CompileCase.h"

#include "conformance/cases/KernelSources.h"
#include "core/compiler/KernelCompiler.h"
#include "core/plugin_host/IsolatedCalls.h"
#include "core/runtime/CacheKey.h"
#include "dialects/tile/Bytecode/Bytecode.h"
#include "dialects/tile/IR/TileVersion.h"
#include "mlir/IR/MLIRContext.h"

namespace tessel::conformance {
namespace {

struct Lowered {
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::string diagnostics;
};

// The runner forks a child per case; a context without its own thread pool
// keeps the parent single-threaded, which fork needs.
Lowered lower(const std::string &path, const std::string &kernel,
              const std::string &signature,
              const std::vector<std::pair<std::string, std::string>> &constexprs,
              mlir::MLIRContext &context) {
  Lowered out;
  const std::string *text = kernelSource(path);
  if (text == nullptr) {
    out.diagnostics = "no embedded kernel source '" + path + "'";
    return out;
  }
  compiler::KernelSpecialization spec;
  spec.kernel = kernel;
  spec.signature = signature;
  for (auto &[k, v] : constexprs)
    spec.constexprs[k] = v;
  compiler::LoweredKernel lowered =
      compiler::lowerToTileIR("conformance/cases/" + path, *text, spec, context);
  out.module = std::move(lowered.module);
  out.diagnostics = std::move(lowered.diagnostics);
  return out;
}

} // namespace

plugin_host::StatusOr<std::vector<uint8_t>> lowerCase(const Case &c) {
  mlir::MLIRContext context(mlir::MLIRContext::Threading::DISABLED);
  Lowered l =
      lower("kernels/" + c.source, c.kernel, c.signature, c.constexprs, context);
  if (!l.module)
    return plugin_host::Status(TESSEL_ERROR_INVALID_ARGUMENT,
                               "frontend: " + l.diagnostics);
  // Lowered and cleaned up by the one front half: what a user's kernel gets.
  std::string bytes;
  if (mlir::failed(tile::writeTileBytecode(*l.module, bytes)))
    return plugin_host::Status(TESSEL_ERROR_INTERNAL, "cannot write tile IR bytecode");
  return std::vector<uint8_t>(bytes.begin(), bytes.end());
}

plugin_host::CompileOptions compileOptionsOf(const Case &c) {
  plugin_host::CompileOptions options;
  options.numWarps = c.numWarps;
  options.numStages = c.numStages;
  return options;
}

plugin_host::StatusOr<plugin_host::CompiledKernel>
compileOnPlugin(const plugin_host::LoadedPlugin &plugin,
                const plugin_host::Target &target, const std::vector<uint8_t> &ir,
                const std::string &entry, const plugin_host::CompileOptions &options,
                runtime::CompileCache *cache, int timeoutMs) {
  plugin_host::CompileRequest request;
  request.target = target;
  request.ir = ir;
  request.entryName = entry;
  request.options = options;
  runtime::CacheKey key;
  if (cache != nullptr) {
    key = runtime::computeCompileCacheKey(plugin, request);
    runtime::CacheLookup hit = cache->lookup(key);
    if (hit.entry.has_value())
      return std::move(hit.entry->kernel);
  }
  plugin_host::ChildProcessOptions child;
  child.timeoutMs = timeoutMs;
  auto compiled = plugin_host::compileInChildProcess(plugin, request, child);
  if (!compiled.ok())
    return compiled.status();
  // A cache that cannot be written only costs time; the result stands.
  if (cache != nullptr)
    (void)cache->store(key, {target.toString(), *compiled});
  return compiled;
}

CaseResult checkCompileFail(const CompileFailCase &c) {
  mlir::MLIRContext context(mlir::MLIRContext::Threading::DISABLED);
  Lowered l = lower(c.source, c.kernel, c.signature, c.constexprs, context);
  CaseResult r{c.id, Outcome::kFail, "", "", 0};
  if (l.module) {
    r.message = "compiled without error; expected: " + c.expectedMessage;
    return r;
  }
  // Diagnostics render as "<file>:<line>:<col>: error: <message>".
  const std::string file = "conformance/cases/" + c.source + ":";
  const std::string &d = l.diagnostics;
  for (size_t pos = d.find(file); pos != std::string::npos;
       pos = d.find(file, pos + 1)) {
    const size_t eol = d.find('\n', pos);
    const std::string line =
        d.substr(pos, eol == std::string::npos ? std::string::npos : eol - pos);
    const int lineNo = std::atoi(line.c_str() + file.size());
    if (line.find(": error: ") == std::string::npos)
      continue;
    if (line.find(c.expectedMessage) == std::string::npos)
      continue;
    if (c.expectedLine != 0 && lineNo != c.expectedLine)
      continue;
    r.outcome = Outcome::kPass;
    return r;
  }
  r.message = "expected an error containing '" + c.expectedMessage + "'" +
              (c.expectedLine ? " on line " + std::to_string(c.expectedLine) : "") +
              "; got: " + d;
  return r;
}

} // namespace tessel::conformance
