//===- tessel-intel-compile.cpp - Tile IR files to SPIR-V ------------------===//
//
// Compiles a tile IR file with the Intel backend, for tests and inspection:
//   tessel-intel-compile FILE.mlir --arch=pvc|bmg|xe [--num-warps=N]
//                        (num-warps 0, the default: what the plugin chooses)
//                        [--emit=spirv|spirv-builtins|spirv-asm|llvm|info]
//                        [-o OUT]
// `spirv` is the native form, `spirv-builtins` the built-in call form the
// emulator runs; `info` prints the launch facts and the native module's
// structure (capabilities, extensions, DPAS count). Exit status 1 on any
// error.
//
//===----------------------------------------------------------------------===//

#include "backends/intel/CodeGen.h"
#include "backends/intel/Pipeline.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;
namespace cl = llvm::cl;

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::opt<std::string> input(cl::Positional, cl::desc("<tile IR file>"), cl::Required);
  cl::opt<std::string> output("o", cl::desc("output file"), cl::init("-"));
  cl::opt<std::string> arch("arch", cl::desc("pvc, bmg or xe"), cl::init("pvc"));
  cl::opt<unsigned> numWarps(
      "num-warps", cl::desc("sub-groups per work-group (0: the plugin's default)"),
      cl::init(0));
  cl::opt<unsigned> numStages(
      "num-stages", cl::desc("pipelining depth of loops with a dot"), cl::init(2));
  cl::opt<std::string> emit("emit",
                            cl::desc("spirv, spirv-builtins, spirv-asm, llvm or info"),
                            cl::init("info"));
  cl::ParseCommandLineOptions(argc, argv, "Tessel Intel backend driver\n");

  std::optional<tessel::intel::IntelTarget> target =
      tessel::intel::IntelTarget::parse(arch.getValue());
  if (!target) {
    llvm::errs() << "unknown --arch '" << arch << "' (expected pvc, bmg or xe)\n";
    return 1;
  }
  DialectRegistry registry;
  tessel::intel::registerIntelBackendDialects(registry);
  MLIRContext context(registry);
  llvm::SourceMgr sources;
  std::string error;
  auto file = openInputFile(input, &error);
  if (!file) {
    llvm::errs() << error << "\n";
    return 1;
  }
  sources.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sources, &context);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sources, &context);
  if (!module)
    return 1;
  std::string kernelName;
  module->walk([&](func::FuncOp f) {
    if (kernelName.empty() && f.isPublic() && !f.isExternal())
      kernelName = f.getName().str();
  });
  if (kernelName.empty()) {
    llvm::errs() << input
                 << ": no public function with a body to compile as a kernel\n";
    return 1;
  }

  tessel::intel::IntelOptions options;
  options.numWarps =
      numWarps != 0 ? unsigned(numWarps) : tessel::intel::chooseNumWarps(*module);
  options.numStages = numStages;
  bool stages = emit == "spirv-asm" || emit == "llvm";
  auto kernel =
      tessel::intel::compileTileModule(*module, kernelName, *target, options, stages);
  if (failed(kernel))
    return 1;
  std::string result;
  if (emit == "spirv") {
    result = kernel->spirv.native;
  } else if (emit == "spirv-builtins") {
    result = kernel->spirv.builtins;
  } else if (emit == "spirv-asm") {
    result = kernel->assembly;
  } else if (emit == "llvm") {
    result = kernel->llvmIR;
  } else if (emit == "info") {
    std::string problem;
    auto summary = tessel::intel::spirv::readModule(kernel->spirv.native, problem);
    result = "num_warps " + std::to_string(kernel->numWarps) + "\nthreads_per_block " +
             std::to_string(kernel->threadsPerBlock) + "\nshared_mem_bytes " +
             std::to_string(kernel->sharedMemoryBytes) + "\nsub_group_size " +
             std::to_string(target->getSubGroupSize()) + "\ndpas " +
             std::to_string(kernel->dpasCount) + "\nblock_loads " +
             std::to_string(kernel->blockLoadCount) + "\nblock_stores " +
             std::to_string(kernel->blockStoreCount) + "\nblock_prefetches " +
             std::to_string(kernel->blockPrefetchCount) + "\n";
    for (uint32_t c : summary->capabilities)
      result += "capability " + std::to_string(c) + "\n";
    for (const std::string &e : summary->extensions)
      result += "extension " + e + "\n";
  } else {
    llvm::errs() << "unknown --emit '" << emit
                 << "' (expected spirv, spirv-builtins, spirv-asm, llvm or info)\n";
    return 1;
  }
  auto out = openOutputFile(output, &error);
  if (!out) {
    llvm::errs() << error << "\n";
    return 1;
  }
  out->os() << result;
  out->keep();
  return 0;
}
