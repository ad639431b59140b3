//===- MathToNvvmIntrinsics.cpp - Math for NVPTX: intrinsics, libdevice ---===//

#include "backends/nvidia/Conversion/Passes.h"

#include "backends/gpu_common/Transforms/AccurateMath.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Approximation.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace tessel::nvidia {

#define GEN_PASS_DEF_CONVERTMATHTONVVMINTRINSICS
#include "backends/nvidia/Conversion/Passes.h.inc"

namespace {

/// `op` on f32 (scalar or vector, element by element) as
/// `post(intrinsic(pre(x)))`, where pre/post multiply by a constant (1: none).
template <typename Op> struct ApproxIntrinsic : OpRewritePattern<Op> {
  ApproxIntrinsic(MLIRContext *context, StringRef intrinsic, double preScale,
                  double postScale)
      : OpRewritePattern<Op>(context, /*benefit=*/10), intrinsic(intrinsic.str()),
        preScale(preScale), postScale(postScale) {}

  LogicalResult matchAndRewrite(Op op, PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF32())
      return rewriter.notifyMatchFailure(op, "not f32");
    Type f32 = rewriter.getF32Type();
    auto scale = [&](Value v, double factor) -> Value {
      if (factor == 1.0)
        return v;
      Value c =
          arith::ConstantOp::create(rewriter, loc, rewriter.getF32FloatAttr(factor));
      return arith::MulFOp::create(rewriter, loc, v, c);
    };
    auto compute = [&](Value x) -> Value {
      x = scale(x, preScale);
      auto call = LLVM::CallIntrinsicOp::create(
          rewriter, loc, Type(f32), rewriter.getStringAttr(intrinsic), ValueRange{x});
      return scale(call.getResult(0), postScale);
    };
    auto vectorType = dyn_cast<VectorType>(type);
    if (!vectorType) {
      rewriter.replaceOp(op, compute(op->getOperand(0)));
      return success();
    }
    if (vectorType.getRank() != 1)
      return rewriter.notifyMatchFailure(op, "not a 1-D vector");
    SmallVector<Value> out;
    for (int64_t i = 0; i < vectorType.getNumElements(); ++i)
      out.push_back(
          compute(vector::ExtractOp::create(rewriter, loc, op->getOperand(0), i)));
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, vectorType, out);
    return success();
  }

  std::string intrinsic;
  double preScale, postScale;
};

/// Any math op on f16/bf16 is computed in f32: the operands are extended
/// and the results rounded back (what math-legalize-to-f32 does, which in
/// MLIR 19 also rewrote some f64 ops into invalid casts; this pattern
/// touches f16/bf16 only).
struct WidenHalfMath : RewritePattern {
  explicit WidenHalfMath(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/20, context) {}

