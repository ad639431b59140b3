//===- KernelFuzzer.cpp - Generative and mutational frontend fuzzer -------===//
//
// Feeds kernel programs through parse + lower + verify in this process and
// checks them with the oracle of FuzzOracle.h. Inputs come from three
// sources, in this order: every file of the corpus directories (replayed
// first), programs from the structure-aware generator, and byte-level
// mutants of both. Crashes and sanitizer reports save the input that caused
// them before the process dies; an input that runs past the time limit is
// saved and reported as a hang.
//
// Usage: kernel_fuzzer [--seconds N] [--runs N] [--seed S] [--corpus DIR]...
//          [--save-failures DIR] [--save-interesting DIR] [--mode MODE]
//          [--timeout-ms MS] [--ill-typed PCT] [--known-defects]
//          [--generate SEED] [--replay FILE]...
//
//===----------------------------------------------------------------------===//

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "core/frontend/fuzz/FuzzOracle.h"
#include "core/frontend/fuzz/ProgramGenerator.h"
#include "mlir/IR/MLIRContext.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/common_interface_defs.h>
#define TESSEL_FUZZ_SANITIZED 1
#endif

#ifdef TESSEL_FUZZ_SANITIZED
/// LLVM's BumpPtrAllocator poisons the unused part of its slabs when the
/// code that inlines it is built with AddressSanitizer. Our instrumented code
/// and the uninstrumented libMLIR share the allocators of one MLIRContext,
/// and libMLIR's copies never unpoison what they hand out, so a context used
/// for many inputs reports use-after-poison inside MLIR's own uniquing.
/// Manual poisoning is therefore ignored; every other check stays on.
extern "C" const char *__asan_default_options() { return "allow_user_poisoning=0"; }
#endif

namespace fs = std::filesystem;
using namespace tessel::frontend::fuzz;

namespace {

const char kUsage[] =
    "usage: kernel_fuzzer [options]\n"
    "  --seconds N          stop after N seconds (default 10; 0: no limit)\n"
    "  --runs N             stop after N executions (default 0: no limit)\n"
    "  --seed S             first generator seed (default 1); input i uses S+i\n"
    "  --corpus DIR         replay DIR/*.py first, then mutate them (repeatable)\n"
    "  --save-failures DIR  write each failing input to DIR (default: none); an\n"
    "                       input that killed the process is DIR/last-input.py\n"
    "  --save-interesting DIR  write generated inputs with a new outcome to DIR\n"
    "  --mode gen|mutate|mixed  input source after the corpus (default mixed)\n"
    "  --timeout-ms MS      per-input time limit, a hang past it (default 10000)\n"
    "  --ill-typed PCT      percent of builtin calls with wrong arguments (6)\n"
    "  --known-defects      also generate shapes with open defects\n"
    "  --generate SEED      print the program of SEED and exit\n"
    "  --replay FILE        check FILE only (repeatable), then exit\n"
    "  --stats              print how often each kind of rejection occurred\n";

// ---- Failure capture ------------------------------------------------------
// The input being checked, and where to write it if the process dies. Set
// before each input; read by signal handlers, the sanitizer death callback
// and the watchdog.

std::mutex currentMutex;
std::string currentInput;
std::string currentName;
std::string failureDir;
std::atomic<int64_t> inputStartMs{-1};
int64_t timeoutMs = 10000;

int64_t nowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// Async-signal-safe enough: open/write/close only.
void writeCurrent(const char *why) {
  const char *msg = "kernel_fuzzer: input that failed: ";
  (void)!::write(2, msg, std::strlen(msg));
  (void)!::write(2, currentName.data(), currentName.size());
  (void)!::write(2, " (", 2);
  (void)!::write(2, why, std::strlen(why));
  (void)!::write(2, ")\n", 2);
  if (failureDir.empty())
    return;
  std::string path = failureDir + "/" + why + "-" + currentName;
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return;
  (void)!::write(fd, currentInput.data(), currentInput.size());
  ::close(fd);
  (void)!::write(2, "kernel_fuzzer: saved ", 21);
  (void)!::write(2, path.data(), path.size());
  (void)!::write(2, "\n", 1);
}

#ifdef TESSEL_FUZZ_SANITIZED
void onSanitizerDeath() { writeCurrent("crash"); }
#else
void onSignal(int sig) {
  writeCurrent("crash");
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}
#endif

void installCrashHandlers() {
#ifdef TESSEL_FUZZ_SANITIZED
  // The sanitizers' own handlers print the report; ours only saves the input.
  __sanitizer_set_death_callback(onSanitizerDeath);
#else
  for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT})
    ::signal(sig, onSignal);
