//===- Compare_test.cpp - Tests of output comparison ----------------------===//

#include "conformance/runner/Compare.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "conformance/cases/Registry.h"

namespace tessel::conformance {
namespace {

Case oneOutput(Dt dt, size_t n, Tolerance tol) {
  Case c;
  c.id = "t";
  c.buffers.push_back({"out", dt, n, Generator::randomBits(), true, tol});
  return c;
}

TEST(Compare, IntegersAreExactAndTheFirstDifferenceIsNamed) {
  Case c = oneOutput(Dt::I32, 4, Tolerance::exact());
  HostArray e(Dt::I32, 4), g(Dt::I32, 4);
  for (int i = 0; i < 4; ++i)
    e.setI(i, i), g.setI(i, i);
  EXPECT_TRUE(compareOutputs(c, {g}, {e}, {g}).ok);
  g.setI(2, 7);
  g.setI(3, 9);
  Verdict v = compareOutputs(c, {g}, {e}, {g});
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.message.find("out[2]"), std::string::npos) << v.message;
  EXPECT_NE(v.message.find("got 7"), std::string::npos) << v.message;
  EXPECT_NE(v.message.find("2 element(s) differ"), std::string::npos) << v.message;
}

TEST(Compare, UlpToleranceInTheOutputType) {
  Case c = oneOutput(Dt::F16, 2, Tolerance::ulps(0.5));
  HostArray e(Dt::F64, 2), g(Dt::F16, 2);
  e.setF(0, 1.0 + std::ldexp(1.0, -12)); // a quarter ulp above 1
  g.setF(0, 1.0);
  e.setF(1, 3.0);
  g.setF(1, 3.0);
  EXPECT_TRUE(compareOutputs(c, {g}, {e}, {g}).ok);
  g.setF(0, 1.0 + std::ldexp(1.0, -10)); // three quarters of an ulp off
  Verdict v = compareOutputs(c, {g}, {e}, {g});
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.message.find("out[0]"), std::string::npos) << v.message;
  EXPECT_NE(v.message.find("ulp"), std::string::npos) << v.message;
}

TEST(Compare, NansAndInfinities) {
  Case c = oneOutput(Dt::F32, 3, Tolerance::ulps(1));
  HostArray e(Dt::F64, 3), g(Dt::F32, 3);
  e.setF(0, NAN), g.setF(0, NAN);
  e.setF(1, 1e300), g.setF(1, INFINITY); // beyond fp32: infinity is right
  e.setF(2, 1.0), g.setF(2, 1.0);
  EXPECT_TRUE(compareOutputs(c, {g}, {e}, {g}).ok);
  g.setF(0, 0.0);
  EXPECT_FALSE(compareOutputs(c, {g}, {e}, {g}).ok);
}

TEST(Compare, RelativeNormOverTheBuffer) {
  Case c = oneOutput(Dt::F32, 100, Tolerance::relNorm(1e-3));
  HostArray e(Dt::F64, 100), g(Dt::F32, 100);
  for (int i = 0; i < 100; ++i)
    e.setF(i, i + 1), g.setF(i, (i + 1) * (1 + 1e-5));
  EXPECT_TRUE(compareOutputs(c, {g}, {e}, {g}).ok);
  g.setF(50, 1000);
  Verdict v = compareOutputs(c, {g}, {e}, {g});
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.message.find("out[50]"), std::string::npos) << v.message;
}

TEST(Compare, InputsAreNotCompared) {
  Case c = oneOutput(Dt::I8, 1, Tolerance::exact());
  c.buffers[0].isOutput = false;
  HostArray a(Dt::I8, 1), b(Dt::I8, 1);
  b.setI(0, 5);
  EXPECT_TRUE(compareOutputs(c, {b}, {HostArray()}, {b}).ok);
}

// --- Per-element bounds beside the relative L2 norm (dot) ----------------

// A registry case and everything a comparison needs: its initial buffers
// and its reference.
struct Prepared {
  const Case *c = nullptr;
  std::vector<HostArray> initial, expected;
};

Prepared prepare(const std::string &id) {
  Prepared p;
  p.c = findCase(id);
  if (p.c == nullptr)
    return p;
  p.initial = generateBuffers(*p.c);
  p.expected = initialExpectation(*p.c, p.initial);
  p.c->reference(p.initial, p.expected);
  return p;
}

// fp32 `x` with its 13 low mantissa bits cleared: tf32 by truncation, the
// coarser of the two roundings a device may use.
double truncToTf32(double x) {
  float f = static_cast<float>(x);
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  bits &= ~uint32_t{0x1fff};
  std::memcpy(&f, &bits, 4);
  return f;
}

