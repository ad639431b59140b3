//===- CompilerCApi.cpp - The compiler's C interface -----------------------===//
//
// tessel_compiler.h over core/compiler. One Runtime per plugin path list
// lives for the process: discovering and probing plugins costs more than
// compiling a small kernel, and a Python process compiles many
// specializations. The Runtime's own cache is off: callers of this
// interface keep the compiled entries (the Python package's cache).
//
//===----------------------------------------------------------------------===//

#include "core/compiler/capi/tessel_compiler.h"

#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <vector>

#include "core/compiler/KernelCompiler.h"
#include "core/plugin_host/CompilerClient.h"
#include "core/runtime/CacheEntry.h"
#include "core/runtime/CacheKey.h"
#include "core/runtime/Runtime.h"
#include "core/runtime/capi/CApiSupport.h"
#include "core/runtime/capi/JsonWriter.h"

using tessel::capi::JsonWriter;
using namespace tessel;

struct Tessel_Compiled {
  std::string info;
  std::string entry;
  struct File {
    std::string name;
    std::string data;
  };
  std::vector<File> files;
};

namespace {

thread_local std::string lastError;

int fail(int code, std::string message) {
  lastError = std::move(message);
  return code;
}

int fail(const runtime::Status &status) {
  return fail(status.code(), status.message());
}

// The process's Runtime for `pluginPaths` (created on first use).
runtime::StatusOr<const runtime::Runtime *> runtimeFor(const std::string &pluginPaths,
                                                       bool inProcess) {
  static std::mutex mutex;
  static std::map<std::pair<std::string, bool>, std::unique_ptr<runtime::Runtime>>
      runtimes;
  std::lock_guard<std::mutex> lock(mutex);
  auto &slot = runtimes[{pluginPaths, inProcess}];
  if (!slot) {
    runtime::RuntimeOptions options;
    options.pluginPaths = capi::splitList(pluginPaths.c_str(), ':');
    options.useCache = false;
    options.setUpInProcess = inProcess;
    runtime::StatusOr<runtime::Runtime> created = runtime::Runtime::create(options);
    if (!created.ok())
      return created.status();
    slot = std::make_unique<runtime::Runtime>(std::move(*created));
  }
  return slot.get();
}

// "NAME=VALUE" lines into the specialization's constexprs.
bool parseConstexprs(const char *text, std::map<std::string, std::string> &out) {
  for (const std::string &line : capi::splitList(text, '\n')) {
    size_t eq = line.find('=');
    if (eq == 0 || eq == std::string::npos) {
      lastError = "constexpr '" + line + "' is not NAME=VALUE";
      return false;
    }
    out[line.substr(0, eq)] = line.substr(eq + 1);
  }
  return true;
}

std::string artifactSuffix(const std::string &format) {
  if (format == "elf-so")
    return ".so";
  return "." + (format.empty() ? std::string("bin") : format);
}

int compileChecked(const char *pluginPaths, const char *targetText,
                   const char *fileName, const char *source, const char *kernelName,
                   const char *signature, const char *constexprs, int32_t numWarps,
                   int32_t numStages, uint32_t flags, const char *keyHex,
                   Tessel_Compiled **out) {
  runtime::CacheKey key;
  if (!capi::parseCacheKey(keyHex, key))
    return fail(TESSEL_ERROR_INVALID_ARGUMENT,
                "the key must be 64 lower-case hexadecimal digits");
  compiler::KernelSpecialization spec;
  spec.kernel = kernelName;
  spec.signature = signature == nullptr ? "" : signature;
  if (!parseConstexprs(constexprs, spec.constexprs))
    return TESSEL_ERROR_INVALID_ARGUMENT;
  spec.dumpPasses = (flags & TESSEL_CC_DUMP_PASSES) != 0;
  runtime::StatusOr<compiler::TileKernel> tile = compiler::lowerKernelSource(
      fileName == nullptr ? "<source>" : fileName, source, spec);
  if (!tile.ok())
    return fail(tile.status());

  runtime::StatusOr<const runtime::Runtime *> rt =
      runtimeFor(pluginPaths == nullptr ? "" : pluginPaths,
                 (flags & TESSEL_CC_SETUP_IN_PROCESS) != 0);
  if (!rt.ok())
    return fail(rt.status());
  runtime::StatusOr<runtime::TargetSelection> sel =
      (*rt)->selectTarget(targetText == nullptr ? "" : targetText);
  if (!sel.ok())
    return fail(sel.status());
  const auto &plugin = (*rt)->plugin(sel->pluginIndex);
  if (!plugin)
    return fail(TESSEL_ERROR_FAILED_PRECONDITION,
                "plugin '" + (*rt)->plugins()[sel->pluginIndex].name +
                    "' could not be loaded");
  runtime::StatusOr<plugin_host::CompilerInfo> compilerInfo =
      plugin_host::getCompilerInfo(*plugin);
  if (!compilerInfo.ok())
    return fail(compilerInfo.status());

  runtime::CompileRequest request;
  request.ir = tile->bytecode;
  request.entryName = tile->entryName;
  request.options.numWarps = numWarps;
  request.options.numStages = numStages;
  if (flags & TESSEL_CC_CHECK_BOUNDS)
    request.options.flags |= TESSEL_COMPILE_CHECK_BOUNDS;
  if (flags & TESSEL_CC_KEEP_STAGES)
    request.stageFlags |= TESSEL_STAGES_KEEP;
  if (flags & TESSEL_CC_DUMP_PASSES)
    request.stageFlags |= TESSEL_STAGES_PASSES;
  if (flags & TESSEL_CC_BY_PRODUCTS_ONLY)
    request.stageFlags |= TESSEL_STAGES_BY_PRODUCTS_ONLY;
  runtime::StatusOr<runtime::Artifact> artifact = (*rt)->compile(sel->target, request);
  if (!artifact.ok())
    return fail(artifact.status());

  auto result = std::make_unique<Tessel_Compiled>();
  const std::string target = sel->target.toString();
  result->entry = runtime::encodeCacheEntry(key, {target, artifact->kernel});
  const std::string &name = tile->entryName;
  result->files.push_back({name + ".tile.mlir", tile->tileIR});
  if (!tile->passDump.empty())
    result->files.push_back({name + ".frontend.passes.mlir", tile->passDump});
  result->files.push_back(
      {name + artifactSuffix(compilerInfo->artifactFormat),
       std::string(artifact->kernel.bytes.begin(), artifact->kernel.bytes.end())});
  for (const plugin_host::KernelStage &stage : artifact->kernel.stages)
    result->files.push_back({name + stage.fileSuffix, stage.data});

  const plugin_host::KernelMetadata &m = artifact->kernel.metadata;
  JsonWriter w;
  w.beginObject().key("entry").value(name).key("target").value(target);
  w.key("plugin").value(plugin->name()).key("plugin_version").value(plugin->version());
  w.key("artifact_format").value(compilerInfo->artifactFormat);
  w.key("params").beginArray();
  for (const compiler::KernelParam &p : tile->params)
    w.beginObject()
        .key("name")
        .value(p.name)
        .key("type")
        .value(p.type)
        .key("pointer")
        .value(p.isPointer)
        .key("dtype")
        .value(plugin_host::dtypeName(p.dtype))
        .endObject();
  w.endArray();
  w.key("num_warps")
      .value(m.numWarps)
      .key("threads_per_block")
      .value(m.threadsPerBlock);
  w.key("shared_mem_bytes").value(m.sharedMemBytes);
  w.key("frontend_ms").value(tile->frontendMilliseconds);
  w.key("compile_ms").value(artifact->record.milliseconds);
  w.endObject();
  result->info = w.text();
  *out = result.release();
  return 0;
}

} // namespace

