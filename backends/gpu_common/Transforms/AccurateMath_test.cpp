// The f32 sin, cos and tanh expansions, executed: a module that applies
// math.sin/cos/tanh to scalars, to vector<8xf32> and to vector<2x4xf32> is
// rewritten by the patterns, lowered to the LLVM dialect and JIT-compiled
// for the host, whose fma and division round like a GPU's fma.rn and
// div.rn. The results are compared with the double-precision libm value in
// f32 ulps (the conformance suite's measure). Millions of inputs: dense
// around multiples of pi/2, across the Payne-Hanek range, random bit
// patterns, and the special values. With TESSEL_ACCURATE_MATH_EXHAUSTIVE=1
// in the environment, every one of the 2^32 inputs is checked as well.
#include "backends/gpu_common/Transforms/AccurateMath.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <random>
#include <thread>
#include <vector>

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/TargetSelect.h"

namespace tessel::gpu {
namespace {

using ScalarFn = float (*)(float);
using ArrayFn = void (*)(const float *, float *, int64_t);

constexpr const char *kModule = R"mlir(
func.func @expanded_sin(%x: f32) -> f32 {
  %y = math.sin %x : f32
  return %y : f32
}
func.func @expanded_cos(%x: f32) -> f32 {
  %y = math.cos %x : f32
  return %y : f32
}
func.func @expanded_tanh(%x: f32) -> f32 {
  %y = math.tanh %x : f32
  return %y : f32
}
)mlir";

/// A function over n elements (n a multiple of 8), 8 at a time, as
/// vector<8xf32> or (shape = "2x4") vector<2x4xf32>.
std::string arrayFunction(const std::string &op, const std::string &shape) {
  std::string vectorType = "vector<" + shape + "xf32>";
  std::string compute = shape == "8"
                            ? "      %y = math." + op + " %v : vector<8xf32>\n"
                            : "      %v2 = vector.shape_cast %v : vector<8xf32> to " +
                                  vectorType + "\n      %y2 = math." + op +
                                  " %v2 : " + vectorType +
                                  "\n      %y = vector.shape_cast %y2 : " + vectorType +
                                  " to vector<8xf32>\n";
  return "func.func @expanded_" + op + "_v" + shape +
         "(%in: !llvm.ptr, %out: !llvm.ptr, %n: i64) {\n"
         "  %c0 = arith.constant 0 : i64\n"
         "  %c8 = arith.constant 8 : i64\n"
         "  scf.for %i = %c0 to %n step %c8 : i64 {\n"
         "      %p = llvm.getelementptr %in[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32\n"
         "      %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> "
         "vector<8xf32>\n" +
         compute +
         "      %q = llvm.getelementptr %out[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32\n"
         "      llvm.store %y, %q {alignment = 4 : i64} : vector<8xf32>, !llvm.ptr\n"
         "  }\n"
         "  return\n"
         "}\n";
}

/// The f32 ulp at |v| (the spacing of subnormals below 2^-126).
double ulpAt(double v) {
  int exponent = -126;
  if (v != 0 && std::isfinite(v)) {
    std::frexp(std::fabs(v), &exponent);
    exponent = std::max(exponent - 1, -126);
  }
  return std::ldexp(1.0, exponent - 23);
}

/// |got - reference| in f32 ulps at the reference; infinite when one is NaN
/// and the other not, or an infinity is missed.
double ulpError(float got, double reference) {
  if (std::isnan(reference) || std::isnan(got))
    return std::isnan(reference) && std::isnan(got)
               ? 0
               : std::numeric_limits<double>::infinity();
  if (std::isinf(reference) || std::isinf(got))
    return double(got) == reference ? 0 : std::numeric_limits<double>::infinity();
  return std::fabs(double(got) - reference) / ulpAt(reference);
}

float fromBits(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}
uint32_t toBits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

struct Function {
  const char *name;
  double (*reference)(double);
};
const Function kSin{"sin", [](double x) { return std::sin(x); }};
const Function kCos{"cos", [](double x) { return std::cos(x); }};
const Function kTanh{"tanh", [](double x) { return std::tanh(x); }};

/// The worst error over a set of inputs, and where.
struct Worst {
  double ulps = 0;
  float input = 0;
  float got = 0;
  uint64_t count = 0;

