//===- PassDump.h - The IR after each pass of a compile ---------*- C++ -*-===//
//
// Stage "passes" of a compile (TESSEL_STAGES_PASSES): the IR after every
// MLIR pass run on a context, recorded through the context's action handler
// so that no backend has to add instrumentation to its pass managers.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PLUGINS_COMMON_PASSDUMP_H
#define TESSEL_PLUGINS_COMMON_PASSDUMP_H

#include <string>

#include "mlir/IR/MLIRContext.h"

namespace tessel::kit {

/// The stage name compiler_get_info lists for the pass dump, and the
/// suffix of its file.
inline constexpr const char *kPassesStageName = "passes";
inline constexpr const char *kPassesStageSuffix = ".passes.mlir";

/// While alive, records on `context` the op each pass ran on, printed after
/// the pass, each dump headed as mlir-opt's --mlir-print-ir-after-all heads
/// it: `// -----// IR Dump After <pass> (<op name>) //----- //`, <pass>
/// being the pass's argument, or its name when it has none. Pass pipelines
/// (the adaptors running nested pass managers) are not dumped themselves,
/// only the passes they run. The context runs single-threaded meanwhile so
/// the dumps come in the order the passes ran.
class PassDump {
public:
  explicit PassDump(mlir::MLIRContext &context);
  ~PassDump();
  PassDump(const PassDump &) = delete;
  PassDump &operator=(const PassDump &) = delete;

  /// The dumps so far; leaves the record empty.
  std::string take();

private:
  mlir::MLIRContext &context;
  bool wasMultithreaded;
  std::string text;
};

} // namespace tessel::kit

#endif // TESSEL_PLUGINS_COMMON_PASSDUMP_H
