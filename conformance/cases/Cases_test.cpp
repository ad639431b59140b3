//===- Cases_test.cpp - Checks of the suite itself ------------------------===//
//
// Checks of the suite itself: exactly the cases expected_counts.txt pins
// (so that a family cannot go missing unnoticed), each well formed, its
// kernel present, its inputs never all zero, its reference runnable.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "conformance/cases/KernelSources.h"
#include "conformance/cases/Registry.h"

namespace tessel::conformance {
namespace {

// The facts of scope "suite" of conformance/tests/expected_counts.txt, the
// one reviewed place that pins the suite's size (its format is described
// at its top).
std::map<std::string, size_t> suiteExpectations(std::string *path) {
  const char *srcdir = std::getenv("TEST_SRCDIR");
  const char *workspace = std::getenv("TEST_WORKSPACE");
  *path = std::string(srcdir != nullptr ? srcdir : ".") + "/" +
          (workspace != nullptr ? workspace : "tessel") +
          "/conformance/tests/expected_counts.txt";
  std::ifstream in(*path);
  std::map<std::string, size_t> facts;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line.substr(0, line.find('#')));
    std::string scope, key, value;
    if (words >> scope >> key >> value && scope == "suite")
      facts[key] = std::stoul(value);
  }
  return facts;
}

TEST(Cases, ExactlyTheExpectedCasesWithUniqueIds) {
  std::string path;
  const std::map<std::string, size_t> expected = suiteExpectations(&path);
  ASSERT_TRUE(expected.count("cases") && expected.count("compile_fail"))
      << "read " << path;
  EXPECT_EQ(allCases().size(), expected.at("cases"))
      << "cases were added or removed: update " << path << " (docs/conformance.md)";
  EXPECT_EQ(compileFailCases().size(), expected.at("compile_fail"));
  // Per category: a family that loses or gains cases names itself.
  std::map<std::string, size_t> categories;
  for (const Case &c : allCases())
    ++categories[c.id.substr(0, c.id.find('/'))];
  for (const auto &[category, n] : categories) {
    auto it = expected.find("category/" + category);
    if (it == expected.end()) {
      ADD_FAILURE() << "category '" << category << "' (" << n << " cases) is not in "
                    << path;
      continue;
    }
    EXPECT_EQ(n, it->second) << "category " << category;
  }
  for (const auto &[key, n] : expected) {
    if (key.rfind("category/", 0) == 0) {
      EXPECT_TRUE(categories.count(key.substr(9)))
          << key << " (" << n << " cases) is missing";
    }
  }
  std::set<std::string> ids;
  for (const Case &c : allCases())
    EXPECT_TRUE(ids.insert(c.id).second) << c.id;
  for (const CompileFailCase &c : compileFailCases())
    EXPECT_TRUE(ids.insert(c.id).second) << c.id;
}

TEST(Cases, EveryCategoryOfTheSuiteIsPresent) {
  std::set<std::string> categories;
  for (const Case &c : allCases())
    categories.insert(c.id.substr(0, c.id.find('/')));
  for (const char *want :
       {"memory", "dtype", "cast", "arith", "compare", "math", "reduce", "scan", "dot",
        "control", "atomic", "grid", "descriptor", "kernel"})
    EXPECT_TRUE(categories.count(want)) << want;
  std::set<Dt> dtypes;
  for (const Case &c : allCases())
    for (const BufferSpec &b : c.buffers)
      dtypes.insert(b.dt);
  for (Dt dt : allDtypes())
    EXPECT_TRUE(dtypes.count(dt)) << dtName(dt);
}

TEST(Cases, WellFormed) {
  const std::regex idSyntax("[a-z0-9_./=>x,+-]+");
  for (const Case &c : allCases()) {
    SCOPED_TRACE(c.id);
    EXPECT_TRUE(std::regex_match(c.id, idSyntax));
    const std::string *src = kernelSource("kernels/" + c.source);
    ASSERT_NE(src, nullptr) << c.source;
    EXPECT_NE(src->find("def " + c.kernel + "("), std::string::npos);
    EXPECT_TRUE(c.reference) << "no reference";
    EXPECT_EQ(c.seed, seedOf(c.id));
    bool anyOutput = false;
    for (const BufferSpec &b : c.buffers)
      anyOutput = anyOutput || b.isOutput;
    EXPECT_TRUE(anyOutput);
    for (const BufferSpec &b : c.buffers) {
      if (b.dt == Dt::F64) {
        EXPECT_NE(std::find(c.capabilities.begin(), c.capabilities.end(), "fp64"),
                  c.capabilities.end());
      }
    }
    for (uint32_t g : c.grid)
      EXPECT_GE(g, 1u);
  }
}