extern "C" {

uint32_t tessel_cc_api_version(void) { return TESSEL_CC_C_API_VERSION; }

const char *tessel_cc_last_error(void) { return lastError.c_str(); }

int tessel_compile(const char *pluginPaths, const char *target, const char *fileName,
                   const char *source, const char *kernel, const char *signature,
                   const char *constexprs, int32_t numWarps, int32_t numStages,
                   uint32_t flags, const char *key, Tessel_Compiled **out) {
  if (out == nullptr || source == nullptr || kernel == nullptr)
    return fail(TESSEL_ERROR_INVALID_ARGUMENT,
                "source, kernel and out must not be null");
  *out = nullptr;
  try {
    return compileChecked(pluginPaths, target, fileName, source, kernel, signature,
                          constexprs, numWarps, numStages, flags, key, out);
  } catch (const std::bad_alloc &) {
    return fail(TESSEL_ERROR_RESOURCE_EXHAUSTED, "out of memory");
  } catch (const std::exception &e) {
    return fail(TESSEL_ERROR_INTERNAL, std::string("internal error: ") + e.what());
  } catch (...) {
    return fail(TESSEL_ERROR_INTERNAL, "internal error");
  }
}

void tessel_compiled_destroy(Tessel_Compiled *compiled) { delete compiled; }

const char *tessel_compiled_info(const Tessel_Compiled *compiled) {
  return compiled == nullptr ? "" : compiled->info.c_str();
}

void tessel_compiled_entry(const Tessel_Compiled *compiled, const uint8_t **data,
                           size_t *size) {
  *data = reinterpret_cast<const uint8_t *>(compiled->entry.data());
  *size = compiled->entry.size();
}

size_t tessel_compiled_num_files(const Tessel_Compiled *compiled) {
  return compiled == nullptr ? 0 : compiled->files.size();
}

void tessel_compiled_file(const Tessel_Compiled *compiled, size_t index,
                          const char **name, const uint8_t **data, size_t *size) {
  if (compiled == nullptr || index >= compiled->files.size()) {
    *name = nullptr;
    *data = nullptr;
    *size = 0;
    return;
  }
  const Tessel_Compiled::File &file = compiled->files[index];
  *name = file.name.c_str();
  *data = reinterpret_cast<const uint8_t *>(file.data.data());
  *size = file.data.size();
}

} // extern "C"
