//===- CompileStages_test.cpp - Kept stages through the kit ---------------===//
//
// The kit's compile, artifact_inspect and compiler_get_info over a
// stand-in backend that runs a pass pipeline of its own and keeps one stage:
// what the stages request asks reaches the backend, the pass dump records
// the backend's passes, and the artifact hands the stages back.
//
//===----------------------------------------------------------------------===//

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "plugins/common/CompilerBackend.h"
#include "plugins/common/PluginAbiTesting.h"
#include "tessel/plugin.hpp"
#include "llvm/Support/raw_ostream.h"

namespace tessel::kit {
namespace {

/// What the last compile() saw.
bool lastKeepStages = false;

class StandInBackend : public CompilerBackend {
public:
  const char *getName() const override { return "standin"; }
  const std::vector<TargetDescription> &getTargets() const override {
    static const std::vector<TargetDescription> targets = {{"t0", "test", {}}};
    return targets;
  }
  const char *getArtifactFormat() const override { return "blob"; }
  void registerDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<mlir::arith::ArithDialect, mlir::math::MathDialect,
                    mlir::scf::SCFDialect>();
  }
  std::string checkOption(const Tessel_Key_Value &) const override { return ""; }
  bool compile(const CompileInput &input, CompiledBinary &out,
               BackendError &) const override {
    lastKeepStages = input.keepStages;
    // A pipeline with a nested pass manager, as real backends have.
    mlir::PassManager pm(input.module->getContext());
    pm.addPass(mlir::createCanonicalizerPass());
    pm.addNestedPass<mlir::func::FuncOp>(mlir::createCSEPass());
    if (mlir::failed(pm.run(input.module)))
      return false;
    out.bytes = "binary";
    if (input.keepStages) {
      std::string text;
      llvm::raw_string_ostream os(text);
      input.module->print(os);
      out.stages.push_back(KeptStage{"final", ".final.mlir", text});
    }
    return true;
  }
  std::string validate(const std::string &, const uint8_t *, size_t,
                       const Tessel_Kernel_Metadata *) const override {
    return "";
  }
  TuningHeuristics getTuningHeuristics(const std::string &) const override {
    return {};
  }
  std::vector<std::string> getStageNames() const override { return {"final"}; }
};

} // namespace

std::unique_ptr<CompilerBackend> createCompilerBackend() {
  return std::make_unique<StandInBackend>();
}

namespace {

struct Compiled {
  std::string error;
  std::vector<std::string> names, suffixes, texts;
  bool stagesPointerNull = true;
};

class CompileStagesTest : public ::testing::Test {
protected:
  void SetUp() override {
    api = sdk::MakeApi(TESSEL_PLUGIN_HALF_COMPILER, nullptr);
    fillCompilerHalf(api);
    ir = abitest::readTileBytecode("examples/tile-ir/vector_add.mlir");
  }

  /// Compiles add_kernel with `chain` as the request's extensions and reads
  /// the stages back.
  Compiled compile(void *chain) {
    Compiled result;
    Tessel_Target target = sdk::Init<Tessel_Target>();
    target.arch = "t0";
    Tessel_Compile_Args args = abitest::makeCompileArgs(target, ir, "add_kernel");
    args.extension_start = chain;
    result.error = message(api.compile(&args));
    if (!result.error.empty())
      return result;
    auto stages = Tessel_Artifact_Stages{};
    stages.base = {Tessel_Artifact_Stages_STRUCT_SIZE, TESSEL_EXTENSION_ARTIFACT_STAGES,
                   0, nullptr};
    // An extension this kit does not know comes first: it is skipped.
    Tessel_Extension unknown = {sizeof(Tessel_Extension), 9999, 0, &stages.base};
    auto inspect = sdk::Init<Tessel_Artifact_Inspect_Args>();
    inspect.artifact = args.artifact;
    inspect.extension_start = &unknown;
    result.error = message(api.artifact_inspect(&inspect));
    EXPECT_EQ(std::string(reinterpret_cast<const char *>(inspect.bytes), inspect.size),
              "binary");
    result.stagesPointerNull = stages.stages == nullptr;
    for (size_t i = 0; i < stages.num_stages; ++i) {
      result.names.push_back(stages.stages[i].name);
      result.suffixes.push_back(stages.stages[i].file_suffix);
      result.texts.push_back(
          std::string(reinterpret_cast<const char *>(stages.stages[i].data),
                      stages.stages[i].size));
    }
    auto destroy = sdk::Init<Tessel_Artifact_Destroy_Args>();
    destroy.artifact = args.artifact;
    EXPECT_EQ(message(api.artifact_destroy(&destroy)), "");
    return result;
  }

