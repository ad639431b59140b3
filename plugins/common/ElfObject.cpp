//===- ElfObject.cpp - Structural checks of ELF artifacts -----------------===//
//
// Reads the ELF header, the section header table, the program headers (when
// asked) and the symbol tables, copying every structure out of the bytes
// after checking that it lies inside them.
//
//===----------------------------------------------------------------------===//

#include "plugins/common/ElfObject.h"

#include <elf.h>

#include <cstring>
#include <functional>

namespace tessel::kit {
namespace {

template <typename T>
bool readAt(const uint8_t *bytes, size_t size, uint64_t offset, T &out) {
  if (offset > size || size - offset < sizeof(T))
    return false;
  std::memcpy(&out, bytes + offset, sizeof(T));
  return true;
}

/// "a cubin", "an x86-64 object": a name that starts with a vowel sound (a
/// vowel, or the x of x86) takes "an".
std::string withArticle(const std::string &name) {
  bool an = !name.empty() && std::strchr("aeiouxAEIOUX", name[0]) != nullptr;
  return (an ? "an " : "a ") + name;
}

std::string typeName(uint16_t type) {
  switch (type) {
  case ET_REL:
    return "relocatable object";
  case ET_EXEC:
    return "executable";
  case ET_DYN:
    return "shared object";
  default:
    return "ELF file of type " + std::to_string(type);
  }
}

} // namespace

/// What forEachSymbol returns when `visit` accepted a symbol.
const char *const kFound = "found";

/// Calls `visit(name, length, symbol)` on every symbol of every table of
/// type `tableType` (names bounded by their string table) until it returns
/// true: then kFound. Otherwise "" or what is broken in a table (`the`
/// names the artifact); `sawTable` says whether there was one.
std::string
forEachSymbol(const uint8_t *bytes, size_t size, const Elf64_Ehdr &eh, uint32_t tableType,
              const std::string &the, bool &sawTable,
              const std::function<bool(const char *, uint64_t, const Elf64_Sym &)> &visit) {
  const std::string table =
      the + "'s " + (tableType == SHT_DYNSYM ? "dynamic " : "") + "symbol table";
  for (uint16_t i = 0; i < eh.e_shnum; ++i) {
    Elf64_Shdr sh, strtab;
    readAt(bytes, size, eh.e_shoff + uint64_t(i) * sizeof(Elf64_Shdr), sh);
    if (sh.sh_type != tableType)
      continue;
    sawTable = true;
    if (sh.sh_link >= eh.e_shnum ||
        !readAt(bytes, size, eh.e_shoff + uint64_t(sh.sh_link) * sizeof(Elf64_Shdr),
                strtab) ||
        strtab.sh_offset > size || strtab.sh_size > size - strtab.sh_offset)
      return table + " has a broken string table";
    if (sh.sh_entsize != sizeof(Elf64_Sym))
      return table + " is malformed";
    if (sh.sh_offset > size || sh.sh_size > size - sh.sh_offset)
      return table + " is truncated";
    for (uint64_t off = 0; off + sizeof(Elf64_Sym) <= sh.sh_size;
         off += sizeof(Elf64_Sym)) {
      Elf64_Sym sym;
      readAt(bytes, size, sh.sh_offset + off, sym);
      if (sym.st_name >= strtab.sh_size)
        continue;
      const char *name =
          reinterpret_cast<const char *>(bytes + strtab.sh_offset + sym.st_name);
      // Within the string table: strnlen stops at its end.
      if (visit(name, strnlen(name, strtab.sh_size - sym.st_name), sym))
        return kFound;
    }
  }
  return "";
}

std::string checkElfObject(const uint8_t *bytes, size_t size, const ElfObjectKind &kind,
                           const std::string &entry) {
  const std::string the = std::string("the ") + kind.name;
  Elf64_Ehdr eh;
  if (bytes == nullptr || !readAt(bytes, size, 0, eh))
    return "the artifact is too small to be an ELF file (" + std::to_string(size) +
           " bytes)";
  if (std::memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0)
    return "the artifact is not an ELF file (bad magic)";
  if (eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_ident[EI_DATA] != ELFDATA2LSB)
    return "the artifact is not a 64-bit little-endian ELF file";
  if (eh.e_machine != kind.machine)
    return "the artifact is not " + withArticle(kind.name) + " (ELF machine " +
           std::to_string(eh.e_machine) + ", expected " + std::to_string(kind.machine) +
           ")";
  if (kind.type != ET_NONE && eh.e_type != kind.type)
    return the + " is not " + withArticle(typeName(kind.type)) + " (ELF type " +
           std::to_string(eh.e_type) + ")";
  if (eh.e_shoff == 0 || eh.e_shentsize != sizeof(Elf64_Shdr) || eh.e_shnum == 0)
    return the + " has no usable section headers";
  if (eh.e_shoff > size || (size - eh.e_shoff) / sizeof(Elf64_Shdr) < eh.e_shnum)
    return the + "'s section header table is truncated";
  if (kind.checkSegments) {
    if (eh.e_phentsize != sizeof(Elf64_Phdr) || eh.e_phoff > size ||
        (size - eh.e_phoff) / sizeof(Elf64_Phdr) < eh.e_phnum)
      return the + "'s program header table is truncated";
    for (uint16_t i = 0; i < eh.e_phnum; ++i) {
      Elf64_Phdr ph;
      readAt(bytes, size, eh.e_phoff + uint64_t(i) * sizeof(Elf64_Phdr), ph);
      if (ph.p_type == PT_LOAD &&
          (ph.p_offset > size || size - ph.p_offset < ph.p_filesz))
        return the + "'s segment " + std::to_string(i) + " is truncated";
    }
  }
  if (entry.empty())
    return "";

  // The entry in every symbol table of the kind's type. Section headers lie
  // inside the bytes (checked above); what they point to is checked here.
  std::string problem; // with the first symbol named `entry`, if none is right
  bool sawTable = false;
  std::string broken = forEachSymbol(
      bytes, size, eh, kind.symbolTable, the, sawTable,
      [&](const char *name, uint64_t length, const Elf64_Sym &sym) {
        if (length != entry.size() || std::memcmp(name, entry.data(), entry.size()) != 0)
          return false;
        std::string why;
        if (sym.st_shndx == SHN_UNDEF)
          why = the + " does not define the kernel '" + entry + "' (undefined symbol)";
        else if (ELF64_ST_TYPE(sym.st_info) != STT_FUNC)
          why = the + "'s symbol '" + entry + "' is not a function";
        else if (kind.requireGlobalEntry && ELF64_ST_BIND(sym.st_info) != STB_GLOBAL)
          why = the + "'s symbol '" + entry + "' is not a global symbol";
        else
          return true;
        if (problem.empty())
          problem = why;
        return false;
      });
  if (broken == kFound)
    return "";
  if (!broken.empty())
    return broken;
  if (!problem.empty())
    return problem;
  if (!sawTable)
    return the + " has no " + (kind.symbolTable == SHT_DYNSYM ? "dynamic " : "") +
           "symbol table";
  return the + " does not define the kernel '" + entry + "'";
}

bool definesElfSymbol(const uint8_t *bytes, size_t size, const ElfObjectKind &kind,
                      const std::string &name) {
  // A valid header first (checkElfObject without an entry).
  if (!checkElfObject(bytes, size, kind, "").empty())
    return false;
  Elf64_Ehdr eh;
  readAt(bytes, size, 0, eh);
  bool sawTable = false;
  return forEachSymbol(bytes, size, eh, kind.symbolTable, "the artifact", sawTable,
                       [&](const char *symbol, uint64_t length, const Elf64_Sym &sym) {
                         return sym.st_shndx != SHN_UNDEF && length == name.size() &&
                                std::memcmp(symbol, name.data(), length) == 0;
                       }) == kFound;
}

} // namespace tessel::kit
