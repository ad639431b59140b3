// The lowering API: signatures, constexpr values, Triton's promotion rules,
// and every family of tl builtins producing IR that verifies.

#include "core/frontend/lowering/KernelLowering.h"

#include <set>

#include "core/frontend/lowering/DType.h"
#include "core/frontend/lowering/Signature.h"
#include "mlir/IR/Verifier.h"

#include <gtest/gtest.h>

namespace tessel::frontend {
namespace {

/// One compilation of a source string.
struct Compiled {
  SourceManager sources;
  DiagnosticEngine diags{sources};
  mlir::MLIRContext context;
  mlir::OwningOpRef<mlir::ModuleOp> module;

  Compiled(const std::string &src, const std::string &kernel, const std::string &signature,
           std::map<std::string, std::string> constexprs = {}) {
    KernelSpec spec{kernel, signature, std::move(constexprs)};
    module = compileKernelSource("t.py", src, sources, diags, context, spec);
  }
  /// Names of every op in the module ("tile.load", "scf.for", ...).
  std::multiset<std::string> ops() const {
    std::multiset<std::string> out;
    if (mlir::ModuleOp m = module.get())
      m->walk([&](mlir::Operation *op) { out.insert(op->getName().getStringRef().str()); });
    return out;
  }
  bool has(const std::string &op) const { return ops().count(op) > 0; }
};

const char *const kHeader = "import triton\nimport triton.language as tl\n";

TEST(Signature, ParsesTypesAndDivisibility) {
  std::string error;
  auto sig = parseSignature("*fp16:16, i32,fp32 ,*bf16,u8,i1", error);
  ASSERT_TRUE(sig.has_value()) << error;
  ASSERT_EQ(sig->size(), 6u);
  EXPECT_EQ((*sig)[0].type, DType::pointerTo(Scalar::F16));
  EXPECT_EQ((*sig)[0].divisibility, 16u);
  EXPECT_EQ((*sig)[1].type, DType::of(Scalar::I32));
  EXPECT_EQ((*sig)[1].divisibility, 0u);
  EXPECT_EQ((*sig)[3].type.name(), "*bf16");
  EXPECT_EQ((*sig)[4].type, DType::of(Scalar::U8));
  EXPECT_EQ((*sig)[5].type, DType::of(Scalar::I1));
}

TEST(Signature, RejectsUnknownTypesAndBadDivisibility) {
  std::string error;
  EXPECT_FALSE(parseSignature("*fp32,int33", error).has_value());
  EXPECT_NE(error.find("int33"), std::string::npos);
  EXPECT_FALSE(parseSignature("i32:x", error).has_value());
  EXPECT_FALSE(parseSignature("**fp32", error).has_value());
}

TEST(DTypes, NamesAndSpellings) {
  EXPECT_EQ(parseDType("float16"), DType::of(Scalar::F16));
  EXPECT_EQ(parseDType("fp8e4nv"), DType::of(Scalar::F8E4M3));
  EXPECT_EQ(dtypeForTlName("bfloat16"), DType::of(Scalar::BF16));
  EXPECT_FALSE(dtypeForTlName("float128").has_value());
  EXPECT_EQ(DType::pointerTo(Scalar::F32).name(), "*fp32");
  EXPECT_EQ(DType::of(Scalar::U32).name(), "u32");
}

TEST(DTypes, PromotionFollowsTriton) {
  auto P = [](Scalar a, Scalar b) { return promote(DType::of(a), DType::of(b)).scalar; };
  EXPECT_EQ(P(Scalar::I32, Scalar::F16), Scalar::F16);  // floats win
  EXPECT_EQ(P(Scalar::F16, Scalar::F32), Scalar::F32);  // the widest float
  EXPECT_EQ(P(Scalar::F16, Scalar::BF16), Scalar::F32); // fp16 with bf16
  EXPECT_EQ(P(Scalar::I8, Scalar::I64), Scalar::I64);   // the wider integer
  EXPECT_EQ(P(Scalar::I32, Scalar::U32), Scalar::U32);  // unsigned at equal width
  EXPECT_EQ(P(Scalar::I64, Scalar::U32), Scalar::I64);  // signed when wider
  EXPECT_EQ(P(Scalar::I1, Scalar::I32), Scalar::I32);
  EXPECT_EQ(P(Scalar::F8E5M2, Scalar::F16), Scalar::F16);
}

TEST(Constexprs, CommandLineValuesOfEveryKind) {
  std::string src = std::string(kHeader) +
                    "@triton.jit\n"
                    "def k(p, I: tl.constexpr, F: tl.constexpr, B: tl.constexpr, T: tl.constexpr,\n"
                    "      D: tl.constexpr = 8):\n"
                    "    tl.static_assert(I == 16)\n"
                    "    tl.static_assert(F == 0.5)\n"
                    "    tl.static_assert(B)\n"
                    "    tl.static_assert(D == 8)\n"
                    "    x = tl.zeros((I,), dtype=T)\n"
                    "    tl.store(p + tl.arange(0, I), x)\n";
  Compiled c(src, "k", "*fp16", {{"I", "0x10"}, {"F", "0.5"}, {"B", "True"}, {"T", "tl.float16"}});
  ASSERT_TRUE(c.module) << c.diags.renderAll();
  EXPECT_TRUE(c.has("tile.store"));
  Compiled d(src, "k", "*fp16", {{"I", "16"}, {"F", ".5"}, {"B", "true"}, {"T", "fp16"}, {"D", "8"}});
  EXPECT_TRUE(d.module) << d.diags.renderAll();
  Compiled bad(src, "k", "*fp16", {{"I", "16"}, {"F", "x.5"}, {"B", "True"}, {"T", "fp16"}});
  EXPECT_FALSE(bad.module);
  EXPECT_NE(bad.diags.renderAll().find("cannot use 'x.5'"), std::string::npos);
}

TEST(Constexprs, ModuleLevelConstantsAreVisibleAndHostCodeIsNot) {
  std::string src = std::string(kHeader) +
                    "import torch\n"
                    "BLOCK = 64\n"
                    "HALF: tl.constexpr = BLOCK // 2\n"
                    "DEVICE = torch.device('cuda')\n"
                    "@triton.jit\n"
                    "def k(p):\n"
                    "    tl.store(p + tl.arange(0, HALF), 1.0)\n"
                    "def launch(x):\n"
                    "    k[(1,)](x)\n";
  Compiled c(src, "k", "*fp32");
  ASSERT_TRUE(c.module) << c.diags.renderAll();
  Compiled host(src, "launch", "*fp32");
  EXPECT_FALSE(host.module);
  EXPECT_NE(host.diags.renderAll().find("'launch' is host code, not a kernel"), std::string::npos);
}

TEST(Lowering, ArgumentsCarryDivisibility) {
  Compiled c(std::string(kHeader) + "@triton.jit\ndef k(p, n):\n    tl.store(p, n)\n", "k",
             "*i32:16,i32:8");
  ASSERT_TRUE(c.module) << c.diags.renderAll();
  std::string text;
  llvm::raw_string_ostream os(text);
  c.module->print(os);
  EXPECT_NE(text.find("tile.divisibility = 16"), std::string::npos) << text;
  EXPECT_NE(text.find("tile.divisibility = 8"), std::string::npos) << text;
}

/// One builtin family: a kernel body and the ops its IR must contain.
struct Family {
  const char *name;
  const char *signature;
  const char *body; ///< lines of the kernel `k(a, b, n)`, indented by 4
  std::vector<const char *> ops;
};

class BuiltinFamily : public ::testing::TestWithParam<Family> {};

TEST_P(BuiltinFamily, ProducesVerifiedIR) {
  const Family &f = GetParam();
  std::string src = std::string(kHeader) +
                    "@triton.jit\n"
                    "def add_one(x):\n"
                    "    return x + 1\n"
                    "@triton.jit\n"
                    "def combine(x, y):\n"
                    "    return x + y\n"
                    "@triton.jit\n"
                    "def k(a, b, n):\n" +
                    f.body;
  Compiled c(src, "k", f.signature);
  ASSERT_TRUE(c.module) << f.name << ":\n" << c.diags.renderAll();
  EXPECT_FALSE(c.diags.hasErrors());
  EXPECT_TRUE(mlir::succeeded(mlir::verify(*c.module)));
  for (const char *op : f.ops) EXPECT_TRUE(c.has(op)) << f.name << " lacks " << op;
}

const Family kFamilies[] = {
    {"grid", "*i32,*i32,i32",
     "    tl.store(a, tl.program_id(0) + tl.num_programs(1) + tl.program_id(axis=2))\n",
     {"tile.program_id", "tile.num_programs", "tile.store"}},
    {"creation", "*fp32,*fp32,i32",
     "    offs = tl.arange(0, 16)\n"
     "    z = tl.zeros((16,), dtype=tl.float32) + tl.full((16,), 2.0, tl.float32)\n"
     "    z = z + tl.zeros_like(z) + tl.cdiv(n, 16)\n"
     "    m = tl.multiple_of(offs, 16)\n"
     "    tl.store(a + m, z)\n",
     {"tile.make_range", "arith.constant", "arith.divsi"}},
    {"assume", "*i32,*i32,i32",
     "    tl.assume(n > 0)\n"
     "    tl.assume(True)\n"
     "    tl.assume(tl.program_id(0) < n)\n"
     "    tl.store(a, n)\n",
     {"tile.program_id", "arith.cmpi", "tile.store"}},
    {"memory", "*fp32,*i32,i32",
     "    offs = tl.arange(0, 32)\n"
     "    m = offs < n\n"
     "    x = tl.load(a + offs, mask=m, other=0.0, cache_modifier='.cg')\n"
     "    tl.store(a + offs, x * 2, mask=m)\n"
     "    old = tl.atomic_add(b + offs, 1, mask=m)\n"
     "    prev = tl.atomic_cas(b, 0, 1)\n"
     "    tl.atomic_max(b + offs, old)\n",
     {"tile.load", "tile.store", "tile.atomic_rmw", "tile.atomic_cas"}},
    {"math", "*fp32,*fp32,i32",
     "    x = tl.load(a + tl.arange(0, 16))\n"
     "    y = tl.exp(x) + tl.log(x) + tl.sqrt(x) + tl.exp2(x) + tl.log2(x) + tl.rsqrt(x)\n"
     "    y = y + tl.sin(x) + tl.cos(x) + tl.abs(x) + tl.sigmoid(x) + tl.fma(x, x, x)\n"
     "    y = tl.where(x > 0, tl.maximum(x, y), tl.minimum(x, y))\n"
     "    y = tl.clamp(y, -1.0, 1.0) + tl.floor(x) + tl.ceil(x) + tl.erf(x) + tl.tanh(x)\n"
     "    y = y // 2 + y % 3 + tl.fdiv(x, y)\n"
     "    i = x.to(tl.int32) >> 1\n"
     "    tl.store(b + tl.arange(0, 16), y + i.to(tl.float32, bitcast=True))\n",
     {"math.exp", "math.log", "math.sqrt", "arith.select", "arith.maxnumf", "arith.fptosi",
      "arith.bitcast", "arith.shrsi"}},
    {"integers", "*i32,*u32,i32",
     "    x = tl.load(a + tl.arange(0, 16))\n"
     "    u = tl.load(b + tl.arange(0, 16))\n"
     "    y = (x // 3) + (x % 5) + (x << 2) + (x & 7) + (x | 1) + (x ^ n) + ~x\n"
     "    v = (u // 3) + (u % 5) + (u >> 1)\n"
     "    tl.store(a + tl.arange(0, 16), y)\n"
     "    tl.store(b + tl.arange(0, 16), v)\n",
     {"arith.divsi", "arith.remsi", "arith.divui", "arith.remui", "arith.shrui", "arith.xori"}},
    {"reductions", "*fp32,*i32,i32",
     "    x = tl.load(a + tl.arange(0, 16)[:, None] * 16 + tl.arange(0, 16)[None, :])\n"
     "    s = tl.sum(x, axis=1) + tl.max(x, axis=1) + tl.min(x, 1)\n"
     "    t = tl.sum(x) + tl.reduce(x, 0, combine).sum()\n"
     "    c = tl.cumsum(x, axis=0)\n"
     "    i = tl.argmax(s, axis=0)\n"
     "    tl.store(a + tl.arange(0, 16), s + t + tl.sum(c, 0))\n"
     "    tl.store(b, i)\n",
     {"tile.reduce", "tile.scan"}},
    {"small_int_sum", "*i8,*i32,i32",
     "    x = tl.load(a + tl.arange(0, 16))\n"
     "    tl.store(b, tl.sum(x, axis=0))\n",
     {"arith.extsi", "tile.reduce"}},
    {"shape", "*fp32,*fp32,i32",
     "    x = tl.load(a + tl.arange(0, 16)[:, None] * 8 + tl.arange(0, 8)[None, :])\n"
     "    t = tl.trans(x)\n"
     "    r = tl.reshape(t, (128,))\n"
     "    e = tl.expand_dims(r, 0)\n"
     "    w = tl.broadcast_to(e, (4, 128))\n"
     "    p = tl.permute(tl.reshape(w, (4, 16, 8)), (2, 0, 1))\n"
     "    tl.store(b + tl.arange(0, 128), tl.sum(tl.reshape(p, (4, 128)), axis=0))\n",
     {"tile.trans", "tile.reshape", "tile.expand_dims", "tile.broadcast"}},
    {"dot", "*fp16,*fp32,i32",
     "    offs = tl.arange(0, 32)[:, None] * 32 + tl.arange(0, 32)[None, :]\n"
     "    x = tl.load(a + offs)\n"
     "    acc = tl.dot(x, x)\n"
     "    acc = tl.dot(x, x, acc)\n"
     "    y = tl.dot(acc, acc, input_precision='ieee')\n"
     "    tl.store(b + offs, y)\n",
     {"tile.dot"}},
    {"control_flow", "*fp32,*fp32,i32",
     "    acc = tl.zeros((16,), dtype=tl.float32)\n"
     "    for i in range(0, n, 2):\n"
     "        acc += tl.load(a + i + tl.arange(0, 16))\n"
     "    for j in tl.static_range(3):\n"
     "        acc = add_one(acc)\n"
     "    if n > 4:\n"
     "        acc = acc * 2\n"
     "    else:\n"
     "        acc = acc - 1\n"
     "    while n > 0:\n"
     "        n = n - 1\n"
     "    tl.store(b + tl.arange(0, 16), acc)\n",
     {"scf.for", "scf.if", "scf.while"}},
    {"debug", "*fp32,*fp32,i32",
     "    tl.static_assert(16 > 8, 'constant')\n"
     "    tl.device_assert(n > 0, 'n must be positive')\n"
     "    tl.device_print('n = ', n)\n"
     "    tl.store(a, 1.0)\n",
     {"tile.assert", "tile.print"}},
};

INSTANTIATE_TEST_SUITE_P(Families, BuiltinFamily, ::testing::ValuesIn(kFamilies),
                         [](const ::testing::TestParamInfo<Family> &info) {
                           return std::string(info.param.name);
                         });

} // namespace
} // namespace tessel::frontend
