//===- RunOptions_test.cpp - Tests of the tessel run command line ---------===//

#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "tools/tessel/RunOptions.h"
#include "tools/tessel/ScalarValue.h"

namespace tessel::cli {
namespace {

bool parse(std::vector<std::string> args, RunOptions &options, std::string &error) {
  return parseRunOptions(args, options, error);
}

TEST(RunOptions, ParsesAFullCommandLine) {
  RunOptions o;
  std::string error;
  ASSERT_TRUE(
      parse({"k.py::add",  "--signature", "*fp32,i32", "-D",          "BLOCK=64",
             "-DX=1",      "--grid",      "4,2",       "--arg",       "x_ptr=x.npy",
             "--arg",      "n=10",        "--out",     "x_ptr=o.npy", "--target",
             "cpu:x86-64", "--plugin",    "p.so",      "--time",      "5"},
            o, error))
      << error;
  EXPECT_EQ(o.file, "k.py");
  EXPECT_EQ(o.kernel, "add");
  EXPECT_EQ(o.signature, "*fp32,i32");
  EXPECT_EQ(o.constexprs.at("BLOCK"), "64");
  EXPECT_EQ(o.constexprs.at("X"), "1");
  EXPECT_EQ(o.grid, (std::array<uint32_t, 3>{4, 2, 1}));
  ASSERT_EQ(o.args.size(), 2u);
  EXPECT_EQ(o.args[1].second, "10");
  EXPECT_EQ(o.outs[0].second, "o.npy");
  EXPECT_EQ(o.target, "cpu:x86-64");
  EXPECT_EQ(o.pluginPaths, std::vector<std::string>{"p.so"});
  EXPECT_EQ(o.timeRuns, 5);
}

TEST(RunOptions, UsageErrorsSayWhatIsWrong) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--grid", "1"}, "expected FILE.py::KERNEL"},
      {{"k.py", "--grid", "1"}, "expected FILE.py::KERNEL, got 'k.py'"},
      {{"k.py::a"}, "--grid X[,Y,Z] is required"},
      {{"k.py::a", "--grid", "0"}, "each dimension from 1"},
      {{"k.py::a", "--grid", "1,2,3,4"}, "at most three"},
      {{"k.py::a", "--grid", "2x"}, "--grid expects"},
      {{"k.py::a", "--grid", "1", "--arg", "x"}, "--arg expects NAME=VALUE, got 'x'"},
      {{"k.py::a", "--grid", "1", "--arg", "x=1", "--arg", "x=2"},
       "--arg x is given twice"},
      {{"k.py::a", "--grid", "1", "--out", "x=o.txt"}, "must name a .npy file"},
      {{"k.py::a", "--grid"}, "--grid needs a value"},
      {{"k.py::a", "--frobnicate"}, "unknown option '--frobnicate'"},
      {{"k.py::a", "k.py::b"}, "unexpected argument 'k.py::b'"},
      {{"k.py::a", "--grid", "1", "--time", "0"}, "--time N expects"},
  };
  for (const auto &[args, needle] : cases) {
    RunOptions o;
    std::string error;
    EXPECT_FALSE(parse(args, o, error)) << needle;
    EXPECT_NE(error.find(needle), std::string::npos) << "got: " << error;
  }
}

uint64_t bits(const std::string &text, int32_t dtype) {
  auto v = encodeScalar(text, dtype);
  EXPECT_TRUE(v.ok()) << text << ": " << v.status().message();
  return v.ok() ? *v : ~0ull;
}

std::string error(const std::string &text, int32_t dtype) {
  auto v = encodeScalar(text, dtype);
  EXPECT_FALSE(v.ok()) << text << " was accepted";
  return v.ok() ? "" : v.status().message();
}