  void add(float x, float got, double reference) {
    ++count;
    double error = ulpError(got, reference);
    if (error > ulps || std::isnan(error)) {
      ulps = error;
      input = x;
      this->got = got;
    }
  }
  void merge(const Worst &other) {
    count += other.count;
    if (other.ulps > ulps) {
      ulps = other.ulps;
      input = other.input;
      got = other.got;
    }
  }
};

std::ostream &operator<<(std::ostream &os, const Worst &worst) {
  char buffer[160];
  std::snprintf(buffer, sizeof buffer, "max %.3f ulp over %llu inputs (x = %a, got %a)",
                worst.ulps, static_cast<unsigned long long>(worst.count),
                double(worst.input), double(worst.got));
  return os << buffer;
}

class AccurateMathTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    mlir::DialectRegistry registry;
    registry.insert<mlir::arith::ArithDialect, mlir::cf::ControlFlowDialect,
                    mlir::func::FuncDialect, mlir::index::IndexDialect,
                    mlir::LLVM::LLVMDialect, mlir::math::MathDialect,
                    mlir::scf::SCFDialect, mlir::vector::VectorDialect>();
    mlir::registerBuiltinDialectTranslation(registry);
    mlir::registerLLVMDialectTranslation(registry);
    context = new mlir::MLIRContext(registry);
    context->loadAllAvailableDialects();

    std::string source = kModule;
    for (const char *op : {"sin", "cos", "tanh"})
      for (const char *shape : {"8", "2x4"})
        source += arrayFunction(op, shape);
    mlir::OwningOpRef<mlir::ModuleOp> module =
        mlir::parseSourceString<mlir::ModuleOp>(source, context);
    ASSERT_TRUE(module);

    mlir::RewritePatternSet patterns(context);
    populateAccurateF32SinCosTanhPatterns(patterns);
    ASSERT_TRUE(
        mlir::succeeded(mlir::applyPatternsGreedily(*module, std::move(patterns))));
    bool expanded = true;
    module->walk([&](mlir::Operation *op) {
      if (mlir::isa<mlir::math::SinOp, mlir::math::CosOp, mlir::math::TanhOp>(op))
        expanded = false;
    });
    ASSERT_TRUE(expanded) << "a math op was not expanded";

    mlir::PassManager pm(context);
    pm.addPass(mlir::createSCFToControlFlowPass());
    pm.addPass(mlir::createConvertVectorToLLVMPass());
    pm.addPass(mlir::createConvertMathToLLVMPass());
    pm.addPass(mlir::createArithToLLVMConversionPass());
    pm.addPass(mlir::createUBToLLVMConversionPass());
    pm.addPass(mlir::createConvertIndexToLLVMPass());
    pm.addPass(mlir::createConvertControlFlowToLLVMPass());
    pm.addPass(mlir::createConvertFuncToLLVMPass());
    pm.addPass(mlir::createReconcileUnrealizedCastsPass());
    ASSERT_TRUE(mlir::succeeded(pm.run(*module)));

    transformer = new std::function<llvm::Error(llvm::Module *)>(
        mlir::makeOptimizingTransformer(/*optLevel=*/2, /*sizeLevel=*/0, nullptr));
    mlir::ExecutionEngineOptions options;
    options.transformer = *transformer;
    auto created = mlir::ExecutionEngine::create(*module, options);
    ASSERT_TRUE(bool(created)) << llvm::toString(created.takeError());
    engine = created->release();
  }

  static void TearDownTestSuite() {
    delete engine;
    delete transformer;
    delete context;
  }

  template <typename Fn> static Fn lookup(const std::string &name) {
    auto address = engine->lookup(name);
    if (!address) {
      ADD_FAILURE() << llvm::toString(address.takeError());
      return nullptr;
    }
    return reinterpret_cast<Fn>(*address);
  }

  static ScalarFn scalar(const Function &f) {
    return lookup<ScalarFn>(std::string("expanded_") + f.name);
  }

  /// The worst error of `f` over `inputs`, checking on the way that the
  /// vector forms give bit-identical results (lanes of a vector take
  /// different paths).
  static Worst measure(const Function &f, const std::vector<float> &inputs) {
    ScalarFn fn = scalar(f);
    std::vector<float> padded = inputs;
    padded.resize((inputs.size() + 7) / 8 * 8, 0.0f);
    std::vector<float> scalarOut(padded.size()), vectorOut(padded.size());
    for (size_t i = 0; i < padded.size(); ++i)
      scalarOut[i] = fn(padded[i]);
    for (const char *shape : {"8", "2x4"}) {
      ArrayFn vectorFn =
          lookup<ArrayFn>(std::string("expanded_") + f.name + "_v" + shape);
      vectorFn(padded.data(), vectorOut.data(), int64_t(padded.size()));
      for (size_t i = 0; i < padded.size(); ++i)
        if (toBits(vectorOut[i]) != toBits(scalarOut[i])) {
          ADD_FAILURE() << f.name << " on vector<" << shape
                        << "xf32> differs at x = " << padded[i] << ": " << vectorOut[i]
                        << " vs " << scalarOut[i];
          break;
        }
    }
    Worst worst;
    for (size_t i = 0; i < inputs.size(); ++i)
      worst.add(inputs[i], scalarOut[i], f.reference(double(inputs[i])));
    return worst;
  }

  static mlir::MLIRContext *context;
  static mlir::ExecutionEngine *engine;
  static std::function<llvm::Error(llvm::Module *)> *transformer;
};

