//===- tessel-amd-compile.cpp - Tile IR files to AMDGPU code objects ------===//
//
// Compiles a tile IR file with the AMD backend, for tests and inspection:
//   tessel-amd-compile FILE.mlir --arch=gfx942 [--num-warps=N] [--mfma=32|16]
//                      (num-warps 0, the default: what the plugin chooses)
//                      [--waves-per-eu=N] [--emit=asm|llvm|hsaco|info] [-o OUT]
// `--emit=info` prints the launch facts and the code object's metadata
// (registers, LDS, scratch, occupancy). Exit status 1 on any error.
//
//===----------------------------------------------------------------------===//

#include "backends/amd/CodeGen.h"
#include "backends/amd/Pipeline.h"
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
  cl::opt<std::string> arch("arch", cl::desc("gfx90a, gfx942, gfx1100 or gfx1200"),
                            cl::init("gfx942"));
  cl::opt<unsigned> numWarps("num-warps",
                             cl::desc("waves per work-group (0: the plugin's default)"),
                             cl::init(0));
  cl::opt<unsigned> numStages(
      "num-stages", cl::desc("pipelining depth of loops with a dot"), cl::init(2));
  cl::opt<unsigned> wavesPerEu("waves-per-eu",
                               cl::desc("amdgpu-waves-per-eu (0: none)"), cl::init(0));
  cl::opt<unsigned> mfma("mfma", cl::desc("MFMA shape on CDNA: 32, 16 or 0 (choose)"),
                         cl::init(0));
  cl::opt<std::string> emit("emit", cl::desc("asm, llvm, hsaco or info"),
                            cl::init("asm"));
  cl::opt<std::string> linker("ld-lld", cl::desc("path of ld.lld"),
                              cl::init("/usr/bin/ld.lld-22"));
  cl::ParseCommandLineOptions(argc, argv, "Tessel AMD backend driver\n");

  std::optional<tessel::amd::AmdTarget> target =
      tessel::amd::AmdTarget::parse(arch.getValue());
  if (!target) {
    llvm::errs() << "unknown --arch '" << arch
                 << "' (expected gfx90a, gfx942, gfx1100 or gfx1200)\n";
    return 1;
  }
  DialectRegistry registry;
  tessel::amd::registerAmdBackendDialects(registry);
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

  tessel::amd::AmdOptions options;
  options.numWarps = numWarps != 0 ? unsigned(numWarps)
                                   : tessel::amd::chooseNumWarps(*module, *target);
  options.numStages = numStages;
  options.wavesPerEu = wavesPerEu;
  options.linkerPath = linker;
  if (mfma == 32)
    options.mfmaShape = tessel::amd::MfmaShape::M32N32K8;
  else if (mfma == 16)
    options.mfmaShape = tessel::amd::MfmaShape::M16N16K16;
  bool stages = emit == "asm" || emit == "llvm";
  auto kernel =
      tessel::amd::compileTileModule(*module, kernelName, *target, options, stages);
  if (failed(kernel))
    return 1;
  std::string result;
  if (emit == "asm") {
    result = kernel->assembly;
  } else if (emit == "llvm") {
    result = kernel->llvmIR;
  } else if (emit == "hsaco") {
    result = kernel->codeObject;
  } else if (emit == "info") {
    const tessel::amd::KernelInfo &k = kernel->metadata;
    result = "num_warps " + std::to_string(kernel->numWarps) + "\nthreads_per_block " +
             std::to_string(kernel->threadsPerBlock) + "\nshared_mem_bytes " +
             std::to_string(kernel->sharedMemoryBytes) + "\nwave_size " +
             std::to_string(k.wavefrontSize) + "\nmfma " +
             (kernel->mfmaShape == tessel::amd::MfmaShape::M32N32K8 ? "32x32x8"
                                                                    : "16x16x16") +
             "\nvgpr " + std::to_string(k.vgprCount) + "\nagpr " +
             std::to_string(k.agprCount) + "\nsgpr " + std::to_string(k.sgprCount) +
             "\nlds_bytes " + std::to_string(k.groupSegmentFixedSize) +
             "\nscratch_bytes " + std::to_string(k.privateSegmentFixedSize) +
             "\nvgpr_spills " + std::to_string(k.vgprSpillCount) + "\nsgpr_spills " +
             std::to_string(k.sgprSpillCount) + "\nkernarg_bytes " +
             std::to_string(k.kernargSegmentSize) + "\noccupancy " +
             std::to_string(kernel->occupancy) + "\n";
    for (const std::string &f : kernel->linkedLibraryFunctions)
      result += "library " + f + "\n";
  } else {
    llvm::errs() << "unknown --emit '" << emit
                 << "' (expected asm, llvm, hsaco or info)\n";
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