TEST(ScalarValue, IntegersInRange) {
  EXPECT_EQ(bits("42", TESSEL_DTYPE_I32), 42u);
  EXPECT_EQ(bits("-1", TESSEL_DTYPE_I32), 0xffffffffu);
  EXPECT_EQ(bits("-128", TESSEL_DTYPE_I8), 0x80u);
  EXPECT_EQ(bits("0x10", TESSEL_DTYPE_U16), 16u);
  EXPECT_EQ(bits("18446744073709551615", TESSEL_DTYPE_U64), ~0ull);
  EXPECT_EQ(bits("-9223372036854775808", TESSEL_DTYPE_I64), 0x8000000000000000ull);
  EXPECT_EQ(bits("True", TESSEL_DTYPE_I1), 1u);
  EXPECT_EQ(bits("0", TESSEL_DTYPE_I1), 0u);
}

TEST(ScalarValue, IntegersThatDoNotFit) {
  EXPECT_EQ(error("2147483648", TESSEL_DTYPE_I32),
            "2147483648 does not fit in i32 (-2147483648 to 2147483647)");
  EXPECT_EQ(error("-129", TESSEL_DTYPE_I8), "-129 does not fit in i8 (-128 to 127)");
  EXPECT_EQ(error("256", TESSEL_DTYPE_U8), "256 does not fit in u8 (0 to 255)");
  EXPECT_EQ(error("-1", TESSEL_DTYPE_U32), "-1 does not fit in u32 (0 to 4294967295)");
  EXPECT_NE(error("18446744073709551616", TESSEL_DTYPE_U64).find("does not fit"),
            std::string::npos);
  EXPECT_NE(error("1.5", TESSEL_DTYPE_I32).find("is not an integer"),
            std::string::npos);
  EXPECT_NE(error("", TESSEL_DTYPE_I32).find("is not an integer"), std::string::npos);
  EXPECT_NE(error("2", TESSEL_DTYPE_I1).find("not a boolean"), std::string::npos);
}

TEST(ScalarValue, Floats) {
  float f = 0.1f;
  uint32_t fbits;
  std::memcpy(&fbits, &f, 4);
  EXPECT_EQ(bits("0.1", TESSEL_DTYPE_FP32), fbits);
  double d = 1e-5;
  uint64_t dbits;
  std::memcpy(&dbits, &d, 8);
  EXPECT_EQ(bits("1e-5", TESSEL_DTYPE_FP64), dbits);
  EXPECT_EQ(bits("1.0", TESSEL_DTYPE_FP16), 0x3c00u);
  EXPECT_EQ(bits("-2", TESSEL_DTYPE_FP16), 0xc000u);
  EXPECT_EQ(bits("65504", TESSEL_DTYPE_FP16), 0x7bffu);
  EXPECT_EQ(bits("5.960464477539063e-08", TESSEL_DTYPE_FP16),
            0x0001u); // smallest subnormal
  EXPECT_EQ(bits("1.0", TESSEL_DTYPE_BF16), 0x3f80u);
  EXPECT_EQ(bits("inf", TESSEL_DTYPE_FP32), 0x7f800000u);
  EXPECT_NE(error("65520", TESSEL_DTYPE_FP16).find("does not fit in fp16"),
            std::string::npos);
  EXPECT_NE(error("1e39", TESSEL_DTYPE_FP32).find("does not fit in fp32"),
            std::string::npos);
  EXPECT_NE(error("1e400", TESSEL_DTYPE_FP64).find("does not fit in fp64"),
            std::string::npos);
  EXPECT_NE(error("x", TESSEL_DTYPE_FP32).find("is not a number"), std::string::npos);
  EXPECT_NE(error("1", TESSEL_DTYPE_FP8E4M3).find("cannot be given"),
            std::string::npos);
}

TEST(ScalarValue, HalfRoundsToNearestEven) {
  // 1 + 2^-11 is halfway between 1 and 1 + 2^-10: ties to even (1.0).
  EXPECT_EQ(floatToHalfBits(1.0f + 0x1p-11f), 0x3c00u);
  EXPECT_EQ(floatToHalfBits(1.0f + 3 * 0x1p-11f), 0x3c02u);
  EXPECT_EQ(floatToBfloat16Bits(1.0f + 0x1p-8f), 0x3f80u);
  EXPECT_EQ(floatToBfloat16Bits(1.0f + 3 * 0x1p-8f), 0x3f82u);
}

} // namespace
} // namespace tessel::cli
