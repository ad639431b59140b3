#include "core/compiler/KernelCompiler.h"

#include <chrono>
#include <fstream>
#include <sstream>

#include "core/frontend/AST.h"
#include "core/frontend/Diagnostics.h"
#include "core/frontend/Parser.h"
#include "core/frontend/SourceManager.h"
#include "core/frontend/lowering/DType.h"
#include "core/frontend/lowering/KernelLowering.h"
#include "core/frontend/lowering/Signature.h"
#include "dialects/tile/Bytecode/Bytecode.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/raw_ostream.h"

namespace tessel::compiler {

namespace {

using runtime::Status;
using runtime::StatusOr;

int32_t tesselDtype(frontend::Scalar s) {
  switch (s) {
  case frontend::Scalar::I1:
    return TESSEL_DTYPE_I1;
  case frontend::Scalar::I8:
    return TESSEL_DTYPE_I8;
  case frontend::Scalar::I16:
    return TESSEL_DTYPE_I16;
  case frontend::Scalar::I32:
    return TESSEL_DTYPE_I32;
  case frontend::Scalar::I64:
    return TESSEL_DTYPE_I64;
  case frontend::Scalar::U8:
    return TESSEL_DTYPE_U8;
  case frontend::Scalar::U16:
    return TESSEL_DTYPE_U16;
  case frontend::Scalar::U32:
    return TESSEL_DTYPE_U32;
  case frontend::Scalar::U64:
    return TESSEL_DTYPE_U64;
  case frontend::Scalar::F8E4M3:
    return TESSEL_DTYPE_FP8E4M3;
  case frontend::Scalar::F8E5M2:
    return TESSEL_DTYPE_FP8E5M2;
  case frontend::Scalar::F16:
    return TESSEL_DTYPE_FP16;
  case frontend::Scalar::BF16:
    return TESSEL_DTYPE_BF16;
  case frontend::Scalar::F32:
    return TESSEL_DTYPE_FP32;
  case frontend::Scalar::F64:
    return TESSEL_DTYPE_FP64;
  }
  return TESSEL_DTYPE_INVALID;
}

// The runtime parameters of a kernel that lowered successfully, so that the
// kernel and signature are known to be consistent.
std::vector<KernelParam> runtimeParams(const frontend::Module &module,
                                       const KernelSpecialization &spec) {
  std::vector<KernelParam> params;
  const frontend::FunctionDef *kernel = module.findFunction(spec.kernel);
  std::string error;
  auto signature = frontend::parseSignature(spec.signature, error);
  if (!kernel || !signature)
    return params;
  size_t next = 0;
  for (const frontend::Param &p : kernel->params) {
    if (p.isConstexpr() || next >= signature->size())
      continue;
    const frontend::SignatureEntry &entry = (*signature)[next++];
    const frontend::DType type = entry.type;
    KernelParam param;
    param.name = p.name;
    param.type = entry.isTensorDesc() ? entry.spelling() : type.name();
    param.isPointer = type.isPointer;
    param.dtype = tesselDtype(type.scalar);
    params.push_back(std::move(param));
  }
  return params;
}

double millisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() -
                                                   start)
      .count();
}

} // namespace

LoweredKernel lowerToTileIR(const std::string &fileName, const std::string &text,
                            const KernelSpecialization &spec,
                            mlir::MLIRContext &context, bool cleanUp) {
  LoweredKernel out;
  frontend::SourceManager sources;
  frontend::DiagnosticEngine diags(sources);
  // Lowering takes the parsed module, which is kept for the parameter names.
  uint32_t file = sources.addFile(fileName, text);
  std::unique_ptr<frontend::Module> parsed =
      frontend::parseFile(sources, file, diags, spec.limits);
  mlir::OwningOpRef<mlir::ModuleOp> module;
  if (parsed && !diags.hasErrors())
    module = frontend::lowerKernel(
        *parsed, sources, diags, context,
        {spec.kernel, spec.signature, spec.constexprs, spec.limits});
  out.diagnostics = diags.renderAll();
  if (!module || diags.hasErrors()) {
    if (out.diagnostics.empty())
      out.diagnostics =
          fileName + ": error: cannot compile kernel '" + spec.kernel + "'\n";
    return out;
  }
  if (cleanUp) {
    mlir::PassManager pm(&context);
    pm.addPass(mlir::createCanonicalizerPass());
    pm.addPass(mlir::createCSEPass());
    if (spec.dumpPasses) {
      // The same header as the plugins' stage "passes" (plugins/common
      // PassDump), so one reader serves both.
      context.registerActionHandler([&](llvm::function_ref<void()> transform,
                                        const mlir::tracing::Action &action) {
        transform();
        const auto *run = llvm::dyn_cast<mlir::PassExecutionAction>(&action);
        if (run == nullptr || run->getOp() == nullptr ||
            run->getPass().getName() == "mlir::detail::OpToOpPassAdaptor")
          return;
        llvm::StringRef name = run->getPass().getArgument();
        if (name.empty())
          name = run->getPass().getName();
        llvm::raw_string_ostream os(out.passDump);
        os << "// -----// IR Dump After " << name << " ("
           << run->getOp()->getName().getStringRef() << ") //----- //\n";
        run->getOp()->print(os);
        os << "\n\n";
      });
    }
    mlir::LogicalResult cleaned = pm.run(*module);
    if (spec.dumpPasses)
      context.registerActionHandler(nullptr);
    if (mlir::failed(cleaned)) {
      out.diagnostics += fileName +
                         ": error: internal error while cleaning up the IR of '" +
                         spec.kernel + "'\n";
      return out;
    }
  }
  out.params = runtimeParams(*parsed, spec);
  out.module = std::move(module);
  return out;
}

