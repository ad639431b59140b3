//===- ProgramGenerator_test.cpp - The kernel program generator -----------===//

#include "core/frontend/fuzz/ProgramGenerator.h"

#include <set>

#include "core/frontend/fuzz/FuzzOracle.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

namespace tessel::frontend::fuzz {
namespace {

TEST(ProgramGenerator, SameSeedSameProgram) {
  for (uint64_t seed : {1u, 2u, 77u, 123456u})
    EXPECT_EQ(generateProgram(seed).text, generateProgram(seed).text);
  EXPECT_NE(generateProgram(1).text, generateProgram(2).text);
}

TEST(ProgramGenerator, HeaderRoundTrips) {
  GeneratedProgram p = generateProgram(5);
  GeneratedProgram back;
  ASSERT_TRUE(parseSpecHeader(p.text, back));
  EXPECT_EQ(back.kernel, p.kernel);
  EXPECT_EQ(back.signature, p.signature);
  EXPECT_EQ(back.constexprs, p.constexprs);
  EXPECT_FALSE(parseSpecHeader("import triton\n", back));
}

TEST(ProgramGenerator, BuildsHelperChains) {
  bool deep = false;
  for (uint64_t seed = 1; seed < 200 && !deep; ++seed)
    deep = generateProgram(seed).text.find("def helper_11(") != std::string::npos;
  EXPECT_TRUE(deep) << "no chain of 12 helpers in 200 seeds";
}

// Most well-typed programs must get through lowering: a generator whose
// programs the frontend rejects early would test little beyond the parser.
TEST(ProgramGenerator, WellTypedProgramsAreMostlyAccepted) {
  GeneratorOptions options;
  options.illTypedPercent = 0;
  std::unique_ptr<mlir::MLIRContext> context = makeFuzzContext();
  int accepted = 0, total = 60;
  std::set<std::string> failures;
  for (int seed = 1; seed <= total; ++seed) {
    OracleResult r = checkProgram(generateProgram(seed, options).text, *context);
    EXPECT_EQ(r.failure, "") << "seed " << seed;
    accepted += r.accepted;
    if (!r.accepted)
      failures.insert(r.outcome);
  }
  std::string kinds;
  for (const std::string &f : failures)
    kinds += "\n  " + f;
  EXPECT_GE(accepted, total / 3) << "rejections:" << kinds;
}

// The oracle itself must be able to fail.
TEST(FuzzOracle, FlagsAcceptedAndRejectedCorrectly) {
  std::unique_ptr<mlir::MLIRContext> context = makeFuzzContext();
  OracleResult good = checkProgram("# tessel-fuzz: kernel=k signature=*fp32\n"
                                   "import triton\nimport triton.language as tl\n"
                                   "@triton.jit\ndef k(p):\n"
                                   "    tl.store(p, 1.0)\n",
                                   *context);
  EXPECT_EQ(good.failure, "");
  EXPECT_TRUE(good.accepted);
  OracleResult bad = checkProgram("# tessel-fuzz: kernel=k signature=*fp32\n"
                                  "import triton\nimport triton.language as tl\n"
                                  "@triton.jit\ndef k(p):\n"
                                  "    tl.store(p, tl.arange(0, 3))\n",
                                  *context);
  EXPECT_EQ(bad.failure, "");
  EXPECT_FALSE(bad.accepted);
  EXPECT_NE(bad.outcome, "");
}

} // namespace
} // namespace tessel::frontend::fuzz
