#include "core/frontend/fuzz/SemanticFuzzInput.h"

#include <string>

#include "core/frontend/Parser.h"
#include "core/frontend/lowering/KernelLowering.h"
#include "mlir/IR/MLIRContext.h"

namespace tessel::frontend::fuzz {

void runSemanticInput(const uint8_t *data, size_t size) {
  SourceManager sources;
  uint32_t file = sources.addFile(
      "fuzz.py", std::string(reinterpret_cast<const char *>(data), size));
  DiagnosticEngine diags(sources);
  std::unique_ptr<Module> module = parseFile(sources, file, diags);
  if (diags.hasErrors() || module->kernels().empty())
    return;
  const FunctionDef *kernel = module->kernels().front();
  KernelSpec spec;
  spec.kernel = kernel->name;
  for (const Param &p : kernel->params) {
    if (p.isConstexpr()) {
      if (!p.defaultValue)
        spec.constexprs[p.name] = "16";
      continue;
    }
    bool pointer = p.name.find("ptr") != std::string::npos ||
                   (!p.name.empty() && p.name[0] >= 'A' && p.name[0] <= 'Z');
    spec.signature +=
        (spec.signature.empty() ? "" : ",") + std::string(pointer ? "*fp32" : "i32");
  }
  mlir::MLIRContext context(mlir::MLIRContext::Threading::DISABLED);
  context.printOpOnDiagnostic(false);
  mlir::OwningOpRef<mlir::ModuleOp> ir =
      lowerKernel(*module, sources, diags, context, spec);
  if (ir && diags.hasErrors())
    __builtin_trap();
  for (const Diagnostic &d : diags.diagnostics())
    if (d.message.find("internal compiler error") != std::string::npos)
      __builtin_trap();
  std::string rendered = diags.renderAll();
  (void)rendered;
}

} // namespace tessel::frontend::fuzz
