//===- ProgramGenerator.h - Random kernel programs --------------*- C++ -*-===//
//
// A structure-aware generator of kernel-language programs for fuzzing the
// frontend: chains of @jit helpers that return values, nested control flow
// on constants and on runtime values, constexpr parameters, and calls of the
// `tl` builtins with well-typed and (on purpose) ill-typed arguments.
//
// Generation is deterministic: the same seed and options give the same
// program on every platform (the generator uses its own integer mixing, not
// the standard library's distributions).
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_FRONTEND_FUZZ_PROGRAMGENERATOR_H
#define TESSEL_CORE_FRONTEND_FUZZ_PROGRAMGENERATOR_H

#include <cstdint>
#include <map>
#include <string>

namespace tessel::frontend::fuzz {

/// A generated file with the specialization to compile it for.
struct GeneratedProgram {
  std::string text;
  std::string kernel;
  std::string signature;
  std::map<std::string, std::string> constexprs;
};

struct GeneratorOptions {
  /// Longest chain of helpers calling helpers.
  int maxHelperDepth = 12;
  /// Deepest nesting of if/for/while blocks.
  int maxBlockDepth = 3;
  /// Percentage of builtin calls given wrong arguments (arity, dtype, shape,
  /// a runtime value where a constant is required, unknown keywords) in half
  /// of the programs; the other half are well typed.
  int illTypedPercent = 6;
  /// Also generate shapes the frontend is known to mishandle today (a
  /// helper's return expression calling another helper or a tl.reduce
  /// combiner). Off by default so that a bounded run reports new defects
  /// only.
  bool knownDefects = false;
};

/// Writes the specialization into a first-line comment,
/// `# tessel-fuzz: kernel=K signature=S NAME=VALUE ...`, so that a saved
/// program replays with the specialization it was generated for.
std::string specHeader(const GeneratedProgram &program);

/// Reads a header written by specHeader() from `text` into `program`
/// (kernel, signature, constexprs; the text is not copied). False when the
/// first line is not such a header.
bool parseSpecHeader(const std::string &text, GeneratedProgram &program);

/// Generates one program from `seed`; the text starts with specHeader().
GeneratedProgram generateProgram(uint64_t seed, const GeneratorOptions &options = {});

} // namespace tessel::frontend::fuzz

#endif // TESSEL_CORE_FRONTEND_FUZZ_PROGRAMGENERATOR_H
