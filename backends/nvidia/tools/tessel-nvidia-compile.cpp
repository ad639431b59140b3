//===- tessel-nvidia-compile.cpp - Tile IR files to PTX or cubin ----------===//
//
// Compiles a tile IR file with the NVIDIA backend, for tests and inspection:
//   tessel-nvidia-compile FILE.mlir --arch=sm_90a [--num-warps=N]
//                         [--emit=ptx|cubin|info|tileir] [-o OUT]
// `--emit=cubin` runs ptxas (/usr/local/cuda/bin/ptxas unless --ptxas=PATH);
// `--emit=info` prints the launch information; `--emit=tileir` writes the
// module's one kernel as CUDA Tile IR bytecode (tileir/TileIrExport.h).
// Exit status 1 on any error.
//
//===----------------------------------------------------------------------===//

#include "backends/nvidia/CodeGen.h"
#include "backends/nvidia/Pipeline.h"
#include "backends/nvidia/tileir/TileIrExport.h"
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
  cl::opt<std::string> arch("arch", cl::desc("sm_80, sm_90a or sm_100a"), cl::init("sm_90a"));
  cl::opt<unsigned> numWarps("num-warps", cl::desc("warps per block"), cl::init(4));
  cl::opt<unsigned> numStages(
      "num-stages", cl::desc("pipelining depth of loops with a dot"), cl::init(3));
  cl::opt<unsigned> minBlocks(
      "min-blocks-per-sm", cl::desc("blocks that must fit on one SM (0: no request)"),
      cl::init(0));
  cl::opt<bool> fp8FastAccumulation(
      "fp8-fast-accumulation",
      cl::desc("fp8 dots on sm_90a's fp8 instructions (less than f32 accumulation)"),
      cl::init(false));
  cl::opt<bool> warpSpecialize(
      "warp-specialize",
      cl::desc("sm_90a: a producer warp for the TMA copies of a GEMM loop"),
      cl::init(false));
  cl::opt<bool> slicedTensorCopies(
      "sliced-tensor-copies",
      cl::desc("TMA copies (3-D maps) for descriptors over one slice of a tensor"),
      cl::init(false));
  cl::opt<bool> fpFusion(
      "fp-fusion", cl::desc("let a multiply and the add that uses it round once (fma)"),
      cl::init(false));
  cl::opt<bool> flushDenormals(
      "flush-denormals", cl::desc("f32 subnormals read and written as zero (.ftz)"),
      cl::init(false));
  cl::opt<std::string> emit("emit", cl::desc("ptx, cubin, info or tileir"),
                            cl::init("ptx"));
  cl::opt<std::string> ptxas("ptxas", cl::desc("path of ptxas"),
                             cl::init("/usr/local/cuda/bin/ptxas"));
  cl::opt<std::string> libdevice(
      "libdevice", cl::desc("CUDA's libdevice.10.bc (default: beside ptxas's toolkit)"),
      cl::init(""));
  cl::ParseCommandLineOptions(argc, argv, "Tessel NVIDIA backend driver\n");

  std::optional<tessel::nvidia::NvidiaTarget> target =
      tessel::nvidia::NvidiaTarget::parse(arch);
  if (!target) {
    llvm::errs() << "unknown --arch '" << arch << "' (expected sm_80, sm_90a or sm_100a)\n";
    return 1;
  }
  DialectRegistry registry;
  tessel::nvidia::registerNvidiaBackendDialects(registry);
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

  tessel::nvidia::NvidiaOptions options;
  options.numWarps = numWarps;
  options.numStages = numStages;
  options.minBlocksPerSM = minBlocks;
  options.fp8FastAccumulation = fp8FastAccumulation;
  options.fpFusion = fpFusion;
  options.warpSpecialize = warpSpecialize;
  options.slicedTensorCopies = slicedTensorCopies;
  options.flushDenormals = flushDenormals;
  options.ptxasPath = ptxas;
  options.libdevicePath = libdevice;
  std::string result;
  if (emit == "tileir") {
    auto kernels = llvm::to_vector(module->getOps<func::FuncOp>());
    if (kernels.size() != 1) {
      llvm::errs() << "--emit=tileir needs a module of one kernel\n";
      return 1;
    }
    FailureOr<std::string> bytecode = tessel::nvidia::tileir::exportKernel(kernels[0]);
    if (failed(bytecode))
      return 1;
    result = *bytecode;
  } else if (emit == "cubin") {
    auto kernel = tessel::nvidia::compileTileModule(*module, *target, options);
    if (failed(kernel))
      return 1;
    result = kernel->cubin;
  } else {
    auto launch = tessel::nvidia::lowerTileModuleToLLVMDialect(*module, *target, options);
    if (failed(launch))
      return 1;
    if (emit == "info") {
      result = "num_warps " + std::to_string(launch->numWarps) +
               "\nthreads_per_block " + std::to_string(launch->threadsPerBlock) +
               "\nshared_mem_bytes " + std::to_string(launch->sharedMemoryBytes) + "\n";
    } else {
      auto ptx = tessel::nvidia::compileLLVMDialectToPtx(*module, *target, options);
      if (failed(ptx))
        return 1;
      result = *ptx;
    }
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
