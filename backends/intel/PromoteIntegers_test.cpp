//===- PromoteIntegers_test.cpp -------------------------------------------===//
//
// Each function is run by LLVM's interpreter before and after the
// promotion, on inputs that exercise the bits above the odd width
// (wrap-around, negative values): the results must be the same.
//
//===----------------------------------------------------------------------===//

#include "backends/intel/PromoteIntegers.h"

#include <gtest/gtest.h>

#include "llvm/AsmParser/Parser.h"
#include "llvm/ExecutionEngine/ExecutionEngine.h"
#include "llvm/ExecutionEngine/GenericValue.h"
#include "llvm/ExecutionEngine/Interpreter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

namespace tessel::intel {
namespace {

// Closed-form loop exit values (what IndVarSimplify writes), wrap-around at
// the odd width, signed reads of an odd value, and a loop-carried odd phi.
constexpr const char *kSource = R"(
define i32 @triangle(i32 %n) {
  %z = zext i32 %n to i33
  %m = add i33 %z, -1
  %p = mul i33 %z, %m
  %h = lshr i33 %p, 1
  %t = trunc i33 %h to i32
  ret i32 %t
}
define i32 @wrap(i32 %a, i32 %b) {
  %x = zext i32 %a to i35
  %y = sext i32 %b to i35
  %s = mul i35 %x, %y
  %d = sub i35 %s, 12345
  %sh = ashr i35 %d, 3
  %q = sdiv i35 %sh, 7
  %lt = icmp slt i35 %q, 0
  %e = sext i35 %q to i64
  %lo = trunc i64 %e to i32
  %r = select i1 %lt, i32 %lo, i32 -1
  ret i32 %r
}
define i32 @loop(i32 %n) {
entry:
  br label %body
body:
  %i = phi i32 [ 0, %entry ], [ %next, %body ]
  %acc = phi i40 [ 1, %entry ], [ %acc2, %body ]
  %wide = zext i32 %i to i40
  %acc1 = mul i40 %acc, 3
  %acc2 = add i40 %acc1, %wide
  %next = add i32 %i, 1
  %done = icmp eq i32 %next, %n
  br i1 %done, label %exit, label %body
exit:
  %hi = lshr i40 %acc2, 8
  %r = trunc i40 %hi to i32
  ret i32 %r
}
)";

std::unique_ptr<llvm::Module> parse(llvm::LLVMContext &ctx) {
  llvm::SMDiagnostic error;
  std::unique_ptr<llvm::Module> m = llvm::parseAssemblyString(kSource, error, ctx);
  EXPECT_TRUE(m) << error.getMessage().str();
  return m;
}

/// Runs `name` of a module of kSource on `args`, after promotion if asked.
std::vector<int64_t> run(bool promote, const char *name,
                         const std::vector<std::vector<int32_t>> &inputs) {
  LLVMLinkInInterpreter();
  auto ctx = std::make_unique<llvm::LLVMContext>();
  std::unique_ptr<llvm::Module> m = parse(*ctx);
  if (!m)
    return {};
  if (promote) {
    EXPECT_EQ(promoteOddIntegers(*m), "");
    std::string problems;
    llvm::raw_string_ostream os(problems);
    EXPECT_FALSE(llvm::verifyModule(*m, &os)) << problems;
    for (llvm::Function &f : *m)
      for (llvm::BasicBlock &bb : f)
        for (llvm::Instruction &inst : bb) {
          llvm::Type *t = inst.getType();
          if (t->isIntegerTy())
            EXPECT_TRUE(t->isIntegerTy(1) || t->isIntegerTy(8) || t->isIntegerTy(16) ||
                        t->isIntegerTy(32) || t->isIntegerTy(64));
        }
  }
  llvm::Module *raw = m.get();
  std::string error;
  std::unique_ptr<llvm::ExecutionEngine> engine(
      llvm::EngineBuilder(std::move(m))
          .setEngineKind(llvm::EngineKind::Interpreter)
          .setErrorStr(&error)
          .create());
  EXPECT_TRUE(engine) << error;
  if (!engine)
    return {};
  std::vector<int64_t> results;
  for (const std::vector<int32_t> &in : inputs) {
    std::vector<llvm::GenericValue> args(in.size());
    for (size_t i = 0; i < in.size(); ++i)
      args[i].IntVal = llvm::APInt(32, uint64_t(uint32_t(in[i])));
    llvm::GenericValue r = engine->runFunction(raw->getFunction(name), args);
    results.push_back(r.IntVal.getSExtValue());
  }
  return results;
}

TEST(PromoteIntegersTest, ClosedFormExitValueKeepsItsValue) {
  const std::vector<std::vector<int32_t>> inputs = {{0},     {1},  {7},
                                                    {65536}, {-1}, {123456789}};
  EXPECT_EQ(run(true, "triangle", inputs), run(false, "triangle", inputs));
}

TEST(PromoteIntegersTest, WrapAroundAndSignedReadsKeepTheirValue) {
  const std::vector<std::vector<int32_t>> inputs = {
      {0, 0},       {3, -5},        {-1, -1}, {2000000000, 2000000000},
      {-7, 123456}, {65536, -65536}};
  EXPECT_EQ(run(true, "wrap", inputs), run(false, "wrap", inputs));
}

TEST(PromoteIntegersTest, LoopCarriedOddValueKeepsItsValue) {
  const std::vector<std::vector<int32_t>> inputs = {{1}, {5}, {30}, {100}};
  EXPECT_EQ(run(true, "loop", inputs), run(false, "loop", inputs));
}

TEST(PromoteIntegersTest, WhatItCannotRewriteIsNamed) {
  llvm::LLVMContext ctx;
  llvm::SMDiagnostic error;
  auto m = llvm::parseAssemblyString(R"(
define i64 @wide(i64 %a, i64 %b) {
  %x = zext i64 %a to i128
  %y = zext i64 %b to i128
  %p = mul i128 %x, %y
  %t = trunc i128 %p to i64
  ret i64 %t
}
)",
                                     error, ctx);
  ASSERT_TRUE(m);
  EXPECT_NE(promoteOddIntegers(*m).find("zext i64 %a to i128"), std::string::npos);
}

} // namespace
} // namespace tessel::intel