mlir::MLIRContext *AccurateMathTest::context = nullptr;
mlir::ExecutionEngine *AccurateMathTest::engine = nullptr;
std::function<llvm::Error(llvm::Module *)> *AccurateMathTest::transformer = nullptr;

/// `count` floats on each side of each of `centers` (and the centers).
std::vector<float> around(const std::vector<float> &centers, int count) {
  std::vector<float> out;
  out.reserve(centers.size() * (2 * count + 1));
  for (float c : centers) {
    float below = c, above = c;
    out.push_back(c);
    for (int i = 0; i < count; ++i) {
      below = std::nextafter(below, -std::numeric_limits<float>::infinity());
      above = std::nextafter(above, std::numeric_limits<float>::infinity());
      out.push_back(below);
      out.push_back(above);
    }
  }
  return out;
}

/// The floats nearest to k * pi/2 for k = 1..kMax (and their negatives).
std::vector<float> multiplesOfPiOver2(int64_t kMax, int64_t step = 1) {
  std::vector<float> out;
  for (int64_t k = 1; k <= kMax; k += step) {
    float x = float(double(k) * (M_PI / 2));
    out.push_back(x);
    out.push_back(-x);
  }
  return out;
}

std::vector<float> uniform(uint64_t seed, size_t n, float lo, float hi) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> out(n);
  for (float &x : out)
    x = dist(rng);
  return out;
}

/// Finite floats from uniformly random bit patterns: every binade alike.
std::vector<float> randomBits(uint64_t seed, size_t n) {
  std::mt19937_64 rng(seed);
  std::vector<float> out;
  out.reserve(n);
  while (out.size() < n) {
    float x = fromBits(uint32_t(rng()));
    if (std::isfinite(x))
      out.push_back(x);
  }
  return out;
}

std::vector<float> concat(std::initializer_list<std::vector<float>> parts) {
  std::vector<float> out;
  for (const auto &part : parts)
    out.insert(out.end(), part.begin(), part.end());
  return out;
}

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

TEST_F(AccurateMathTest, SpecialValues) {
  ScalarFn sinFn = scalar(kSin), cosFn = scalar(kCos), tanhFn = scalar(kTanh);
  ASSERT_TRUE(sinFn && cosFn && tanhFn);
  for (float x : {kInf, -kInf, kNaN, -kNaN}) {
    EXPECT_TRUE(std::isnan(sinFn(x))) << x;
    EXPECT_TRUE(std::isnan(cosFn(x))) << x;
  }
  EXPECT_TRUE(std::isnan(tanhFn(kNaN)));
  EXPECT_EQ(tanhFn(kInf), 1.0f);
  EXPECT_EQ(tanhFn(-kInf), -1.0f);
  // Signed zeros as C's sinf, cosf and tanhf.
  EXPECT_EQ(toBits(sinFn(0.0f)), toBits(0.0f));
  EXPECT_EQ(toBits(sinFn(-0.0f)), toBits(-0.0f));
  EXPECT_EQ(toBits(tanhFn(0.0f)), toBits(0.0f));
  EXPECT_EQ(toBits(tanhFn(-0.0f)), toBits(-0.0f));
  EXPECT_EQ(cosFn(0.0f), 1.0f);
  EXPECT_EQ(cosFn(-0.0f), 1.0f);
  // Tiny inputs: sin(x) and tanh(x) round to x, subnormals included.
  for (float x : {std::numeric_limits<float>::denorm_min(), 1e-40f, 1e-30f, 1e-10f}) {
    EXPECT_EQ(sinFn(x), x);
    EXPECT_EQ(sinFn(-x), -x);
    EXPECT_EQ(tanhFn(x), x);
    EXPECT_EQ(tanhFn(-x), -x);
    EXPECT_EQ(cosFn(x), 1.0f);
  }
  // Saturation of tanh.
  for (float x : {9.5f, 10.0f, 20.0f, 1e10f, std::numeric_limits<float>::max()}) {
    EXPECT_EQ(tanhFn(x), 1.0f);
    EXPECT_EQ(tanhFn(-x), -1.0f);
  }
}

