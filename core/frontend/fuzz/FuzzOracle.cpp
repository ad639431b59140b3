//===- FuzzOracle.cpp - What a frontend fuzz input must satisfy -----------===//

#include "core/frontend/fuzz/FuzzOracle.h"

#include <exception>

#include "core/frontend/Parser.h"
#include "core/frontend/lowering/KernelLowering.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"

namespace tessel::frontend::fuzz {
namespace {

const char kFileName[] = "fuzz.py";

// The specialization for a file without a header, as the semantic smoke
// driver makes it up.
bool inferSpec(const Module &module, KernelSpec &spec) {
  if (module.kernels().empty())
    return false;
  const FunctionDef *kernel = module.kernels().front();
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
  return true;
}

std::string withoutDigits(const std::string &s) {
  std::string out;
  for (char c : s)
    if (c < '0' || c > '9')
      out += c;
  return out;
}

// Every error must point into the file; notes may point anywhere valid.
std::string checkLocations(const DiagnosticEngine &diags, uint32_t file) {
  for (const Diagnostic &d : diags.diagnostics()) {
    if (d.message.find("internal compiler error") != std::string::npos)
      return "internal compiler error: " + diags.renderHeader(d);
    if (d.severity != Severity::Error)
      continue;
    if (!d.loc.isValid() || d.loc.col == 0 || d.loc.file != file)
      return "error without a location: " + diags.renderHeader(d);
    std::string header = diags.renderHeader(d);
    std::string expected = std::string(kFileName) + ":" + std::to_string(d.loc.line) +
                           ":" + std::to_string(d.loc.col) + ": error: ";
    if (header.compare(0, expected.size(), expected) != 0)
      return "error header is not 'file:line:col: error:': " + header;
  }
  return "";
}

OracleResult check(const std::string &text, mlir::MLIRContext &context) {
  OracleResult result;
  SourceManager sources;
  uint32_t file = sources.addFile(kFileName, text);
  DiagnosticEngine diags(sources);
  std::unique_ptr<Module> module = parseFile(sources, file, diags);
  mlir::OwningOpRef<mlir::ModuleOp> ir;
  if (!diags.hasErrors()) {
    if (!module) {
      result.failure = "parseFile returned no module and no error";
      return result;
    }
    KernelSpec spec;
    GeneratedProgram header;
    if (parseSpecHeader(text, header)) {
      spec.kernel = header.kernel;
      spec.signature = header.signature;
      spec.constexprs = header.constexprs;
    } else if (!inferSpec(*module, spec)) {
      return result; // nothing to lower: a file of host code only
    }
    ir = lowerKernel(*module, sources, diags, context, spec);
  }
  if (std::string bad = checkLocations(diags, file); !bad.empty()) {
    result.failure = bad;
    return result;
  }
  if (ir) {
    if (diags.hasErrors()) {
      result.failure = "IR returned together with errors: " + diags.renderAll();
      return result;
    }
    if (mlir::failed(mlir::verify(*ir))) {
      result.failure = "accepted program's IR does not verify";
      return result;
    }
    result.accepted = true;
    return result;
  }
  if (!diags.hasErrors()) {
    result.failure = "rejected without an error";
    return result;
  }
  for (const Diagnostic &d : diags.diagnostics()) {
    if (d.severity == Severity::Error) {
      result.outcome = withoutDigits(d.message);
      break;
    }
  }
  // Rendering quotes source lines: exercise it too.
  (void)diags.renderAll();
  return result;
}

} // namespace

std::unique_ptr<mlir::MLIRContext> makeFuzzContext() {
  auto context =
      std::make_unique<mlir::MLIRContext>(mlir::MLIRContext::Threading::DISABLED);
  context->printOpOnDiagnostic(false);
  loadFrontendDialects(*context);
  return context;
}

OracleResult checkProgram(const std::string &text, mlir::MLIRContext &context) {
  try {
    return check(text, context);
  } catch (const std::exception &e) {
    OracleResult result;
    result.failure = std::string("uncaught exception: ") + e.what();
    return result;
  } catch (...) {
    OracleResult result;
    result.failure = "uncaught exception of an unknown type";
    return result;
  }
}

} // namespace tessel::frontend::fuzz
