// Runs every program in test/bad/ through the frontend and checks that it
// reports exactly the diagnostics its `# expect-...` comments name (see
// Expectations.h). Adding a case is adding a file; nothing here lists them.

#include "core/frontend/Parser.h"
#include "core/frontend/test/Expectations.h"
#include "core/frontend/test/TestFiles.h"

#include <gtest/gtest.h>

#include <cctype>

namespace tessel::frontend::testing {
namespace {

const char *const kBadDir = "core/frontend/test/bad";

/// Every stage a bad program goes through. Only lexing and parsing exist
/// today; once semantic lowering exists it runs here too (when parsing
/// succeeded), so type and shape errors can join the same folder.
void runFrontend(const SourceManager &sources, uint32_t file, DiagnosticEngine &diags) {
  std::unique_ptr<Module> module = parseFile(sources, file, diags);
  (void)module;
}

std::vector<std::string> badPrograms() { return listFiles(workspacePath(kBadDir), ".py"); }

class BadProgram : public ::testing::TestWithParam<std::string> {};

TEST_P(BadProgram, ReportsExactlyTheExpectedDiagnostics) {
  bool ok = false;
  std::string text = readFile(GetParam(), ok);
  ASSERT_TRUE(ok) << "cannot read " << GetParam();

  std::vector<std::string> problems;
  std::vector<Expectation> expected = parseExpectations(text, problems);
  for (const std::string &p : problems) ADD_FAILURE() << GetParam() << ": " << p;
  ASSERT_FALSE(expected.empty()) << GetParam() << " states no '# expect-error: L:C: text' comment";

  SourceManager sources;
  uint32_t file = sources.addFile(GetParam(), text);
  DiagnosticEngine diags(sources);
  runFrontend(sources, file, diags);
  for (const std::string &p : matchExpectations(expected, diags)) ADD_FAILURE() << GetParam() << ": " << p;
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
// (then the parameterized suite above would simply have no cases).
TEST(BadProgramsFolder, HoldsTheParseLevelSuite) { EXPECT_GE(badPrograms().size(), 25u); }

} // namespace
} // namespace tessel::frontend::testing