// `x` rounded to the accumulator type; towards zero when `truncate` (as
// tensor cores may), to nearest otherwise.
double round(Dt acc, double x, bool truncate) {
  const double r = roundTo(acc, x);
  if (!truncate || std::fabs(r) <= std::fabs(x))
    return r;
  return r - std::copysign(ulp(acc, std::fabs(r) - ulp(acc, r) / 2), r);
}

enum class Order { kForward, kBackward, kBlocksOf16 };

// What a correct device may return for a `matmul` dot case: every product
// formed as the input precision says, summed in the accumulator's precision
// in `order`, each addition rounded (to nearest, or towards zero); the
// rest of the buffer keeps its initial contents.
std::vector<HostArray> deviceDot(const Prepared &p, Order order, bool truncate) {
  const Case &c = *p.c;
  // The shape is the id's MxNxK component; compile options may follow it.
  int M = 0, N = 0, K = 0;
  for (size_t at = 0; at < c.id.size() && K == 0;) {
    const size_t end = std::min(c.id.find('/', at), c.id.size());
    char rest = 0;
    if (std::sscanf(c.id.substr(at, end - at).c_str(), "%dx%dx%d%c", &M, &N, &K,
                    &rest) != 3)
      M = N = K = 0;
    at = end + 1;
  }
  EXPECT_GT(K, 0) << c.id << ": no MxNxK component";
  std::string prec = "default";
  for (const auto &[name, value] : c.constexprs)
    if (name == "PREC")
      prec = value.substr(1, value.size() - 2);
  const Dt acc = c.buffers[2].dt;
  const HostArray &a = p.initial[0], &b = p.initial[1];
  std::vector<HostArray> got = p.initial;
  auto add = [&](double s, double t) { return round(acc, s + t, truncate); };
  // Adds the terms one k contributes to `sum` (tf32x3: three products of
  // split parts).
  auto addTerms = [&](double sum, int i, int j, int k) {
    const double x = a.floatAt(i * K + k), y = b.floatAt(k * N + j);
    if (prec == "tf32")
      return add(sum, truncToTf32(x) * truncToTf32(y)); // exact in fp64
    if (prec == "tf32x3") {
      const double xh = truncToTf32(x), yh = truncToTf32(y);
      const double xl = truncToTf32(x - xh), yl = truncToTf32(y - yh);
      return add(add(add(sum, xh * yh), xh * yl), xl * yh);
    }
    if (acc == Dt::F64)
      return add(sum, x * y);
    // In the accumulator's precision: exact in fp32 for 16- and 8-bit
    // inputs, rounded for fp32 inputs and for fp16 accumulators.
    return add(sum, roundTo(acc, x * y));
  };
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      double sum = 0;
      if (order == Order::kBlocksOf16) {
        for (int k0 = 0; k0 < K; k0 += 16) {
          double block = 0;
          for (int k = k0; k < std::min(K, k0 + 16); ++k)
            block = addTerms(block, i, j, k);
          sum = add(sum, block);
        }
      } else {
        for (int n = 0; n < K; ++n) {
          sum = addTerms(sum, i, j, order == Order::kForward ? n : K - 1 - n);
        }
      }
      got[2].setF(i * N + j, sum);
    }
  return got;
}

double relativeL2(const HostArray &got, const HostArray &want) {
  double d = 0, r = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    d += (got.floatAt(i) - want.floatAt(i)) * (got.floatAt(i) - want.floatAt(i));
    r += want.floatAt(i) * want.floatAt(i);
  }
  return std::sqrt(d / r);
}

// Every float dot of the suite, computed as a correct device may compute it
// (three orders of summation; tf32 inputs truncated; additions rounded to
// nearest, or towards zero as tensor cores may for fp32 accumulation of
// 16-bit, fp8 and tf32 inputs), passes both the norm and the element bound:
// the bound is not tighter than the arithmetic allows.
TEST(CompareDot, CorrectDotsPassTheElementBound) {
  int checked = 0;
  // A case that differs from another only by its compile options (a
  // "warps=..." component) has the same shape, types and bound: one of them
  // proves the bound for all, and the test stays within its time under the
  // sanitizers.
  std::set<std::string> arithmetic;
  for (const Case &c : allCases()) {
    if (c.kernel != "matmul" || !isFloat(c.buffers[2].dt))
      continue;
    const size_t options = c.id.find("/warps=");
    if (!arithmetic.insert(c.id.substr(0, options)).second)
      continue;
    SCOPED_TRACE(c.id);
    ASSERT_TRUE(c.buffers[2].tolerance.hasElementBound());
    Prepared p = prepare(c.id);
    bool tensorCores = c.buffers[2].dt == Dt::F32;
    for (const auto &[name, value] : c.constexprs)
      if (name == "PREC" && value == "'ieee'")
        tensorCores = false;
    for (Order order : {Order::kForward, Order::kBackward, Order::kBlocksOf16})
      for (bool truncate : {false, true}) {
        if (truncate && !tensorCores)
          continue;
        Verdict v =
            compareOutputs(c, p.initial, p.expected, deviceDot(p, order, truncate));
        EXPECT_TRUE(v.ok) << "order " << int(order) << ", truncate " << truncate << ": "
                          << v.message;
      }
    ++checked;
  }
  EXPECT_GE(checked, 24);
}

