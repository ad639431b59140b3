// Runs every program in test/bad/ through the frontend and checks that it
// reports exactly the diagnostics its `# expect-...` comments name (see
// Expectations.h). Adding a case is adding a file; nothing here lists them.
//
// A program that should get past the parser names the specialization to
// lower in header comments, and then runs through lowering too:
//
//   # kernel: add_kernel
//   # signature: *fp32,*fp32,i32
//   # define: BLOCK=128          (one per line, or several separated by commas)

#include "core/frontend/Parser.h"
#include "core/frontend/lowering/KernelLowering.h"
#include "core/frontend/test/Expectations.h"
#include "core/frontend/test/TestFiles.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <cctype>
#include <optional>
#include <sstream>

namespace tessel::frontend::testing {
namespace {

const char *const kBadDir = "core/frontend/test/bad";

std::string trimmed(std::string s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
  size_t b = 0;
  while (b < s.size() && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  return s.substr(b);
}

/// The specialization a program's header comments ask for, if any.
std::optional<KernelSpec> parseSpec(const std::string &text, std::vector<std::string> &problems) {
  std::optional<KernelSpec> spec;
  std::istringstream in(text);
  std::string line;
  auto header = [&](const std::string &key, std::string &value) {
    std::string prefix = "# " + key + ":";
    if (line.rfind(prefix, 0) != 0) return false;
    value = trimmed(line.substr(prefix.size()));
    if (!spec) spec = KernelSpec{};
    return true;
  };
  while (std::getline(in, line)) {
    std::string value;
    if (header("kernel", value)) {
      spec->kernel = value;
    } else if (header("signature", value)) {
      spec->signature = value;
    } else if (header("define", value)) {
      std::istringstream defs(value);
      std::string def;
      while (std::getline(defs, def, ',')) {
        def = trimmed(def);
        size_t eq = def.find('=');
        if (eq == std::string::npos || eq == 0) {
          problems.push_back("malformed '# define:' entry '" + def + "', want NAME=VALUE");
          continue;
        }
        spec->constexprs[def.substr(0, eq)] = def.substr(eq + 1);
      }
    }
  }
  if (spec && spec->kernel.empty()) problems.push_back("'# signature:' or '# define:' without '# kernel:'");
  return spec;
}

/// Every stage a bad program goes through: lexing and parsing, then, when the
/// program names a kernel and parsing succeeded, lowering to tile IR.
void runFrontend(const SourceManager &sources, uint32_t file, DiagnosticEngine &diags,
                 const std::optional<KernelSpec> &spec) {
  std::unique_ptr<Module> module = parseFile(sources, file, diags);
  if (!spec || diags.hasErrors()) return;
  mlir::MLIRContext context;
  // The frontend reports to `diags`; nothing may reach MLIR's own handler.
  context.printOpOnDiagnostic(false);
  mlir::OwningOpRef<mlir::ModuleOp> ir = lowerKernel(*module, sources, diags, context, *spec);
  if (ir && diags.hasErrors()) ADD_FAILURE() << "lowering returned IR despite reporting errors";
}

std::vector<std::string> badPrograms() { return listFiles(workspacePath(kBadDir), ".py"); }

class BadProgram : public ::testing::TestWithParam<std::string> {};

TEST_P(BadProgram, ReportsExactlyTheExpectedDiagnostics) {
  bool ok = false;
  std::string text = readFile(GetParam(), ok);
  ASSERT_TRUE(ok) << "cannot read " << GetParam();

  std::vector<std::string> problems;
  std::vector<Expectation> expected = parseExpectations(text, problems);
  std::optional<KernelSpec> spec = parseSpec(text, problems);
  for (const std::string &p : problems) ADD_FAILURE() << GetParam() << ": " << p;
  ASSERT_FALSE(expected.empty()) << GetParam() << " states no '# expect-error: L:C: text' comment";

  SourceManager sources;
  uint32_t file = sources.addFile(GetParam(), text);
  DiagnosticEngine diags(sources);
  runFrontend(sources, file, diags, spec);
  for (const std::string &p : matchExpectations(expected, diags)) ADD_FAILURE() << GetParam() << ": " << p;
  // A user error is never the compiler's fault, whatever else was expected.
  for (const Diagnostic &d : diags.diagnostics())
    if (d.message.find("internal compiler error") != std::string::npos)
      ADD_FAILURE() << GetParam() << ": a user error was reported as an internal error: " << d.message;
  if (HasFailure()) std::cerr << "reported:\n" << diags.renderAll();
}

std::string testName(const ::testing::TestParamInfo<std::string> &info) {
  std::string name = info.param.substr(info.param.find_last_of('/') + 1);
  name = name.substr(0, name.size() - 3); // drop ".py"
  for (char &c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(BadPrograms, BadProgram, ::testing::ValuesIn(badPrograms()), testName);

// Guards against the folder silently going missing from the test's data
// (then the parameterized suite above would simply have no cases), and
// against the semantic half of the suite shrinking unnoticed.
TEST(BadProgramsFolder, HoldsTheParseAndSemanticSuites) {
  size_t semantic = 0;
  for (const std::string &path : badPrograms()) {
    bool ok = false;
    std::string text = readFile(path, ok);
    std::vector<std::string> ignored;
    if (ok && parseSpec(text, ignored)) ++semantic;
  }
  EXPECT_GE(badPrograms().size() - semantic, 45u);
  EXPECT_GE(semantic, 40u);
}

TEST(BadProgramSpec, ReadsKernelSignatureAndDefines) {
  std::vector<std::string> problems;
  std::optional<KernelSpec> spec =
      parseSpec("# kernel: k\n# signature: *fp32, i32\n# define: A=1, B=fp16\n# define: C=2\n", problems);
  ASSERT_TRUE(spec.has_value());
  EXPECT_TRUE(problems.empty());
  EXPECT_EQ(spec->kernel, "k");
  EXPECT_EQ(spec->signature, "*fp32, i32");
  EXPECT_EQ(spec->constexprs.size(), 3u);
  EXPECT_EQ(spec->constexprs["B"], "fp16");
  EXPECT_FALSE(parseSpec("# expect-error: 1:1: x\n", problems).has_value());
  parseSpec("# define: NOVALUE\n", problems);
  EXPECT_EQ(problems.size(), 2u); // malformed define, and no kernel named
}

} // namespace
} // namespace tessel::frontend::testing
