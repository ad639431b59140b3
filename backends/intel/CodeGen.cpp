//===- CodeGen.cpp - Tile IR to SPIR-V for Intel GPUs ---------------------===//

#include "backends/intel/CodeGen.h"

#include <memory>
#include <mutex>
#include <vector>

#include "backends/common/LLVMCodeGen.h"
#include "backends/gpu_common/BlockedLayout.h"
#include "backends/gpu_common/Conversion/TileToGpu.h"
#include "backends/intel/LowerBFloat.h"
#include "backends/intel/Pipeline.h"
#include "backends/intel/PromoteIntegers.h"
#include "backends/intel/SpirvTargetHooks.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Scalar.h"

extern "C" void LLVMInitializeSPIRVTargetInfo();
extern "C" void LLVMInitializeSPIRVTarget();
extern "C" void LLVMInitializeSPIRVTargetMC();
extern "C" void LLVMInitializeSPIRVAsmPrinter();

using namespace mlir;

namespace tessel::intel {
namespace {

/// LLVM's SPIR-V backend takes its allowed extensions only from the
/// `-spirv-ext` option; the backend sets it once per process.
void allowSpirvExtensions() {
  static std::once_flag once;
  std::call_once(once, [] {
    auto &options = llvm::cl::getRegisteredOptions();
    auto it = options.find("spirv-ext");
    if (it != options.end())
      it->second->addOccurrence(0, "spirv-ext", getSpirvExtensions());
  });
}

codegen::TargetMachineSpec machineSpec() {
  codegen::TargetMachineSpec spec;
  spec.triple = std::string(IntelTarget::getTriple());
  spec.initializeTarget = [] {
    LLVMInitializeSPIRVTargetInfo();
    LLVMInitializeSPIRVTarget();
    LLVMInitializeSPIRVTargetMC();
    LLVMInitializeSPIRVAsmPrinter();
    allowSpirvExtensions();
  };
  spec.displayName = "SPIR-V";
  return spec;
}

/// The Itanium-mangled OpenCL name of libm function `func` (what MathToLibm
/// calls: `erff`, `atan2`), or "" when it is no libm call: OpenCL's math
/// built-ins are libm's names overloaded on float and double, which LLVM's
/// SPIR-V backend turns into OpenCL.std instructions.
std::string openclMathName(const llvm::Function &func) {
  llvm::FunctionType *type = func.getFunctionType();
  if (type->getNumParams() == 0 || type->getNumParams() > 3)
    return "";
  llvm::Type *scalar = type->getReturnType();
  if (!scalar->isFloatTy() && !scalar->isDoubleTy())
    return "";
  for (llvm::Type *p : type->params())
    if (p != scalar)
      return "";
  std::string name = func.getName().str();
  if (scalar->isFloatTy()) {
    if (name.size() < 2 || name.back() != 'f')
      return "";
    name.pop_back();
  }
  static const char *const known[] = {
      "acos",     "acosh", "asin",  "asinh", "atan",  "atan2", "atanh", "cbrt",
      "ceil",     "cos",   "cosh",  "erf",   "erfc",  "exp",   "exp2",  "expm1",
      "floor",    "fma",   "fmod",  "log",   "log10", "log1p", "log2",  "pow",
      "round",    "rint",  "sin",   "sinh",  "sqrt",  "tan",   "tanh",  "trunc",
      "copysign", "fabs",  "hypot", "rsqrt"};
  if (std::find(std::begin(known), std::end(known), name) == std::end(known))
    return "";
  std::string mangled = "_Z" + std::to_string(name.size()) + name;
  for (unsigned i = 0; i < type->getNumParams(); ++i)
    mangled += scalar->isFloatTy() ? "f" : "d";
  return mangled;
}

void renameMathToOpenCL(llvm::Module &module) {
  for (llvm::Function &func : llvm::make_early_inc_range(module)) {
    if (!func.isDeclaration() || func.isIntrinsic())
      continue;
    std::string name = openclMathName(func);
    if (name.empty())
      continue;
    if (llvm::Function *existing = module.getFunction(name)) {
      func.replaceAllUsesWith(existing);
      func.eraseFromParent();
      continue;
    }
    func.setName(name);
    func.setCallingConv(llvm::CallingConv::SPIR_FUNC);
    for (llvm::User *u : func.users())
      if (auto *call = llvm::dyn_cast<llvm::CallInst>(u))
        call->setCallingConv(llvm::CallingConv::SPIR_FUNC);
  }
}

/// `trunc(lshr(mul(ext a, ext b), 64))` on i128, the high half of a 64-bit
/// product as the shared lowering writes it, becomes OpenCL's `mul_hi`:
/// SPIR-V for OpenCL has no 128-bit integers.
void useMulHi(llvm::Module &module) {
  using namespace llvm::PatternMatch;
  for (llvm::Function &f : module)
    for (llvm::Instruction &inst : llvm::make_early_inc_range(llvm::instructions(f))) {
      llvm::Value *a, *b;
      if (!inst.getType()->isIntegerTy(64))
        continue;
      bool isSigned;
      if (match(&inst, m_Trunc(m_LShr(m_Mul(m_ZExt(m_Value(a)), m_ZExt(m_Value(b))),
                                      m_SpecificInt(64)))))
        isSigned = false;
      else if (match(&inst,
                     m_Trunc(m_AShr(m_Mul(m_SExt(m_Value(a)), m_SExt(m_Value(b))),
                                    m_SpecificInt(64)))) ||
               match(&inst,
                     m_Trunc(m_LShr(m_Mul(m_SExt(m_Value(a)), m_SExt(m_Value(b))),
                                    m_SpecificInt(64)))))
        isSigned = true;
      else
        continue;
      if (!a->getType()->isIntegerTy(64) || !b->getType()->isIntegerTy(64))
        continue;
      llvm::Type *i64 = inst.getType();
      llvm::FunctionCallee callee =
          module.getOrInsertFunction(isSigned ? "_Z6mul_hill" : "_Z6mul_himm",
                                     llvm::FunctionType::get(i64, {i64, i64}, false));
      llvm::cast<llvm::Function>(callee.getCallee())
          ->setCallingConv(llvm::CallingConv::SPIR_FUNC);
      auto *call = llvm::CallInst::Create(callee, {a, b}, "", inst.getIterator());
      call->setCallingConv(llvm::CallingConv::SPIR_FUNC);
      inst.replaceAllUsesWith(call);
    }
}

/// Every integer division and remainder by a value not known to be nonzero
/// divides by 1 where that value is 0. A masked load without `other` gives
/// masked-off lanes 0 (the shared lowering's phi); dividing by it is
/// undefined behaviour in LLVM IR, from which SimplifyCFG concludes that
/// the masked-off path is never taken and drops the mask of the loads and
/// of the store that follow. On the GPU a division by 0 gives some value
/// and traps nothing, so this only keeps the masks.
void guardDivisors(llvm::Module &module) {
  for (llvm::Function &f : module)
    for (llvm::Instruction &inst : llvm::instructions(f)) {
      auto *op = llvm::dyn_cast<llvm::BinaryOperator>(&inst);
      if (op == nullptr || !op->isIntDivRem())
        continue;
      llvm::Value *divisor = op->getOperand(1);
      if (auto *c = llvm::dyn_cast<llvm::Constant>(divisor);
          c && !c->containsUndefOrPoisonElement() && !c->isNullValue() &&
          !c->getType()->isVectorTy())
        continue;
      llvm::IRBuilder<> b(op);
      llvm::Value *zero = llvm::Constant::getNullValue(divisor->getType());
      llvm::Value *one = llvm::ConstantInt::get(divisor->getType(), 1);
      op->setOperand(1, b.CreateSelect(b.CreateICmpEQ(divisor, zero), one, divisor));
    }
}

/// The first integer of a width SPIR-V for OpenCL has no type for (it has
/// 8, 16, 32 and 64 bits, and booleans), or "".
std::string oddIntegerWidth(const llvm::Module &module) {
  auto odd = [](llvm::Type *t) {
    llvm::Type *e = t->getScalarType();
    if (!e->isIntegerTy())
      return false;
    unsigned w = e->getIntegerBitWidth();
    return w != 1 && w != 8 && w != 16 && w != 32 && w != 64;
  };
  for (const llvm::Function &f : module)
    for (const llvm::Instruction &inst : llvm::instructions(f)) {
      bool bad = odd(inst.getType());
      for (const llvm::Value *op : inst.operands())
        bad = bad || odd(op->getType());
      if (bad) {
        std::string text;
        llvm::raw_string_ostream os(text);
        inst.print(os);
        return text;
      }
    }
  return "";
}

/// Every native 2D block load becomes the call of Intel's OpenCL built-in
/// for its block height (`intel_sub_group_2d_block_read_16b_<h>r16x1c`),
/// with the surface, the coordinate and the destination; element size,
/// width and count are those in the built-in's name (2 bytes, 16, 1).
void useBuiltinBlockLoads(llvm::Module &module) {
  llvm::Function *native = module.getFunction(kNativeBlockLoad);
  if (native == nullptr)
    return;
  for (llvm::User *u : llvm::make_early_inc_range(native->users())) {
    auto *call = llvm::cast<llvm::CallInst>(u);
    auto *rows = llvm::cast<llvm::ConstantInt>(call->getArgOperand(2));
    std::string base = "intel_sub_group_2d_block_read_16b_" +
                       std::to_string(rows->getZExtValue()) + "r16x1c";
    // global void *, int width, int height, int pitch, int2, private ushort *
    std::string name = "_Z" + std::to_string(base.size()) + base + "PU3AS1viiiDv2_iPt";
    llvm::SmallVector<llvm::Value *, 6> args;
    llvm::SmallVector<llvm::Type *, 6> types;
    for (unsigned i = 4; i < call->arg_size(); ++i) {
      args.push_back(call->getArgOperand(i));
      types.push_back(args.back()->getType());
    }
    llvm::FunctionCallee callee = module.getOrInsertFunction(
        name, llvm::FunctionType::get(call->getType(), types, false));
    llvm::cast<llvm::Function>(callee.getCallee())
        ->setCallingConv(llvm::CallingConv::SPIR_FUNC);
    auto *replacement = llvm::CallInst::Create(callee, args, "", call->getIterator());
    replacement->setCallingConv(llvm::CallingConv::SPIR_FUNC);
    call->eraseFromParent();
  }
  native->eraseFromParent();
}

/// Every native 2D block store becomes the call of Intel's OpenCL built-in
/// for its element size (`intel_sub_group_2d_block_write_<bits>b_8r16x1c`)
/// with the surface, the coordinate and then the private source; every
/// prefetch `intel_sub_group_2d_block_prefetch_16b_<h>r16x1c`.
void useBuiltinBlockStoresAndPrefetches(llvm::Module &module) {
  auto rename = [&](llvm::StringRef nativeName, auto makeCall) {
    llvm::Function *native = module.getFunction(nativeName);
    if (native == nullptr)
      return;
    for (llvm::User *u : llvm::make_early_inc_range(native->users())) {
      auto *call = llvm::cast<llvm::CallInst>(u);
      auto [name, args] = makeCall(call);
      llvm::SmallVector<llvm::Type *, 6> types;
      for (llvm::Value *a : args)
        types.push_back(a->getType());
      llvm::FunctionCallee callee = module.getOrInsertFunction(
          name, llvm::FunctionType::get(call->getType(), types, false));
      llvm::cast<llvm::Function>(callee.getCallee())
          ->setCallingConv(llvm::CallingConv::SPIR_FUNC);
      auto *replacement = llvm::CallInst::Create(callee, args, "", call->getIterator());
      replacement->setCallingConv(llvm::CallingConv::SPIR_FUNC);
      call->eraseFromParent();
    }
    native->eraseFromParent();
  };
  using Args = llvm::SmallVector<llvm::Value *, 6>;
  rename(kNativeBlockStore, [](llvm::CallInst *call) {
    auto *bytes = llvm::cast<llvm::ConstantInt>(call->getArgOperand(0));
    std::string base = "intel_sub_group_2d_block_write_" +
                       std::to_string(8 * bytes->getZExtValue()) + "b_8r16x1c";
    // global void *, int width, int height, int pitch, int2, private
    // ushort * or uint *
    std::string name = "_Z" + std::to_string(base.size()) + base + "PU3AS1viiiDv2_iP" +
                       (bytes->getZExtValue() == 2 ? "t" : "j");
    Args args;
    for (unsigned i = 5; i < call->arg_size(); ++i)
      args.push_back(call->getArgOperand(i));
    args.push_back(call->getArgOperand(4));
    return std::make_pair(name, args);
  });
  rename(kNativeBlockPrefetch, [](llvm::CallInst *call) {
    auto *rows = llvm::cast<llvm::ConstantInt>(call->getArgOperand(2));
    std::string base = "intel_sub_group_2d_block_prefetch_16b_" +
                       std::to_string(rows->getZExtValue()) + "r16x1c";
    std::string name = "_Z" + std::to_string(base.size()) + base + "PU3AS1viiiDv2_i";
    Args args;
    for (unsigned i = 4; i < call->arg_size(); ++i)
      args.push_back(call->getArgOperand(i));
    return std::make_pair(name, args);
  });
}

/// The Intel built-in that computes what a native DPAS call with operand
/// flags `flags` computes, mangled for its (A, B, C) operand types.
llvm::StringRef getBuiltinDpas(uint64_t flags) {
  switch (flags) {
  case kDpasPackedF16:
    return "_Z38intel_sub_group_f16_f16_matrix_mad_k16Dv8_sDv8_iDv8_f";
  case kDpasPackedBF16:
    return "_Z40intel_sub_group_bf16_bf16_matrix_mad_k16Dv8_sDv8_iDv8_f";
  case kDpasTf32:
    return "_Z39intel_sub_group_tf32_tf32_matrix_mad_k8Dv4_fDv8_fS0_";
  case kDpasSignedI8:
    return "_Z36intel_sub_group_i8_i8_matrix_mad_k32Dv8_sDv8_iS0_";
  }
  return "";
}

/// The built-in call form: every native DPAS call becomes the call of the
/// Intel built-in with the same operands (A, B, C); the operand flags
/// select the built-in (K is implied by its name). Block loads likewise
/// (useBuiltinBlockLoads).
void useBuiltinCalls(llvm::Module &module) {
  useBuiltinBlockLoads(module);
  useBuiltinBlockStoresAndPrefetches(module);
  for (llvm::StringRef nativeName : {kNativeDpasF16, kNativeDpasTf32, kNativeDpasI8}) {
    llvm::Function *native = module.getFunction(nativeName);
    if (native == nullptr)
      continue;
    for (llvm::User *u : llvm::make_early_inc_range(native->users())) {
      auto *call = llvm::cast<llvm::CallInst>(u);
      auto *flags = llvm::cast<llvm::ConstantInt>(call->getArgOperand(4));
      llvm::StringRef name = getBuiltinDpas(flags->getZExtValue());
      assert(!name.empty() && "a DPAS call with flags the hooks never make");
      llvm::Value *args[] = {call->getArgOperand(1), call->getArgOperand(2),
                             call->getArgOperand(3)};
      llvm::FunctionType *type = llvm::FunctionType::get(
          call->getType(), {args[0]->getType(), args[1]->getType(), args[2]->getType()},
          false);
      llvm::FunctionCallee callee = module.getOrInsertFunction(name, type);
      llvm::cast<llvm::Function>(callee.getCallee())
          ->setCallingConv(llvm::CallingConv::SPIR_FUNC);
      auto *replacement = llvm::CallInst::Create(callee, args, "", call->getIterator());
      replacement->setCallingConv(llvm::CallingConv::SPIR_FUNC);
      call->replaceAllUsesWith(replacement);
      call->eraseFromParent();
    }
    native->eraseFromParent();
  }
}

} // namespace

const char *getSpirvExtensions() {
  return "+SPV_INTEL_subgroups,+SPV_INTEL_subgroup_matrix_multiply_accumulate,"
         "+SPV_INTEL_2d_block_io,+SPV_EXT_shader_atomic_float_add,"
         "+SPV_EXT_shader_atomic_float_min_max";
}

FailureOr<CompiledKernel> compileTileModule(ModuleOp module, StringRef kernelName,
                                            const IntelTarget &target,
                                            const IntelOptions &options,
                                            bool keepStages) {
  Location loc = module.getLoc();
  OwningOpRef<ModuleOp> lowered(cast<ModuleOp>(module->clone()));
  DialectRegistry registry;
  registerIntelBackendDialects(registry);
  lowered->getContext()->appendDialectRegistry(registry);
  PassManager pm(lowered->getContext());
  buildIntelLoweringPipeline(pm, target, options);
  if (failed(pm.run(*lowered)))
    return failure();

  CompiledKernel kernel;
  kernel.numWarps = options.numWarps;
  kernel.threadsPerBlock = options.numWarps * target.getSubGroupSize();
  if (auto bytes = (*lowered)->getAttrOfType<IntegerAttr>(gpu::kSharedMemoryAttrName))
    kernel.sharedMemoryBytes = unsigned(bytes.getInt());
  if (kernel.sharedMemoryBytes > target.getSlmPerWorkgroup())
    return emitError(loc) << "the kernel needs " << kernel.sharedMemoryBytes
                          << " bytes of shared local memory, more than "
                          << std::string(target.getName()) << " allows ("
                          << target.getSlmPerWorkgroup() << ")";

  FailureOr<std::unique_ptr<llvm::TargetMachine>> machine =
      codegen::createTargetMachine(machineSpec(), options.optLevel, loc);
  if (failed(machine))
    return failure();
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> llvmModule =
      codegen::translateToLLVMIR(*lowered, context, **machine, "tessel_intel");
  if (!llvmModule)
    return failure();
  renameMathToOpenCL(*llvmModule);
  // `<kernel>.<name>` is how OpenCL implementations built on clang (PoCL
  // among them) know a work-group local variable from a module-wide one.
  if (llvm::GlobalVariable *shared =
          llvmModule->getGlobalVariable(gpu::kSharedMemorySymbol,
                                        /*AllowInternal=*/true))
    shared->setName((kernelName + "." + gpu::kSharedMemorySymbol).str());
  std::string unexpressible = lowerBFloatToI16(*llvmModule);
  if (!unexpressible.empty())
    return emitError(loc) << "the Intel backend cannot express " << unexpressible
                          << " in SPIR-V for OpenCL (bf16 is a storage type there)";
  for (llvm::Function &func : *llvmModule)
    if (func.isDeclaration() && !func.isIntrinsic() && !func.use_empty() &&
        !func.getName().starts_with("_Z"))
      return emitError(loc) << "the kernel calls '" << func.getName()
                            << "', which is no OpenCL built-in";
  guardDivisors(*llvmModule);
  if (failed(codegen::verifyLLVMModule(*llvmModule, loc)))
    return failure();
  codegen::OptimizationHooks hooks;
  hooks.addEarlyPasses = codegen::addScalarizePasses;
  // SPIR-V kernels are per work-item code: the vectorizers' wide vectors
  // (beyond OpenCL's 2, 3, 4, 8 and 16 lanes) would not be valid SPIR-V.
  hooks.tuning.LoopVectorization = false;
  hooks.tuning.SLPVectorization = false;
  codegen::optimizeModule(*llvmModule, **machine, options.optLevel, hooks);
  useMulHi(*llvmModule);
  llvm::legacy::PassManager cleanup; // the now dead i128 arithmetic
  cleanup.add(llvm::createDeadCodeEliminationPass());
  cleanup.run(*llvmModule);
  if (std::string odd = promoteOddIntegers(*llvmModule); !odd.empty())
    return emitError(loc)
           << "the Intel backend cannot express an integer of this width "
              "in SPIR-V for OpenCL:"
           << odd;
  if (std::string odd = oddIntegerWidth(*llvmModule); !odd.empty())
    return emitError(loc)
           << "the Intel backend cannot express an integer of this width "
              "in SPIR-V for OpenCL:"
           << odd;
  // The optimizer works on the lowered integers; this only checks that it
  // brought no bf16 back.
  unexpressible = lowerBFloatToI16(*llvmModule);
  if (!unexpressible.empty())
    return emitError(loc) << "the Intel backend cannot express " << unexpressible
                          << " in SPIR-V for OpenCL (bf16 is a storage type there)";
  // Each form is emitted from its own copy of the optimized module, read
  // back from bitcode into its own LLVMContext, through its own target
  // machine: the SPIR-V backend keeps per-module state in the machine's
  // subtarget and rewrites context-wide constants and types as it goes, so
  // a second module emitted beside the first read the first one's state
  // (crashes, and once a module truncated mid-function).
  // Code generation runs at -O0 on the module optimized above: at higher
  // levels it runs loop strength reduction, which makes integers of odd
  // widths (`zext i3`) that the SPIR-V backend widens to i8 without masking
  // them, so a loop bound `tid & 7` became `tid & 255`. The SPIR-V driver
  // optimizes the kernel again anyway.
  llvm::SmallVector<char, 0> bitcode;
  {
    llvm::raw_svector_ostream stream(bitcode);
    llvm::WriteBitcodeToFile(*llvmModule, stream);
  }
  if (keepStages) {
    llvm::raw_string_ostream stream(kernel.llvmIR);
    llvmModule->print(stream, nullptr);
  }
  llvmModule.reset();
  auto emit = [&](llvm::CodeGenFileType type, bool builtinCalls,
                  llvm::LLVMContext &own) -> FailureOr<std::string> {
    llvm::Expected<std::unique_ptr<llvm::Module>> copy = llvm::parseBitcodeFile(
        llvm::MemoryBufferRef(llvm::StringRef(bitcode.data(), bitcode.size()),
                              "kernel"),
        own);
    if (!copy)
      return emitError(loc) << "cannot read back the optimized module: "
                            << llvm::toString(copy.takeError());
    if (builtinCalls)
      useBuiltinCalls(**copy);
    FailureOr<std::unique_ptr<llvm::TargetMachine>> fresh =
        codegen::createTargetMachine(machineSpec(), /*optLevel=*/0, loc);
    if (failed(fresh))
      return failure();
    return codegen::emitMachineCode(**copy, **fresh, type, loc);
  };
  if (keepStages) {
    llvm::LLVMContext own;
    FailureOr<std::string> text = emit(llvm::CodeGenFileType::AssemblyFile, false, own);
    if (failed(text))
      return failure();
    kernel.assembly = std::move(*text);
  }
  // Each form is read back and checked against the kernel. LLVM 22's
  // SPIR-V backend is not deterministic here: now and then one of two
  // emissions of the same module labels a block with the id of a type. A
  // module that fails the check is emitted again, up to three times. The
  // built-in form goes first: the other order failed every retry for a
  // tf32 dot (64x64x64 on 4 warps, 1 stage), this one passes the suite.
  // The fault follows the heap's layout (it comes and goes between runs of
  // the same compile, not between attempts of one), so the contexts of
  // failed attempts stay allocated until the form is done: each retry then
  // sees other addresses.
  std::optional<spirv::ModuleSummary> summary;
  auto emitChecked = [&](bool builtinCalls) -> FailureOr<std::string> {
    std::string problem;
    std::vector<std::unique_ptr<llvm::LLVMContext>> failedAttempts;
    for (int attempt = 0; attempt < 3; ++attempt) {
      failedAttempts.push_back(std::make_unique<llvm::LLVMContext>());
      FailureOr<std::string> bytes = emit(llvm::CodeGenFileType::ObjectFile,
                                          builtinCalls, *failedAttempts.back());
      if (failed(bytes))
        return failure();
      std::optional<spirv::ModuleSummary> s = spirv::readModule(*bytes, problem);
      if (s) {
        problem = spirv::checkKernelModule(*s, kernelName, kernel.threadsPerBlock,
                                           target.getSubGroupSize());
        if (problem.empty()) {
          if (!builtinCalls)
            summary = std::move(s);
          return bytes;
        }
      }
    }
    return emitError(loc) << "LLVM's SPIR-V backend wrote an invalid "
                          << (builtinCalls ? "built-in call" : "native")
                          << " form, three times: " << problem;
  };
  FailureOr<std::string> builtins = emitChecked(true);
  if (failed(builtins))
    return failure();
  FailureOr<std::string> native = emitChecked(false);
  if (failed(native))
    return failure();
  kernel.spirv.native = std::move(*native);
  kernel.spirv.builtins = spirv::scalarNullsToConstants(*builtins);
  kernel.dpasCount = summary->count(spirv::OpSubgroupMatrixMultiplyAccumulateINTEL);
  kernel.blockLoadCount = summary->count(spirv::OpSubgroup2DBlockLoadINTEL);
  kernel.blockStoreCount = summary->count(spirv::OpSubgroup2DBlockStoreINTEL);
  kernel.blockPrefetchCount = summary->count(spirv::OpSubgroup2DBlockPrefetchINTEL);
  return kernel;
}

} // namespace tessel::intel
