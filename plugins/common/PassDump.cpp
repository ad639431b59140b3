//===- PassDump.cpp - The IR after each pass of a compile -----------------===//

#include "plugins/common/PassDump.h"

#include "mlir/IR/Operation.h"
#include "mlir/Pass/Pass.h"
#include "llvm/Support/raw_ostream.h"

namespace tessel::kit {

PassDump::PassDump(mlir::MLIRContext &context)
    : context(context), wasMultithreaded(context.isMultithreadingEnabled()) {
  // Nested passes run on several threads otherwise, interleaving dumps.
  if (wasMultithreaded)
    context.disableMultithreading();
  context.registerActionHandler([this](llvm::function_ref<void()> transform,
                                       const mlir::tracing::Action &action) {
    transform();
    const auto *run = llvm::dyn_cast<mlir::PassExecutionAction>(&action);
    if (run == nullptr || run->getOp() == nullptr)
      return;
    const mlir::Pass &pass = run->getPass();
    // The adaptor that runs a nested pass manager: its passes are dumped.
    if (pass.getName() == "mlir::detail::OpToOpPassAdaptor")
      return;
    llvm::StringRef name = pass.getArgument();
    if (name.empty())
      name = pass.getName();
    llvm::raw_string_ostream os(text);
    os << "// -----// IR Dump After " << name << " ("
       << run->getOp()->getName().getStringRef() << ") //----- //\n";
    run->getOp()->print(os);
    os << "\n\n";
  });
}

PassDump::~PassDump() {
  context.registerActionHandler(nullptr);
  if (wasMultithreaded)
    context.enableMultithreading();
}

std::string PassDump::take() { return std::exchange(text, std::string()); }

} // namespace tessel::kit