  static bool isHalf(Type type) {
    auto f = dyn_cast<FloatType>(getElementTypeOrSelf(type));
    return f && f.getWidth() < 32;
  }
  static Type widen(Type type) {
    Type f32 = Float32Type::get(type.getContext());
    if (auto vector = dyn_cast<VectorType>(type))
      return VectorType::get(vector.getShape(), f32);
    return f32;
  }

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isa<math::MathDialect>(op->getDialect()) || op->getNumRegions() != 0)
      return failure();
    if (llvm::none_of(op->getResultTypes(), isHalf))
      return rewriter.notifyMatchFailure(op, "no f16/bf16 result");
    SmallVector<Value> operands;
    for (Value v : op->getOperands())
      operands.push_back(
          isHalf(v.getType())
              ? arith::ExtFOp::create(rewriter, op->getLoc(), widen(v.getType()), v)
              : v);
    SmallVector<Type> types;
    for (Type t : op->getResultTypes())
      types.push_back(isHalf(t) ? widen(t) : t);
    OperationState state(op->getLoc(), op->getName(), operands, types, op->getAttrs());
    Operation *wide = rewriter.create(state);
    SmallVector<Value> results;
    for (auto [result, type] : llvm::zip(wide->getResults(), op->getResultTypes()))
      results.push_back(isHalf(type) ? Value(arith::TruncFOp::create(
                                           rewriter, op->getLoc(), type, result))
                                     : Value(result));
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// The math ops that become calls to CUDA's libdevice (__nv_<name> on f64,
/// __nv_<name>f on f32), with whether f32 goes there too. f32 keeps the
/// faster in-line code above where it meets the suite's accuracy; atan,
/// atan2, cbrt, sinh and log10 on f32 do not (MLIR's compositions are 9 to
/// 31 ulp off on an H200; libdevice's are within 3).
struct LibdeviceFunction {
  StringRef op;
  StringRef name;
  bool f32;
};
constexpr LibdeviceFunction kLibdeviceFunctions[] = {
    {"math.acos", "acos", false},   {"math.acosh", "acosh", false},
    {"math.asin", "asin", false},   {"math.asinh", "asinh", false},
    {"math.atan", "atan", true},    {"math.atan2", "atan2", true},
    {"math.atanh", "atanh", false}, {"math.cbrt", "cbrt", true},
    {"math.cos", "cos", false},     {"math.cosh", "cosh", false},
    {"math.erf", "erf", false},     {"math.erfc", "erfc", false},
    {"math.exp", "exp", false},     {"math.exp2", "exp2", false},
    {"math.expm1", "expm1", false}, {"math.log", "log", false},
    {"math.log10", "log10", true},  {"math.log1p", "log1p", false},
    {"math.log2", "log2", false},   {"math.powf", "pow", false},
    {"math.rsqrt", "rsqrt", false}, {"math.sin", "sin", false},
    {"math.sinh", "sinh", true},    {"math.tan", "tan", false},
    {"math.tanh", "tanh", false},
};

/// The libdevice function computing `op` element by element, or "" where
/// the op stays for the patterns (or for NVPTX).
std::string getLibdeviceName(Operation *op) {
  if (op->getNumResults() != 1 || op->getNumRegions() != 0)
    return "";
  Type element = getElementTypeOrSelf(op->getResult(0).getType());
  for (const LibdeviceFunction &f : kLibdeviceFunctions) {
    if (op->getName().getStringRef() != f.op)
      continue;
    if (element.isF64())
      return ("__nv_" + f.name).str();
    if (element.isF32() && f.f32)
      return ("__nv_" + f.name + "f").str();
  }
  return "";
}

/// Replaces each op libdevice computes by calls (one a lane for 1-D
/// vectors) to an external function that code generation links from
/// libdevice.10.bc (CodeGen.cpp), declared once in the module.
LogicalResult callLibdevice(ModuleOp module) {
  SymbolTable symbols(module);
  SmallVector<std::pair<Operation *, std::string>> ops;
  module.walk([&](Operation *op) {
    std::string name = getLibdeviceName(op);
    if (!name.empty())
      ops.push_back({op, std::move(name)});
  });
  for (auto &[op, name] : ops) {
    Type type = op->getResult(0).getType();
    Type scalar = getElementTypeOrSelf(type);
    auto vectorType = dyn_cast<VectorType>(type);
    if (vectorType && vectorType.getRank() != 1)
      return op->emitError() << op->getName() << " on a vector of rank "
                             << vectorType.getRank() << " is not supported by the nvidia backend yet";
    auto callee = symbols.lookup<LLVM::LLVMFuncOp>(name);
    if (!callee) {
      OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
      SmallVector<Type> params(op->getNumOperands(), scalar);
      callee = LLVM::LLVMFuncOp::create(b, module.getLoc(), name,
                                        LLVM::LLVMFunctionType::get(scalar, params));
      symbols.insert(callee);
    }
    OpBuilder b(op);
    Location loc = op->getLoc();
    auto call = [&](ValueRange args) -> Value {
      return LLVM::CallOp::create(b, loc, callee, args).getResult();
    };
    Value result;
    if (!vectorType) {
      result = call(op->getOperands());
    } else {
      SmallVector<Value> lanes;
      for (int64_t i = 0; i < vectorType.getNumElements(); ++i) {
        SmallVector<Value> args;
        for (Value operand : op->getOperands())
          args.push_back(vector::ExtractOp::create(b, loc, operand, i));
        lanes.push_back(call(args));
      }
      result = vector::FromElementsOp::create(b, loc, vectorType, lanes);
    }
    op->getResult(0).replaceAllUsesWith(result);
    op->erase();
  }
  return success();
}

