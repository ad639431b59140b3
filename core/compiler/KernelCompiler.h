//===- KernelCompiler.h - Kernel source to a loaded-ready artifact -*- C++ -*-===//
//
// The compile-from-source entry of the host side: a kernel file, the kernel's
// name, a launch signature and constexpr values go through the frontend to
// tile IR bytecode, and from there through the runtime's compile cache to the
// target's plugin.
//
//   auto rt = runtime::Runtime::create();
//   auto sel = rt->selectTarget(flag);
//   auto compiled = compiler::compileKernelFile(
//       *rt, sel->target, "add.py",
//       {"add_kernel", "*fp32,*fp32,*fp32,i32", {{"BLOCK", "1024"}}});
//   auto kernel = runtime::Kernel::load(device, compiled->artifact);
//
// It lives outside core/runtime because the frontend needs MLIR, and the
// runtime must build without it. Nothing here keeps MLIR objects alive
// between calls: each call has its own context.
//
// The cache key is computed from the bytecode, so every signature and
// constexpr value (each a distinct specialization) gets its own entry; a hit
// still runs the frontend (milliseconds) but not the plugin's compiler.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_COMPILER_KERNELCOMPILER_H
#define TESSEL_CORE_COMPILER_KERNELCOMPILER_H

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/frontend/Limits.h"
#include "core/plugin_host/PluginTypes.h"
#include "core/runtime/Artifact.h"
#include "core/runtime/Runtime.h"
#include "core/runtime/Status.h"
#include "dialects/tile/Analysis/AccessExtents.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"

namespace tessel::compiler {

/// One specialization of a kernel: what `tessel compile` takes on its command
/// line (see docs/language.md, "Compiling a kernel").
struct KernelSpecialization {
  /// Name of the @jit function.
  std::string kernel;
  /// Types of the non-constexpr parameters, in order: "*fp32,*fp32,i32".
  std::string signature;
  /// Values of tl.constexpr parameters as text: {"BLOCK", "1024"}.
  std::map<std::string, std::string> constexprs;
  /// Resource limits (docs/limits.md): the defaults as the TESSEL_LIMIT_*
  /// environment variables override them, unless the caller sets a field.
  frontend::FrontendLimits limits = frontend::FrontendLimits::fromEnvironment();
  /// Record the IR after each clean-up pass (TileKernel::passDump).
  bool dumpPasses = false;
};

/// One runtime parameter of the kernel, in launch order.
struct KernelParam {
  /// The name in the source: "x_ptr".
  std::string name;
  /// The signature's spelling: "*fp32", "i32", "u8".
  std::string type;
  bool isPointer = false;
  /// Tessel_Dtype of the value, or of the pointee for pointers. Unlike the
  /// plugin's metadata (which sees MLIR's signless integers) this keeps
  /// unsigned types apart: "u32" is TESSEL_DTYPE_U32.
  int32_t dtype = 0;
};

/// What the front half makes of one specialization.
struct LoweredKernel {
  /// The tile IR module; null when the kernel has errors.
  mlir::OwningOpRef<mlir::ModuleOp> module;
  /// The rendered diagnostics, errors and warnings alike:
  /// `file:line:col: error: ...` lines with the quoted source.
  std::string diagnostics;
  /// The runtime parameters, when the module is there.
  std::vector<KernelParam> params;
  /// With KernelSpecialization::dumpPasses: the IR after each clean-up
  /// pass, each dump headed `// -----// IR Dump After <pass> (<op>) //----- //`
  /// as a plugin's stage "passes" is.
  std::string passDump;
};

/// The one front half of compilation, which the runtime, `tessel compile`
/// and the conformance runner all call: parses `text` (named `fileName` in
/// diagnostics), lowers `spec.kernel` to tile IR in `context`, and cleans it
/// up with canonicalize and CSE unless `cleanUp` is false.
LoweredKernel lowerToTileIR(const std::string &fileName, const std::string &text,
                            const KernelSpecialization &spec,
                            mlir::MLIRContext &context, bool cleanUp = true);

/// A kernel lowered to tile IR bytecode, ready for runtime::CompileRequest.
struct TileKernel {
  std::vector<uint8_t> bytecode;
  std::string entryName;
  std::vector<KernelParam> params;
  /// The accesses whose buffer extent is decidable before a launch
  /// (dialects/tile/Analysis/AccessExtents.h); `argument` indexes `params`.
  std::vector<tile::AccessExtent> extents;
  /// Wall time of parsing, lowering, clean-up and serialization.
  double frontendMilliseconds = 0;
  /// The final tile IR as text (what the bytecode holds).
  std::string tileIR;
  /// With KernelSpecialization::dumpPasses: LoweredKernel::passDump.
  std::string passDump;
};

/// Lowers `spec.kernel` of `text` (named `fileName` in diagnostics) to
/// bytecode, after the canonicalize and CSE clean-up `tessel compile` does.
/// Errors are INVALID_ARGUMENT whose message is the rendered diagnostics:
/// `file:line:col: error: ...` lines with the quoted source.
runtime::StatusOr<TileKernel> lowerKernelSource(const std::string &fileName,
                                                const std::string &text,
                                                const KernelSpecialization &spec);

/// lowerKernelSource on the contents of `path`; NOT_FOUND when it cannot be
/// opened, INVALID_ARGUMENT when it is not a regular file or is larger than
/// `spec.limits.sourceBytes`.
runtime::StatusOr<TileKernel> lowerKernelFile(const std::string &path,
                                              const KernelSpecialization &spec);

/// What compileKernelFile returns: the lowered kernel and the artifact
/// (whose `record` says whether the cache was hit and how long it took).
struct CompiledKernel {
  TileKernel tile;
  runtime::Artifact artifact;
};

/// Lowers `path`'s kernel and compiles it for `target` through `runtime`'s
/// cache (Runtime::compile). Frontend errors come back as lowerKernelSource
/// reports them; compile errors as the plugin reports them.
runtime::StatusOr<CompiledKernel>
compileKernelFile(const runtime::Runtime &runtime, const plugin_host::Target &target,
                  const std::string &path, const KernelSpecialization &spec,
                  const plugin_host::CompileOptions &options = {});

/// Compiles an already lowered kernel for `target` through `runtime`'s cache.
runtime::StatusOr<runtime::Artifact>
compileTileKernel(const runtime::Runtime &runtime, const plugin_host::Target &target,
                  const TileKernel &tile,
                  const plugin_host::CompileOptions &options = {});

/// The same from source text already in memory.
runtime::StatusOr<CompiledKernel>
compileKernelSource(const runtime::Runtime &runtime, const plugin_host::Target &target,
                    const std::string &fileName, const std::string &text,
                    const KernelSpecialization &spec,
                    const plugin_host::CompileOptions &options = {});

} // namespace tessel::compiler

#endif // TESSEL_CORE_COMPILER_KERNELCOMPILER_H