  std::string message(Tessel_Error *error) {
    if (error == nullptr)
      return "";
    auto inspect = sdk::Init<Tessel_Error_Inspect_Args>();
    inspect.error = error;
    api.error_inspect(&inspect);
    std::string text(inspect.message, inspect.message_size);
    auto destroy = sdk::Init<Tessel_Error_Destroy_Args>();
    destroy.error = error;
    api.error_destroy(&destroy);
    return text.empty() ? "(error)" : text;
  }

  static Tessel_Compile_Stages_Request request(uint32_t flags) {
    Tessel_Compile_Stages_Request r{};
    r.base = {Tessel_Compile_Stages_Request_STRUCT_SIZE,
              TESSEL_EXTENSION_COMPILE_STAGES, 0, nullptr};
    r.flags = flags;
    return r;
  }

  Tessel_Plugin_Api api;
  std::string ir;
};

TEST_F(CompileStagesTest, InfoListsTheBackendsStagesAndPasses) {
  auto args = sdk::Init<Tessel_Compiler_Get_Info_Args>();
  ASSERT_EQ(message(api.compiler_get_info(&args)), "");
  ASSERT_EQ(args.info->num_stages, 2u);
  EXPECT_STREQ(args.info->stages[0], "final");
  EXPECT_STREQ(args.info->stages[1], "passes");
}

TEST_F(CompileStagesTest, NoRequestKeepsNothing) {
  Compiled c = compile(nullptr);
  ASSERT_EQ(c.error, "");
  EXPECT_FALSE(lastKeepStages);
  EXPECT_TRUE(c.names.empty());
  EXPECT_TRUE(c.stagesPointerNull);
}

TEST_F(CompileStagesTest, KeepReachesTheBackendAndComesBack) {
  Tessel_Compile_Stages_Request r = request(TESSEL_STAGES_KEEP);
  Compiled c = compile(&r);
  ASSERT_EQ(c.error, "");
  EXPECT_TRUE(lastKeepStages);
  ASSERT_EQ(c.names, std::vector<std::string>{"final"});
  EXPECT_EQ(c.suffixes[0], ".final.mlir");
  EXPECT_NE(c.texts[0].find("func.func @add_kernel"), std::string::npos);
}

TEST_F(CompileStagesTest, PassesRecordsEachPassOfTheBackend) {
  Tessel_Compile_Stages_Request r = request(TESSEL_STAGES_PASSES);
  Compiled c = compile(&r);
  ASSERT_EQ(c.error, "");
  // Passes alone does not ask the backend for its own stages.
  EXPECT_FALSE(lastKeepStages);
  ASSERT_EQ(c.names, std::vector<std::string>{"passes"});
  EXPECT_EQ(c.suffixes[0], ".passes.mlir");
  const std::string &dump = c.texts[0];
  size_t canonicalize =
      dump.find("// -----// IR Dump After canonicalize (builtin.module) //----- //\n");
  size_t cse = dump.find("// -----// IR Dump After cse (func.func) //----- //\n");
  ASSERT_NE(canonicalize, std::string::npos) << dump;
  ASSERT_NE(cse, std::string::npos) << dump;
  EXPECT_LT(canonicalize, cse);
  // One dump per pass: the adaptor running the nested manager is not one.
  size_t headers = 0;
  for (size_t at = dump.find("IR Dump After"); at != std::string::npos;
       at = dump.find("IR Dump After", at + 1))
    ++headers;
  EXPECT_EQ(headers, 2u) << dump;
  EXPECT_NE(dump.find("tile.store", cse), std::string::npos);
}

TEST_F(CompileStagesTest, BothFlagsAfterAnUnknownExtension) {
  Tessel_Compile_Stages_Request r = request(TESSEL_STAGES_KEEP | TESSEL_STAGES_PASSES);
  Tessel_Extension unknown = {sizeof(Tessel_Extension), 4242, 0, &r.base};
  Compiled c = compile(&unknown);
  ASSERT_EQ(c.error, "");
  EXPECT_EQ(c.names, (std::vector<std::string>{"final", "passes"}));
}

TEST_F(CompileStagesTest, ShortRequestIsIgnored) {
  Tessel_Compile_Stages_Request r = request(TESSEL_STAGES_KEEP);
  r.base.struct_size = sizeof(Tessel_Extension);
  Compiled c = compile(&r);
  ASSERT_EQ(c.error, "");
  EXPECT_FALSE(lastKeepStages);
  EXPECT_TRUE(c.names.empty());
}

} // namespace
} // namespace tessel::kit
