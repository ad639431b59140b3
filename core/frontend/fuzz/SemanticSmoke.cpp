// A bounded, deterministic stand-in for libFuzzer that Bazel can build with
// its own toolchain: every seed file goes through the whole frontend, then
// mutants of it (bytes deleted, duplicated or replaced by tokens of the
// language, from a fixed seed). Any crash, trap or internal-error diagnostic
// fails the test. Usage: semantic_smoke SEED_DIR... [--mutants N]

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/frontend/fuzz/SemanticFuzzInput.h"

namespace {

const char *const kTokens[] = {
    "tl.arange(0, 16)",
    "tl.zeros((16, 16), dtype=tl.float16)",
    "[:, None]",
    "[None, :]",
    "tl.load(",
    "tl.store(",
    "mask=",
    "other=0.0",
    "tl.dot(",
    "tl.sum(",
    ", axis=1",
    "for i in range(",
    "if ",
    "while ",
    ":\n        ",
    "\n    ",
    "return ",
    "0",
    "-1",
    "1e30",
    "True",
    "None",
    "//",
    "%",
    "<<",
    "**",
    ".to(tl.int8)",
    ".to(tl.float64)",
    "tl.reshape(",
    "tl.trans(",
    "tl.where(",
    "tl.max(",
    "tl.cumsum(",
    "tl.program_id(1)",
    "(",
    ")",
    ",",
    "=",
    "+=",
    "BLOCK",
    "tl.constexpr",
};

void run(const std::string &text) {
  tessel::frontend::fuzz::runSemanticInput(
      reinterpret_cast<const uint8_t *>(text.data()), text.size());
}

std::string mutate(const std::string &seed, std::mt19937 &rng) {
  std::string s = seed;
  int edits = 1 + static_cast<int>(rng() % 4);
  for (int e = 0; e < edits && !s.empty(); ++e) {
    size_t at = rng() % s.size();
    switch (rng() % 4) {
    case 0:
      s.erase(at, 1 + rng() % 8);
      break;
    case 1:
      s.insert(at, s.substr(rng() % s.size(), 1 + rng() % 16));
      break;
    case 2:
      s.insert(at, kTokens[rng() % (sizeof(kTokens) / sizeof(kTokens[0]))]);
      break;
    default:
      s[at] = "0123456789+-*/()[],:.<>=&|^ \n"[rng() % 29];
      break;
    }
  }
  return s;
}

} // namespace

int main(int argc, char **argv) {
  std::vector<std::string> seeds;
  int mutants = 200;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--mutants") == 0 && i + 1 < argc) {
      mutants = std::atoi(argv[++i]);
      continue;
    }
    std::error_code ec;
    for (const auto &entry : std::filesystem::directory_iterator(argv[i], ec)) {
      if (entry.path().extension() != ".py")
        continue;
      std::ifstream in(entry.path(), std::ios::binary);
      std::stringstream ss;
      ss << in.rdbuf();
      seeds.push_back(ss.str());
    }
  }
  if (seeds.empty()) {
    std::fprintf(stderr, "semantic_smoke: no seed files\n");
    return 1;
  }
  std::mt19937 rng(20240611);
  size_t runs = 0;
  for (const std::string &seed : seeds) {
    run(seed);
    ++runs;
    for (int m = 0; m < mutants; ++m, ++runs)
      run(mutate(seed, rng));
  }
  std::printf("semantic smoke run: %zu inputs from %zu seeds, no crash\n", runs,
              seeds.size());
  return 0;
}