// One wrong element of a 64x64 fp16 dot (fp32 accumulation) that the
// relative L2 norm alone lets through: the element bound catches it.
TEST(CompareDot, OneWrongElementOfA64x64Fp16DotFails) {
  Prepared p = prepare("dot/fp16->fp32/64x64x64");
  ASSERT_NE(p.c, nullptr);
  const Tolerance &tol = p.c->buffers[2].tolerance;
  ASSERT_TRUE(tol.hasElementBound());
  std::vector<HostArray> got = deviceDot(p, Order::kBlocksOf16, false);
  ASSERT_TRUE(compareOutputs(*p.c, p.initial, p.expected, got).ok);

  // Half of what the norm allows for the whole buffer, on one element.
  double norm = 0;
  for (int i = 0; i < 64 * 64; ++i)
    norm += p.expected[2].floatAt(i) * p.expected[2].floatAt(i);
  const double delta = 0.5 * tol.value * std::sqrt(norm);
  const int wrong = 10 * 64 + 20;
  std::vector<HostArray> magnitudes = initialMagnitudes(*p.c);
  p.c->magnitude(p.initial, magnitudes);
  // The test means something only if the element bound is the tighter one.
  ASSERT_GT(delta, 2 * tol.value2 * magnitudes[2].floatAt(wrong));
  got[2].setF(wrong, got[2].floatAt(wrong) + delta);
  EXPECT_LT(relativeL2(got[2], p.expected[2]), tol.value); // the norm alone: pass

  Verdict v = compareOutputs(*p.c, p.initial, p.expected, got);
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.message.find("c[" + std::to_string(wrong) + "]"), std::string::npos)
      << v.message;
  EXPECT_NE(v.message.find("1 element(s) over the per-element bound"),
            std::string::npos)
      << v.message;
}

// Elements past the result (the sentinel tail a kernel must not write) have
// zero magnitude: a change of one ulp there fails, though the norm allows
// it.
TEST(CompareDot, ElementsTheKernelMustNotWriteMustComeBackExactly) {
  Prepared p = prepare("dot/fp16->fp16/64x64x64");
  ASSERT_NE(p.c, nullptr);
  std::vector<HostArray> got = deviceDot(p, Order::kForward, false);
  ASSERT_TRUE(compareOutputs(*p.c, p.initial, p.expected, got).ok);
  const size_t tail = 64 * 64 + 2;
  got[2].setF(tail, got[2].floatAt(tail) + ulp(Dt::F16, got[2].floatAt(tail)));
  EXPECT_LT(relativeL2(got[2], p.expected[2]), p.c->buffers[2].tolerance.value);
  Verdict v = compareOutputs(*p.c, p.initial, p.expected, got);
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.message.find("c[" + std::to_string(tail) + "]"), std::string::npos)
      << v.message;
}

TEST(CompareDot, ANanElementFails) {
  Prepared p = prepare("dot/bf16->fp32/50x40x70");
  ASSERT_NE(p.c, nullptr);
  std::vector<HostArray> got = deviceDot(p, Order::kForward, true);
  ASSERT_TRUE(compareOutputs(*p.c, p.initial, p.expected, got).ok);
  got[2].setF(123, NAN);
  EXPECT_FALSE(compareOutputs(*p.c, p.initial, p.expected, got).ok);
}

TEST(CompareDot, AnElementBoundWithoutMagnitudesIsADefectOfTheCase) {
  Case c = oneOutput(Dt::F32, 4, Tolerance::relNormBounded(1e-3, 1e-5));
  HostArray e(Dt::F64, 4), g(Dt::F32, 4);
  Verdict v = compareOutputs(c, {g}, {e}, {g});
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.message.find("computes no magnitudes"), std::string::npos) << v.message;
}

} // namespace
} // namespace tessel::conformance
