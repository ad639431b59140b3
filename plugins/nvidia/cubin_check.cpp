#include "plugins/nvidia/cubin_check.h"

#include <elf.h>

#include <cstring>

namespace tessel::nvidia_plugin {

namespace {
constexpr uint16_t kElfMachineCuda = 190;  // EM_CUDA
}  // namespace

std::string CheckCubin(const uint8_t* bytes, size_t size, const std::string& entry) {
  if (bytes == nullptr || size < sizeof(Elf64_Ehdr)) return "the artifact is not an ELF file";
  Elf64_Ehdr header;
  std::memcpy(&header, bytes, sizeof(header));
  if (std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0)
    return "the artifact is not an ELF file";
  if (header.e_ident[EI_CLASS] != ELFCLASS64) return "the cubin is not a 64-bit ELF file";
  if (header.e_machine != kElfMachineCuda)
    return "the ELF file is not a cubin (machine " + std::to_string(header.e_machine) +
           ", expected EM_CUDA)";
  if (header.e_shoff == 0 || header.e_shentsize != sizeof(Elf64_Shdr) ||
      header.e_shoff > size || header.e_shnum > (size - header.e_shoff) / sizeof(Elf64_Shdr))
    return "the cubin's section table is truncated";
  if (entry.empty()) return "";
  // Look for a defined function symbol named `entry` in every symbol table.
  for (unsigned i = 0; i < header.e_shnum; ++i) {
    Elf64_Shdr symtab;
    std::memcpy(&symtab, bytes + header.e_shoff + i * sizeof(Elf64_Shdr), sizeof(symtab));
    if (symtab.sh_type != SHT_SYMTAB || symtab.sh_link >= header.e_shnum) continue;
    Elf64_Shdr strtab;
    std::memcpy(&strtab, bytes + header.e_shoff + symtab.sh_link * sizeof(Elf64_Shdr),
                sizeof(strtab));
    if (symtab.sh_offset > size || symtab.sh_size > size - symtab.sh_offset ||
        strtab.sh_offset > size || strtab.sh_size > size - strtab.sh_offset)
      return "the cubin's symbol table is truncated";
    for (uint64_t off = 0; off + sizeof(Elf64_Sym) <= symtab.sh_size; off += sizeof(Elf64_Sym)) {
      Elf64_Sym sym;
      std::memcpy(&sym, bytes + symtab.sh_offset + off, sizeof(sym));
      if (sym.st_name >= strtab.sh_size || sym.st_shndx == SHN_UNDEF) continue;
      const char* name = reinterpret_cast<const char*>(bytes + strtab.sh_offset + sym.st_name);
      size_t room = strtab.sh_size - sym.st_name;
      if (strnlen(name, room) == entry.size() && entry.compare(0, room, name, entry.size()) == 0 &&
          ELF64_ST_TYPE(sym.st_info) == STT_FUNC)
        return "";
    }
  }
  return "the cubin does not define the kernel '" + entry + "'";
}

}  // namespace tessel::nvidia_plugin