struct ConvertMathToNvvmIntrinsicsPass
    : impl::ConvertMathToNvvmIntrinsicsBase<ConvertMathToNvvmIntrinsicsPass> {
  using ConvertMathToNvvmIntrinsicsBase::ConvertMathToNvvmIntrinsicsBase;
  void getDependentDialects(DialectRegistry &registry) const override {
    ConvertMathToNvvmIntrinsicsBase::getDependentDialects(registry);
    // The sin/cos expansion branches to its slow argument reduction.
    registry.insert<scf::SCFDialect>();
  }

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    // First, so that the expansions below do not compose f64 functions (or
    // the f32 ones libdevice computes better) from others.
    if (failed(callLibdevice(getOperation())))
      return signalPassFailure();
    RewritePatternSet patterns(context);
    // ex2.approx and rsqrt.approx are within 2 ulp of exp2 and rsqrt. exp,
    // log, log2, sin and cos through the approximate instructions are not
    // (on an H200: 4 to 8500 ulp from the scaling by log2(e) and from
    // sin/cos.approx's absolute error), so exp, log and log2 use MLIR's
    // polynomial approximations, which meet 2 ulp.
    patterns.add<ApproxIntrinsic<math::Exp2Op>>(
        context,
        flushDenormals ? "llvm.nvvm.ex2.approx.ftz.f32" : "llvm.nvvm.ex2.approx.f32",
        1.0, 1.0);
    patterns.add<ApproxIntrinsic<math::RsqrtOp>>(context, "llvm.nvvm.rsqrt.approx.f",
                                                 1.0, 1.0);
    patterns.add<WidenHalfMath>(context);
    // MLIR's sin and cos lose thousands of ulps near their zeros (a short
    // reduction by pi/2) and its tanh 5 ulp: these expansions are within
    // 1 ulp. Their benefit puts them before MLIR's approximations of the
    // same ops, which populateMathPolynomialApproximationPatterns adds too.
    gpu::populateAccurateF32SinCosTanhPatterns(patterns, /*benefit=*/10);
    math::populateExpansionPatterns(
        patterns, {"sinh", "cosh", "tan", "powf", "fpowi", "asinh", "acosh", "atanh"});
    populateMathPolynomialApproximationPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    // What is left must be something NVPTX selects by itself; anything else
    // (a function libdevice lacks) would reach LLVM, which would stop with a
    // fatal error rather than a diagnostic.
    bool ok = true;
    getOperation().walk([&](Operation *op) {
      if (!isa<math::MathDialect>(op->getDialect()) ||
          isa<math::SqrtOp, math::AbsFOp, math::AbsIOp, math::FmaOp, math::FloorOp,
              math::CeilOp, math::TruncOp, math::RoundEvenOp, math::RoundOp,
              math::CopySignOp, math::CountLeadingZerosOp, math::CountTrailingZerosOp,
              math::CtPopOp>(op))
        return;
      op->emitError() << op->getName() << " on "
                      << getElementTypeOrSelf(op->getResultTypes().front())
                      << " is not supported by the nvidia backend yet";
      ok = false;
    });
    if (!ok)
      signalPassFailure();
  }
};

} // namespace
} // namespace tessel::nvidia