TEST_F(AccurateMathTest, SinCosNearMultiplesOfPiOver2) {
  // Every k pi/2 below the Payne-Hanek limit, 24 floats either side.
  int64_t kMax = int64_t(kSinCosFastReductionLimit / (M_PI / 2)) + 1;
  std::vector<float> inputs = around(multiplesOfPiOver2(kMax), 24);
  for (const Function &f : {kSin, kCos}) {
    Worst worst = measure(f, inputs);
    std::cout << f.name << " near k pi/2 (|x| <= 2^17): " << worst << "\n";
    EXPECT_LE(worst.ulps, 1.0) << f.name << ": " << worst;
  }
}

TEST_F(AccurateMathTest, SinCosLargeArguments) {
  // Multiples of pi/2 from the limit up to 2^40 (Payne-Hanek), and values
  // in every binade, some straddling the limit within one vector.
  std::vector<float> centers;
  std::mt19937_64 rng(7);
  for (int i = 0; i < 20000; ++i) {
    double k = std::exp2(std::uniform_real_distribution<double>(16, 40)(rng));
    centers.push_back(float(std::nearbyint(k) * (M_PI / 2)));
  }
  std::vector<float> inputs =
      concat({around(centers, 8),
              randomBits(11, 1000000),
              around({kSinCosFastReductionLimit, -kSinCosFastReductionLimit}, 1000),
              {std::numeric_limits<float>::max(), -std::numeric_limits<float>::max()}});
  for (const Function &f : {kSin, kCos}) {
    Worst worst = measure(f, inputs);
    std::cout << f.name << " large and random-bit arguments: " << worst << "\n";
    EXPECT_LE(worst.ulps, 1.0) << f.name << ": " << worst;
  }
}

TEST_F(AccurateMathTest, SinCosConformanceDomain) {
  std::vector<float> inputs =
      concat({uniform(1, 2000000, -6.0f, 6.0f), uniform(2, 500000, -1.0f, 1.0f)});
  for (const Function &f : {kSin, kCos}) {
    Worst worst = measure(f, inputs);
    std::cout << f.name << " on [-6, 6]: " << worst << "\n";
    EXPECT_LE(worst.ulps, 1.0) << f.name << ": " << worst;
  }
}

TEST_F(AccurateMathTest, Tanh) {
  // Every float in [0.5, 0.6] (the switch from the polynomial to the
  // exponential at 0.55) and in [1, 1 + 2^-4], random values over the range
  // where tanh is not yet 1, and random bit patterns.
  std::vector<float> dense;
  for (uint32_t b = toBits(0.5f); b <= toBits(0.6f); ++b) {
    dense.push_back(fromBits(b));
    dense.push_back(-fromBits(b));
  }
  for (uint32_t b = toBits(1.0f); b <= toBits(1.0625f); ++b)
    dense.push_back(fromBits(b));
  std::vector<float> inputs =
      concat({dense, uniform(3, 2000000, -10.0f, 10.0f),
              uniform(4, 500000, -1.0f, 1.0f), randomBits(5, 1000000)});
  Worst worst = measure(kTanh, inputs);
  std::cout << "tanh: " << worst << "\n";
  EXPECT_LE(worst.ulps, 1.0) << worst;
}

/// Every f32 input, split over the host's cores. Minutes; opt-in.
TEST_F(AccurateMathTest, Exhaustive) {
  const char *enabled = std::getenv("TESSEL_ACCURATE_MATH_EXHAUSTIVE");
  if (!enabled || std::strcmp(enabled, "1") != 0)
    GTEST_SKIP() << "set TESSEL_ACCURATE_MATH_EXHAUSTIVE=1 to check all 2^32 inputs";
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  for (const Function &f : {kSin, kCos, kTanh}) {
    ScalarFn fn = scalar(f);
    std::vector<Worst> worst(threads);
    std::vector<std::thread> workers;
    for (unsigned t = 0; t < threads; ++t)
      workers.emplace_back([&, t] {
        for (uint64_t b = t; b < (uint64_t(1) << 32); b += threads) {
          float x = fromBits(uint32_t(b));
          worst[t].add(x, fn(x), f.reference(double(x)));
        }
      });
    for (std::thread &w : workers)
      w.join();
    for (unsigned t = 1; t < threads; ++t)
      worst[0].merge(worst[t]);
    std::cout << f.name << " over all f32 inputs: " << worst[0] << "\n";
    EXPECT_LE(worst[0].ulps, 1.0) << f.name;
  }
}

} // namespace
} // namespace tessel::gpu
