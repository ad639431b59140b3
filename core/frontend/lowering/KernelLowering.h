//===- KernelLowering.h - Kernel language to tile IR --------------*- C++ -*-===//
//
// The semantic half of the frontend: takes a parsed source file, a kernel
// name, a launch signature and constexpr values, and produces a verified tile
// IR module holding one `func.func` for that kernel specialization (helpers
// and other @jit functions it calls are inlined).
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_FRONTEND_LOWERING_KERNELLOWERING_H
#define TESSEL_CORE_FRONTEND_LOWERING_KERNELLOWERING_H

#include <map>
#include <string>

#include "core/frontend/AST.h"
#include "core/frontend/Diagnostics.h"
#include "core/frontend/Limits.h"
#include "core/frontend/SourceManager.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"

namespace tessel::frontend {

/// One specialization of a kernel.
struct KernelSpec {
  /// Name of the @jit function to compile.
  std::string kernel;
  /// Types of the non-constexpr parameters, in order (see Signature.h).
  std::string signature;
  /// Values of tl.constexpr parameters, as written on a command line
  /// ("128", "0.5", "True", "fp16" / "tl.float16"). Parameters with a default
  /// may be omitted.
  std::map<std::string, std::string> constexprs;
  /// Resource limits of the compilation (docs/limits.md): the defaults, as
  /// the TESSEL_LIMIT_* environment variables override them, unless the
  /// caller sets a field.
  FrontendLimits limits = FrontendLimits::fromEnvironment();
};

/// Lowers `spec.kernel` of `module` to tile IR. Errors are reported to
/// `diags` with source locations; on error the result is null. The context
/// gets the dialects it needs loaded.
mlir::OwningOpRef<mlir::ModuleOp>
lowerKernel(const Module &module, const SourceManager &sources, DiagnosticEngine &diags,
            mlir::MLIRContext &context, const KernelSpec &spec);

/// Lexes, parses and lowers `text` (named `fileName` in diagnostics) in one
/// step. `sources` receives the file so that diagnostics can quote it.
mlir::OwningOpRef<mlir::ModuleOp>
compileKernelSource(const std::string &fileName, const std::string &text,
                    SourceManager &sources, DiagnosticEngine &diags,
                    mlir::MLIRContext &context, const KernelSpec &spec);

/// Registers every dialect tile IR produced by the frontend uses.
void loadFrontendDialects(mlir::MLIRContext &context);

} // namespace tessel::frontend

#endif // TESSEL_CORE_FRONTEND_LOWERING_KERNELLOWERING_H
