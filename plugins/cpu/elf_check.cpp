#include "plugins/cpu/elf_check.h"

#include <elf.h>

#include <cstring>

namespace tessel::cpu_plugin {

namespace {

template <typename T>
bool ReadAt(const uint8_t* bytes, size_t size, uint64_t offset, T* out) {
  if (offset > size || size - offset < sizeof(T)) return false;
  std::memcpy(out, bytes + offset, sizeof(T));
  return true;
}

}  // namespace

std::string CheckKernelSharedObject(const uint8_t* bytes, size_t size,
                                    const std::string& entry) {
  Elf64_Ehdr eh;
  if (bytes == nullptr || !ReadAt(bytes, size, 0, &eh))
    return "artifact is too small to be an ELF file (" + std::to_string(size) +
           " bytes)";
  if (std::memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0)
    return "artifact is not an ELF file (bad magic)";
  if (eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_ident[EI_DATA] != ELFDATA2LSB)
    return "artifact is not a 64-bit little-endian ELF file";
  if (eh.e_type != ET_DYN) return "artifact is an ELF file but not a shared object";
  if (eh.e_machine != EM_X86_64) return "artifact is not x86-64 code";
  if (eh.e_shentsize != sizeof(Elf64_Shdr) || eh.e_shnum == 0)
    return "artifact has no usable section headers";
  if (eh.e_shoff > size || (size - eh.e_shoff) / sizeof(Elf64_Shdr) < eh.e_shnum)
    return "artifact is truncated (section header table)";
  if (eh.e_phentsize != sizeof(Elf64_Phdr) || eh.e_phoff > size ||
      (size - eh.e_phoff) / sizeof(Elf64_Phdr) < eh.e_phnum)
    return "artifact is truncated (program header table)";
  // Everything the loader maps must be inside the file.
  for (uint16_t i = 0; i < eh.e_phnum; ++i) {
    Elf64_Phdr ph;
    ReadAt(bytes, size, eh.e_phoff + uint64_t(i) * sizeof(Elf64_Phdr), &ph);
    if (ph.p_type == PT_LOAD && (ph.p_offset > size || size - ph.p_offset < ph.p_filesz))
      return "artifact is truncated (segment " + std::to_string(i) + ")";
  }
  if (entry.empty()) return "";

  // Find .dynsym and its string table, then the entry symbol.
  for (uint16_t i = 0; i < eh.e_shnum; ++i) {
    Elf64_Shdr sh;
    if (!ReadAt(bytes, size, eh.e_shoff + uint64_t(i) * sizeof(Elf64_Shdr), &sh))
      return "artifact is truncated (section header " + std::to_string(i) + ")";
    if (sh.sh_type != SHT_DYNSYM) continue;
    Elf64_Shdr strtab;
    if (sh.sh_link >= eh.e_shnum ||
        !ReadAt(bytes, size, eh.e_shoff + uint64_t(sh.sh_link) * sizeof(Elf64_Shdr),
                &strtab))
      return "artifact has a broken dynamic string table";
    if (sh.sh_entsize != sizeof(Elf64_Sym))
      return "artifact has a malformed dynamic symbol table";
    uint64_t count = sh.sh_size / sizeof(Elf64_Sym);
    for (uint64_t s = 0; s < count; ++s) {
      Elf64_Sym sym;
      if (!ReadAt(bytes, size, sh.sh_offset + s * sizeof(Elf64_Sym), &sym))
        return "artifact is truncated (dynamic symbols)";
      uint64_t nameOff = strtab.sh_offset + sym.st_name;
      if (sym.st_name >= strtab.sh_size || nameOff >= size) continue;
      size_t maxLen = static_cast<size_t>(
          std::min<uint64_t>(strtab.sh_size - sym.st_name, size - nameOff));
      const char* name = reinterpret_cast<const char*>(bytes + nameOff);
      size_t len = strnlen(name, maxLen);
      if (len != entry.size() || std::memcmp(name, entry.data(), len) != 0) continue;
      if (sym.st_shndx == SHN_UNDEF) return "entry '" + entry + "' is undefined";
      if (ELF64_ST_TYPE(sym.st_info) != STT_FUNC)
        return "entry '" + entry + "' is not a function";
      if (ELF64_ST_BIND(sym.st_info) != STB_GLOBAL)
        return "entry '" + entry + "' is not a global symbol";
      return "";
    }
    return "artifact does not export the entry '" + entry + "'";
  }
  return "artifact has no dynamic symbol table";
}

}  // namespace tessel::cpu_plugin