#endif
}

void watchdog() {
  for (;;) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    int64_t start = inputStartMs.load();
    if (start < 0 || nowMs() - start <= timeoutMs)
      continue;
    std::lock_guard<std::mutex> lock(currentMutex);
    if (inputStartMs.load() != start)
      continue;
    std::fprintf(stderr, "kernel_fuzzer: hang: an input ran for more than %lld ms\n",
                 static_cast<long long>(timeoutMs));
    writeCurrent("hang");
    std::_Exit(3);
  }
}

/// Sanitizer reports that end the process without running the death
/// callback (UBSan's) still leave the input behind: with --save-failures,
/// each input is written to DIR/last-input.py before it runs, and the file
/// is removed when the run ends normally.
void keepLastInput(const std::string &text) {
  if (failureDir.empty())
    return;
  std::ofstream(failureDir + "/last-input.py", std::ios::binary | std::ios::trunc)
      << text;
}

void dropLastInput() {
  if (failureDir.empty())
    return;
  std::error_code ec;
  std::filesystem::remove(failureDir + "/last-input.py", ec);
}

// ---- Inputs ---------------------------------------------------------------

struct CorpusFile {
  std::string name;
  std::string text;
};

std::string readFile(const fs::path &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<CorpusFile> readCorpus(const std::vector<std::string> &dirs) {
  std::vector<CorpusFile> files;
  for (const std::string &dir : dirs) {
    std::vector<fs::path> paths;
    std::error_code ec;
    for (const auto &entry : fs::directory_iterator(dir, ec))
      if (entry.path().extension() == ".py")
        paths.push_back(entry.path());
    if (ec)
      std::fprintf(stderr, "kernel_fuzzer: cannot read corpus %s: %s\n", dir.c_str(),
                   ec.message().c_str());
    std::sort(paths.begin(), paths.end()); // a stable order, for replays
    for (const fs::path &p : paths)
      files.push_back({p.filename().string(), readFile(p)});
  }
  return files;
}

const char *const kTokens[] = {"tl.arange(0, BLOCK)",
                               "tl.zeros((BLOCK, BLOCK), dtype=tl.float16)",
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
                               "for j in tl.static_range(2):",
                               "if ",
                               "elif ",
                               "else:",
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
                               "helper_0(",
                               "@triton.jit\n",
                               "def ",
                               "tl.static_assert(",
                               "tl.multiple_of(",
                               "\\\n",
                               "#",
                               "\"",
                               "'''",
                               "\t",
                               "é"};

class Mutator {
public:
  explicit Mutator(uint64_t seed) : state(seed * 0x2545f4914f6cdd1dULL + 1) {}
  uint64_t next() {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  }
  size_t below(size_t n) { return n == 0 ? 0 : next() % n; }

  /// Byte-level edits after the first line (which may hold the spec header).
  std::string mutate(const std::string &input) {
    std::string s = input;
    size_t body = s.rfind("# tessel-fuzz:", 0) == 0 ? s.find('\n') + 1 : 0;
    if (body > s.size())
      body = s.size();
    int edits = 1 + static_cast<int>(below(6));
    for (int e = 0; e < edits; ++e) {
      size_t span = s.size() - body;
      size_t at = body + below(span + 1);
      switch (below(7)) {
      case 0:
        if (at < s.size())
          s.erase(at, 1 + below(8));
        break;
      case 1:
        if (span > 0) {
          size_t from = body + below(span);
          s.insert(at, s.substr(from, 1 + below(32)));
        }
        break;
      case 2:
        s.insert(at, kTokens[below(sizeof(kTokens) / sizeof(kTokens[0]))]);
        break;
      case 3:
        if (at < s.size())
          s[at] = "0123456789+-*/()[],:.<>=&|^ \n"[below(29)];
        break;
      case 4:
        if (at < s.size())
          s[at] = static_cast<char>(next());
        break;
      case 5: { // duplicate a whole line: deeper nesting, repeated statements
        size_t lineStart = s.rfind('\n', at == 0 ? 0 : at - 1);
        lineStart = lineStart == std::string::npos ? body : lineStart + 1;
        size_t lineEnd = s.find('\n', at);
        if (lineEnd != std::string::npos && lineStart >= body)
          s.insert(lineStart, s.substr(lineStart, lineEnd + 1 - lineStart));
        break;
      }
      default: // change indentation
        if (at < s.size() && s[at] == ' ')
          s.insert(at, below(2) ? "    " : " ");
        break;
      }
    }
    return s;
  }

private:
  uint64_t state;
};

// ---- The loop -------------------------------------------------------------

struct Options {
  double seconds = 10;
  uint64_t runs = 0;
  uint64_t seed = 1;
  std::vector<std::string> corpus;
  std::string saveInteresting;
  std::string mode = "mixed";
  GeneratorOptions generator;
  std::vector<std::string> replay;
  bool printOnly = false;
  bool stats = false;
  uint64_t printSeed = 0;
};

class Fuzzer {
public:
  explicit Fuzzer(const Options &options) : opts(options) {}

  /// Checks one input; returns false on an oracle failure.
  bool runOne(const std::string &name, const std::string &text) {
    {
      std::lock_guard<std::mutex> lock(currentMutex);
      currentName = name;
      currentInput = text;
      inputStartMs = nowMs();
    }
    keepLastInput(text);
    if (!context || ++sinceContext > 2000) {
      // A fresh context now and then bounds what uniquing accumulates.
      context = makeFuzzContext();
      sinceContext = 0;
    }
    OracleResult result = checkProgram(text, *context);
    {
      std::lock_guard<std::mutex> lock(currentMutex);
      inputStartMs = -1;
    }
    ++executions;
    result.accepted ? ++accepted : ++rejected;
    ++outcomeCounts[result.accepted ? "(accepted)" : result.outcome];
    if (!opts.replay.empty())
      std::printf("%s: %s\n", name.c_str(),
                  result.accepted ? "accepted"
                                  : ("rejected: " + result.outcome).c_str());
    if (!result.failure.empty()) {
      ++failures;
      std::fprintf(stderr, "kernel_fuzzer: FAILURE on %s: %s\n", name.c_str(),
                   result.failure.c_str());
      writeCurrent("failure");
      return false;
    }
    if (!opts.saveInteresting.empty() && name.rfind("gen-", 0) == 0) {
      std::string outcome = result.accepted ? "(accepted)" : result.outcome;
      if (outcomes.insert(outcome).second) {
        std::ofstream(opts.saveInteresting + "/" + name, std::ios::binary) << text;
      }
    }
    return true;
  }

  int run() {
    auto start = std::chrono::steady_clock::now();
    auto outOfTime = [&] {
      if (opts.runs != 0 && executions >= opts.runs)
        return true;
      if (opts.seconds <= 0)
        return false;
      std::chrono::duration<double> spent = std::chrono::steady_clock::now() - start;
      return spent.count() >= opts.seconds;
    };
    std::vector<CorpusFile> corpus = readCorpus(opts.corpus);
    for (const CorpusFile &f : corpus)
      runOne("corpus-" + f.name, f.text);
    std::printf("kernel_fuzzer: replayed %zu corpus files\n", corpus.size());
    std::fflush(stdout);
    for (uint64_t i = 0; !outOfTime(); ++i) {
      uint64_t seed = opts.seed + i;
      std::string mode = opts.mode;
      if (mode == "mixed")
        mode = (i % 4 == 3) ? "mutate" : "gen";
      if (mode == "gen") {
        GeneratedProgram p = generateProgram(seed, opts.generator);
        runOne("gen-" + std::to_string(seed) + ".py", p.text);
        continue;
      }
      Mutator m(seed);
      std::string base;
      if (!corpus.empty() && m.below(2) == 0)
        base = corpus[m.below(corpus.size())].text;
      else
        base = generateProgram(seed, opts.generator).text;
      runOne("mut-" + std::to_string(seed) + ".py", m.mutate(base));
    }
    std::chrono::duration<double> spent = std::chrono::steady_clock::now() - start;
    std::printf("kernel_fuzzer: %llu executions in %.1f s (%llu accepted, %llu "
                "rejected), %llu failures\n",
                static_cast<unsigned long long>(executions), spent.count(),
                static_cast<unsigned long long>(accepted),
                static_cast<unsigned long long>(rejected),
                static_cast<unsigned long long>(failures));
    if (opts.stats) {
      std::vector<std::pair<uint64_t, std::string>> sorted;
      for (const auto &[outcome, n] : outcomeCounts)
        sorted.push_back({n, outcome});
      std::sort(sorted.rbegin(), sorted.rend());
      for (size_t i = 0; i < sorted.size() && i < 40; ++i)
        std::printf("%8llu  %s\n", static_cast<unsigned long long>(sorted[i].first),
                    sorted[i].second.c_str());
    }
    return failures == 0 ? 0 : 1;
  }

  uint64_t failureCount() const { return failures; }

private:
  Options opts;
  std::unique_ptr<mlir::MLIRContext> context;
  int sinceContext = 0;
  std::set<std::string> outcomes;
  std::map<std::string, uint64_t> outcomeCounts;
  uint64_t executions = 0, accepted = 0, rejected = 0, failures = 0;
};

bool parseArgs(int argc, char **argv, Options &o) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> const char * {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "kernel_fuzzer: %s needs a value\n%s", a.c_str(), kUsage);
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--seconds")
      o.seconds = std::atof(value());
    else if (a == "--runs")
      o.runs = std::strtoull(value(), nullptr, 10);
    else if (a == "--seed")
      o.seed = std::strtoull(value(), nullptr, 10);
    else if (a == "--corpus")
      o.corpus.push_back(value());
    else if (a == "--save-failures")
      failureDir = value();
    else if (a == "--save-interesting")
      o.saveInteresting = value();
    else if (a == "--mode")
      o.mode = value();
    else if (a == "--timeout-ms")
      timeoutMs = std::atoll(value());
    else if (a == "--ill-typed")
      o.generator.illTypedPercent = std::atoi(value());
    else if (a == "--known-defects")
      o.generator.knownDefects = true;
    else if (a == "--generate")
      o.printOnly = true, o.printSeed = std::strtoull(value(), nullptr, 10);
    else if (a == "--replay")
      o.replay.push_back(value());
    else if (a == "--stats")
      o.stats = true;
    else if (a == "--help" || a == "-h") {
      std::printf("%s", kUsage);
      std::exit(0);
    } else {
      std::fprintf(stderr, "kernel_fuzzer: unknown option '%s'\n%s", a.c_str(), kUsage);
      return false;
    }
  }
  if (o.mode != "gen" && o.mode != "mutate" && o.mode != "mixed") {
    std::fprintf(stderr, "kernel_fuzzer: --mode must be gen, mutate or mixed\n");
    return false;
  }
  return true;
}

} // namespace

int main(int argc, char **argv) {
  Options opts;
  if (!parseArgs(argc, argv, opts))
    return 2;
  if (opts.printOnly) {
    std::printf("%s", generateProgram(opts.printSeed, opts.generator).text.c_str());
    return 0;
  }
  if (!failureDir.empty()) {
    std::error_code ec;
    fs::create_directories(failureDir, ec);
  }
  if (!opts.saveInteresting.empty()) {
    std::error_code ec;
    fs::create_directories(opts.saveInteresting, ec);
  }
  installCrashHandlers();
  std::thread(watchdog).detach();
  Fuzzer fuzzer(opts);
  if (!opts.replay.empty()) {
    for (const std::string &path : opts.replay)
      fuzzer.runOne(fs::path(path).filename().string(), readFile(path));
    dropLastInput();
    std::printf("kernel_fuzzer: %zu replayed, %llu failures\n", opts.replay.size(),
                static_cast<unsigned long long>(fuzzer.failureCount()));
    return fuzzer.failureCount() == 0 ? 0 : 1;
  }
  int status = fuzzer.run();
  dropLastInput();
  return status;
}
