//===- ElfObject.h - Structural checks of ELF artifacts -----------*- C++ -*-===//
//
// One check of the ELF64 objects plugins make and load (x86-64 shared
// objects, cubins, relocatable objects), without loading them and without
// LLVM: used by validate_artifact (compile-only conformance) and before
// module_load, so a wrong or truncated artifact is a clear error rather than
// a loader's failure. Every offset is bounds-checked: the bytes are
// untrusted.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PLUGINS_COMMON_ELFOBJECT_H
#define TESSEL_PLUGINS_COMMON_ELFOBJECT_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace tessel::kit {

/// What a plugin's artifacts are: an ELF64 little-endian file for one
/// machine, with the entry in one kind of symbol table.
struct ElfObjectKind {
  /// The required e_machine (EM_X86_64, EM_CUDA, ...).
  uint16_t machine;
  /// What the artifact is called in messages: "x86-64 object", "cubin".
  const char *name;
  /// The required e_type (ET_DYN, ET_REL, ...), or 0 (ET_NONE) for any.
  uint16_t type = 0;
  /// The section type searched for the entry: SHT_SYMTAB (2) or SHT_DYNSYM
  /// (11, what dlsym sees).
  uint32_t symbolTable = 2;
  /// The entry must also be a global symbol (dlsym finds only those).
  bool requireGlobalEntry = false;
  /// The program header table and every PT_LOAD segment must lie inside
  /// the file (what a loader maps).
  bool checkSegments = false;
};

/// Returns "" when `bytes` is an object of `kind` that defines a function
/// named `entry` (when `entry` is non-empty); otherwise a one-line
/// description of the problem.
std::string checkElfObject(const uint8_t *bytes, size_t size, const ElfObjectKind &kind,
                           const std::string &entry);

/// Whether `bytes` (an object of `kind`) defines a symbol named `name` in a
/// symbol table of the kind's type.
bool definesElfSymbol(const uint8_t *bytes, size_t size, const ElfObjectKind &kind,
                      const std::string &name);

} // namespace tessel::kit

#endif // TESSEL_PLUGINS_COMMON_ELFOBJECT_H