TEST(Cases, InputsAreNeverAllZeroAndReferencesRun) {
  for (const Case &c : allCases()) {
    SCOPED_TRACE(c.id);
    std::vector<HostArray> initial = generateBuffers(c);
    for (size_t b = 0; b < initial.size(); ++b) {
      bool nonZero = false;
      for (size_t i = 0; i < initial[b].size() && !nonZero; ++i)
        nonZero = initial[b].bitsAt(i) != 0;
      EXPECT_TRUE(nonZero) << c.buffers[b].name;
    }
    std::vector<HostArray> expected = initialExpectation(c, initial);
    c.reference(initial, expected);
    // A reference that changes nothing would pass a kernel that does nothing.
    bool changed = false;
    for (size_t b = 0; b < initial.size(); ++b) {
      if (!c.buffers[b].isOutput)
        continue;
      for (size_t i = 0; i < initial[b].size() && !changed; ++i)
        changed =
            expected[b].floatAt(i) != initial[b].floatAt(i) &&
            !(std::isnan(expected[b].floatAt(i)) && std::isnan(initial[b].floatAt(i)));
    }
    EXPECT_TRUE(changed);
  }
}

TEST(Cases, GenerationIsDeterministic) {
  const Case &c = allCases().front();
  std::vector<HostArray> a = generateBuffers(c), b = generateBuffers(c);
  for (size_t i = 0; i < a.size(); ++i)
    EXPECT_EQ(a[i].bytes(), b[i].bytes());
  EXPECT_EQ(seedOf(""), 0xcbf29ce484222325ull);
}

// An output judged per element (Tolerance::relNormBounded) needs the
// magnitudes of its terms: each at least the reference's absolute value
// (|sum t| <= sum |t|), and not all zero.
TEST(Cases, BoundedOutputsHaveSoundMagnitudes) {
  int bounded = 0;
  for (const Case &c : allCases()) {
    std::vector<HostArray> initial, expected, magnitudes;
    for (size_t b = 0; b < c.buffers.size(); ++b) {
      if (!c.buffers[b].isOutput || !c.buffers[b].tolerance.hasElementBound())
        continue;
      SCOPED_TRACE(c.id);
      ++bounded;
      ASSERT_TRUE(c.magnitude) << "no magnitude function";
      if (initial.empty()) {
        initial = generateBuffers(c);
        expected = initialExpectation(c, initial);
        c.reference(initial, expected);
        magnitudes = initialMagnitudes(c);
        c.magnitude(initial, magnitudes);
      }
      size_t nonZero = 0;
      for (size_t i = 0; i < magnitudes[b].size(); ++i) {
        const double m = magnitudes[b].floatAt(i);
        EXPECT_GE(m, 0) << c.buffers[b].name << "[" << i << "]";
        if (m == 0)
          continue;
        ++nonZero;
        EXPECT_GE(m * (1 + 1e-12), std::fabs(expected[b].floatAt(i)))
            << c.buffers[b].name << "[" << i << "]";
      }
      EXPECT_GT(nonZero, 0u);
    }
  }
  EXPECT_GT(bounded, 0);
}

TEST(CompileFail, HeadersParse) {
  for (const CompileFailCase &c : compileFailCases()) {
    EXPECT_FALSE(c.kernel.empty()) << c.id;
    EXPECT_FALSE(c.expectedMessage.empty()) << c.id;
  }
  EXPECT_THROW(
      parseCompileFailHeader("compile_fail/x.py", "# conformance: compile-fail\n"),
      std::logic_error);
  CompileFailCase c = parseCompileFailHeader(
      "compile_fail/y.py", "# conformance: compile-fail\n# kernel: k\n# constexpr: "
                           "B=4\n# expect-error: 7: oops\n");
  EXPECT_EQ(c.id, "compile_fail/y");
  EXPECT_EQ(c.expectedLine, 7);
  EXPECT_EQ(c.expectedMessage, "oops");
  ASSERT_EQ(c.constexprs.size(), 1u);
  EXPECT_EQ(c.constexprs[0].second, "4");
}

} // namespace
} // namespace tessel::conformance
