//===- LowerBFloat_test.cpp -----------------------------------------------===//

#include "backends/intel/LowerBFloat.h"

#include <gtest/gtest.h>

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

namespace tessel::intel {
namespace {

std::unique_ptr<llvm::Module> parse(llvm::LLVMContext &ctx, const char *text) {
  llvm::SMDiagnostic error;
  std::unique_ptr<llvm::Module> m = llvm::parseAssemblyString(text, error, ctx);
  EXPECT_TRUE(m) << error.getMessage().str();
  return m;
}

std::string print(const llvm::Module &m) {
  std::string text;
  llvm::raw_string_ostream os(text);
  m.print(os, nullptr);
  return text;
}

TEST(LowerBFloatTest, EveryKindOfUseBecomesI16AndTheModuleVerifies) {
  llvm::LLVMContext ctx;
  auto m = parse(ctx, R"(
define void @k(ptr addrspace(1) %p, ptr addrspace(1) %q, i1 %c, double %d, i32 %i) {
entry:
  %a = load bfloat, ptr addrspace(1) %p
  %g = getelementptr bfloat, ptr addrspace(1) %p, i64 1
  %b = load <2 x bfloat>, ptr addrspace(1) %g
  %e = extractelement <2 x bfloat> %b, i32 1
  %s = fadd bfloat %a, %e
  %n = fneg bfloat %s
  %m = call bfloat @llvm.maxnum.bf16(bfloat %n, bfloat 1.0)
  %x = select i1 %c, bfloat %m, bfloat 0xR7FC0
  %lt = fcmp olt bfloat %x, %a
  %w = fpext bfloat %x to float
  %t = fptrunc float %w to bfloat
  %td = fptrunc double %d to bfloat
  %ti = sitofp i32 %i to bfloat
  %fi = fptosi bfloat %ti to i32
  %v = insertelement <2 x bfloat> %b, bfloat %td, i32 0
  %sh = shufflevector <2 x bfloat> %v, <2 x bfloat> poison, <2 x i32> <i32 1, i32 0>
  %r = select i1 %lt, bfloat %t, bfloat %ti
  store bfloat %r, ptr addrspace(1) %q
  store <2 x bfloat> %sh, ptr addrspace(1) %g
  store i32 %fi, ptr addrspace(1) %q
  br label %loop
loop:
  %phi = phi bfloat [ 0xR3F80, %entry ], [ %phi, %loop ]
  br i1 %c, label %loop, label %exit
exit:
  store bfloat %phi, ptr addrspace(1) %p
  ret void
}
declare bfloat @llvm.maxnum.bf16(bfloat, bfloat)
)");
  ASSERT_TRUE(m);
  EXPECT_EQ(lowerBFloatToI16(*m), "");
  std::string text = print(*m);
  EXPECT_EQ(text.find("bfloat"), std::string::npos) << text;
  std::string problems;
  llvm::raw_string_ostream os(problems);
  EXPECT_FALSE(llvm::verifyModule(*m, &os)) << problems << "\n" << text;
  // The arithmetic moved to f32, the bf16 constants kept their bits.
  EXPECT_NE(text.find("fadd float"), std::string::npos) << text;
  EXPECT_NE(text.find("@llvm.maxnum.f32"), std::string::npos) << text;
  EXPECT_NE(text.find("phi i16 [ 16256,"), std::string::npos) << text; // 0xR3F80 = 1.0
  EXPECT_NE(text.find("i16 32704"), std::string::npos) << text;        // 0xR7FC0 = NaN
  EXPECT_EQ(text.find("@llvm.maxnum.bf16"), std::string::npos) << text;
}

TEST(LowerBFloatTest, ModulesWithoutBFloatAreUntouched) {
  llvm::LLVMContext ctx;
  const char *source = R"(
define float @f(float %a, half %h) {
  %e = fpext half %h to float
  %s = fadd float %a, %e
  ret float %s
}
)";
  auto m = parse(ctx, source);
  ASSERT_TRUE(m);
  std::string before = print(*m);
  EXPECT_EQ(lowerBFloatToI16(*m), "");
  EXPECT_EQ(print(*m), before);
}

TEST(LowerBFloatTest, AKernelTakesTheBitsOfABFloatScalar) {
  llvm::LLVMContext ctx;
  auto m = parse(ctx, R"(
define spir_kernel void @fill(ptr addrspace(1) %out, bfloat %value, i32 %n) !reqd_work_group_size !0 {
  %w = fpext bfloat %value to float
  %x = fadd float %w, 1.0
  %y = fptrunc float %x to bfloat
  store bfloat %y, ptr addrspace(1) %out
  ret void
}
!0 = !{i32 64, i32 1, i32 1}
)");
  ASSERT_TRUE(m);
  EXPECT_EQ(lowerBFloatToI16(*m), "");
  std::string text = print(*m);
  EXPECT_EQ(text.find("bfloat"), std::string::npos) << text;
  EXPECT_NE(
      text.find("define spir_kernel void @fill(ptr addrspace(1) %out, i16 %value, "
                "i32 %n) !reqd_work_group_size"),
      std::string::npos)
      << text;
  EXPECT_FALSE(llvm::verifyModule(*m, &llvm::errs())) << text;
}

TEST(LowerBFloatTest, WhatOpenClCannotHoldIsNamed) {
  llvm::LLVMContext ctx;
  auto param = parse(ctx, R"(
define bfloat @f(bfloat %x) { ret bfloat %x }
define void @g(bfloat %x) {
  %y = call bfloat @f(bfloat %x)
  ret void
}
)");
  ASSERT_TRUE(param);
  EXPECT_NE(lowerBFloatToI16(*param).find("'f' with a bf16 parameter"),
            std::string::npos);
  auto atomic = parse(ctx, R"(
define void @g(ptr addrspace(1) %p) {
  %old = atomicrmw fadd ptr addrspace(1) %p, bfloat 1.0 seq_cst
  ret void
}
)");
  ASSERT_TRUE(atomic);
  EXPECT_EQ(lowerBFloatToI16(*atomic), "a bf16 atomic operation");
}

} // namespace
} // namespace tessel::intel