StatusOr<TileKernel> lowerKernelSource(const std::string &fileName,
                                       const std::string &text,
                                       const KernelSpecialization &spec) {
  const auto start = std::chrono::steady_clock::now();
  // One kernel per module: a thread pool for this context would cost more
  // to start than it could give back.
  mlir::MLIRContext context(mlir::MLIRContext::Threading::DISABLED);
  LoweredKernel lowered = lowerToTileIR(fileName, text, spec, context);
  if (!lowered.module)
    return Status(TESSEL_ERROR_INVALID_ARGUMENT, lowered.diagnostics);
  std::string bytes;
  if (mlir::failed(tile::writeTileBytecode(*lowered.module, bytes)))
    return Status(TESSEL_ERROR_INTERNAL,
                  fileName + ": cannot write the bytecode of '" + spec.kernel + "'");
  TileKernel out;
  out.bytecode.assign(bytes.begin(), bytes.end());
  out.entryName = spec.kernel;
  out.params = std::move(lowered.params);
  out.passDump = std::move(lowered.passDump);
  llvm::raw_string_ostream tileText(out.tileIR);
  lowered.module->print(tileText);
  if (auto kernel = lowered.module->lookupSymbol<mlir::func::FuncOp>(spec.kernel))
    out.extents = tile::computeAccessExtents(kernel);
  out.frontendMilliseconds = millisecondsSince(start);
  return out;
}

StatusOr<TileKernel> lowerKernelFile(const std::string &path,
                                     const KernelSpecialization &spec) {
  std::string text, error;
  switch (frontend::readSourceFile(path, spec.limits.sourceBytes, text, error)) {
  case frontend::SourceRead::Ok:
    break;
  case frontend::SourceRead::CannotOpen:
    return Status(TESSEL_ERROR_NOT_FOUND, error);
  case frontend::SourceRead::Refused:
    return Status(TESSEL_ERROR_INVALID_ARGUMENT, error);
  }
  return lowerKernelSource(path, text, spec);
}

StatusOr<runtime::Artifact>
compileTileKernel(const runtime::Runtime &runtime, const plugin_host::Target &target,
                  const TileKernel &tile, const plugin_host::CompileOptions &options) {
  runtime::CompileRequest request;
  request.ir = tile.bytecode;
  request.entryName = tile.entryName;
  request.options = options;
  return runtime.compile(target, request);
}

namespace {

StatusOr<CompiledKernel> compileLowered(const runtime::Runtime &runtime,
                                        const plugin_host::Target &target,
                                        StatusOr<TileKernel> tile,
                                        const plugin_host::CompileOptions &options) {
  if (!tile.ok())
    return tile.status();
  StatusOr<runtime::Artifact> artifact =
      compileTileKernel(runtime, target, *tile, options);
  if (!artifact.ok())
    return artifact.status();
  return CompiledKernel{std::move(*tile), std::move(*artifact)};
}

} // namespace

StatusOr<CompiledKernel> compileKernelFile(const runtime::Runtime &runtime,
                                           const plugin_host::Target &target,
                                           const std::string &path,
                                           const KernelSpecialization &spec,
                                           const plugin_host::CompileOptions &options) {
  return compileLowered(runtime, target, lowerKernelFile(path, spec), options);
}

StatusOr<CompiledKernel>
compileKernelSource(const runtime::Runtime &runtime, const plugin_host::Target &target,
                    const std::string &fileName, const std::string &text,
                    const KernelSpecialization &spec,
                    const plugin_host::CompileOptions &options) {
  return compileLowered(runtime, target, lowerKernelSource(fileName, text, spec),
                        options);
}

} // namespace tessel::compiler
