//===- CompilerBackend.h - What a vendor's compiler half provides -*- C++ -*-===//
//
// The plugin kit's compiler half (CompilerHalf.cpp) implements every
// compiler entry of the ABI once: target and feature checks, IR format and
// tile dialect version checks, reading the bytecode, capturing MLIR
// diagnostics into the error message, the kernel's argument layout,
// artifact objects and tuning-space objects. A vendor implements only this
// interface, over its backend in backends/<vendor>:
//
//   class MyBackend : public kit::CompilerBackend { ... };
//   std::unique_ptr<kit::CompilerBackend> kit::createCompilerBackend() {
//     return std::make_unique<MyBackend>();
//   }
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PLUGINS_COMMON_COMPILERBACKEND_H
#define TESSEL_PLUGINS_COMMON_COMPILERBACKEND_H

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "tessel/plugin_api.h"

namespace tessel::kit {

/// One target the backend compiles for, as `compiler_get_info` lists it.
struct TargetDescription {
  std::string arch;
  std::string description;
  /// Features accepted after '+' in a target string (none: no '+' allowed).
  std::vector<std::string> features;
};

/// The generic options of a compile request, already range-checked by the
/// kit; zero means "the backend's default".
struct CompileSettings {
  /// 0..3, or -1 for the backend's default.
  int optLevel = -1;
  /// A power of two from 1 to 32, or 0.
  unsigned numWarps = 0;
  unsigned numStages = 0;
  unsigned numCtas = 0;
  uint32_t flags = 0;
  /// The "<plugin>.<key>" options addressed to this plugin; other plugins'
  /// keys are dropped (a request may carry options for several targets).
  std::vector<Tessel_Key_Value> extra;
};

/// What a compile request gives the backend: the target (its arch is one
/// of targets(), its features among that target's), the checked settings,
/// and the module read from the bytecode with the kernel to compile.
struct CompileInput {
  std::string arch;
  std::vector<std::string> features;
  CompileSettings settings;
  mlir::ModuleOp module;
  mlir::func::FuncOp kernel;
  /// The host asked to keep the stages getStageNames() lists
  /// (TESSEL_STAGES_KEEP): the backend then fills CompiledBinary::stages
  /// with the texts it makes anyway. The kit records stage "passes" itself.
  bool keepStages = false;
  /// With keepStages: only the stages that cost no extra work
  /// (TESSEL_STAGES_BY_PRODUCTS_ONLY); a backend skips any stage it would
  /// have to make separately.
  bool byProductsOnly = false;
};

/// An intermediate form of the kernel kept with the artifact, for a person
/// to read ("llvm", ".ll", the LLVM IR module).
struct KeptStage {
  std::string name;
  std::string fileSuffix;
  std::string data;
};

/// The backend's result: the artifact's bytes and the launch facts the
/// kit writes into Tessel_Kernel_Metadata (entry name and arguments it
/// fills itself).
struct CompiledBinary {
  std::string bytes;
  uint32_t numWarps = 1;
  uint32_t warpSize = 1;
  uint32_t threadsPerBlock = 1;
  uint32_t sharedMemoryBytes = 0;
  /// The stages kept when CompileInput::keepStages is set, each named as
  /// getStageNames() lists it; empty otherwise.
  std::vector<KeptStage> stages;
};

/// A backend's refusal: an ABI error code and a message. An empty message
/// means "the MLIR diagnostics say why": the kit then reports them.
struct BackendError {
  Tessel_Error_Code code = TESSEL_ERROR_INVALID_ARGUMENT;
  std::string message;
};

/// What a tuning-space request says about one launch.
struct TuningQuery {
  std::string arch;
  /// The compile-time constants the kernel lets the tuner pick.
  std::vector<std::string> tunables;
  /// The problem's integer key values (e.g. M=4096), as the caller gave them.
  std::vector<std::pair<std::string, int64_t>> problem;
};

/// The backend's heuristics for one kernel on one target.
struct TuningHeuristics {
  /// Default configurations, best first (at least one).
  std::vector<Tessel_Compile_Options> defaults;
  /// Values of tunable constants that defaults[i] fixes (empty, or one list
  /// per default): the backend's choice for the problem, e.g. BLOCK_M=64.
  std::vector<std::vector<std::pair<std::string, int64_t>>> defaultValues;
  /// Candidate values for each tunable constant whose name contains
  /// `blockNameMarker`. The default "BLOC" matches BLOCK_SIZE and the seed
  /// kernels' French BLOC_M alike.
  std::string blockNameMarker = "BLOC";
  std::vector<int64_t> blockValues;
};

class CompilerBackend {
public:
  virtual ~CompilerBackend() = default;

  /// The plugin's name ("cpu"), used in messages.
  virtual const char *getName() const = 0;
  /// The targets the backend compiles for, in the order listed to users.
  virtual const std::vector<TargetDescription> &getTargets() const = 0;
  /// What compile produces and module_load takes: "elf-so", "cubin"...
  virtual const char *getArtifactFormat() const = 0;
  /// The dialects (and their LLVM translations) the backend's pipeline uses.
  virtual void registerDialects(mlir::DialectRegistry &registry) const = 0;
  /// Refuses an option of the plugin's own prefix that it does not know or
  /// whose value has the wrong type: returns the message, or "" if it is
  /// accepted. Called for each entry of CompileSettings::extra.
  virtual std::string checkOption(const Tessel_Key_Value &option) const = 0;
  /// Compiles `input.kernel`. Diagnostics emitted on the module's context
  /// are captured by the kit.
  virtual bool compile(const CompileInput &input, CompiledBinary &out,
                       BackendError &error) const = 0;
  /// Structural check of an artifact for `arch` (compile-only conformance):
  /// "" when valid, else why not. `metadata` may be null.
  virtual std::string validate(const std::string &arch, const uint8_t *bytes,
                               size_t size,
                               const Tessel_Kernel_Metadata *metadata) const = 0;
  /// Default configurations and block-size candidates for `arch`.
  virtual TuningHeuristics getTuningHeuristics(const std::string &arch) const = 0;
  /// The same for one launch, where the problem may change the choice
  /// (tile sizes by the GEMM's M, N, K); by default those of its arch.
  virtual TuningHeuristics getTuningHeuristicsFor(const TuningQuery &query) const {
    return getTuningHeuristics(query.arch);
  }
  /// Whether the backend lowers what tile-instrument-bounds adds
  /// (tile.ptr_to_int, masked atomics): then the kit accepts
  /// TESSEL_COMPILE_CHECK_BOUNDS and instruments the kernel before
  /// compile() sees it; otherwise the flag is refused as UNIMPLEMENTED.
  virtual bool supportsBoundsChecks() const { return false; }
  /// The stages compile() keeps when CompileInput::keepStages is set, in
  /// the order it makes them ("llvm", "ptx"). compiler_get_info lists them,
  /// followed by "passes", which the kit records for every backend.
  virtual std::vector<std::string> getStageNames() const { return {}; }
};

/// Defined by each vendor's plugin: its compiler backend.
std::unique_ptr<CompilerBackend> createCompilerBackend();

/// Fills the compiler entries of `api` over createCompilerBackend().
void fillCompilerHalf(Tessel_Plugin_Api &api);

} // namespace tessel::kit

#endif // TESSEL_PLUGINS_COMMON_COMPILERBACKEND_H
