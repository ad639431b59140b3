//===- ElfObject_test.cpp - Tests of the ELF artifact check ---------------===//
//
// checkElfObject as the CPU plugin uses it (x86-64 shared objects, against
// the runtime-only CPU plugin, itself one), as the NVIDIA plugin uses it
// (cubins: small objects made here; real cubins are checked through
// validate_artifact in the plugins' ABI tests, PluginAbi_test.cpp), and on
// things that are neither.
//
//===----------------------------------------------------------------------===//

#include "plugins/common/ElfObject.h"

#include <elf.h>

#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace tessel::kit {
namespace {

// What the CPU plugin loads with dlopen, and a cubin.
const ElfObjectKind kSharedObject = {EM_X86_64,
                                     "x86-64 object",
                                     ET_DYN,
                                     SHT_DYNSYM,
                                     /*requireGlobalEntry=*/true,
                                     /*checkSegments=*/true};
const ElfObjectKind kCubin = {EM_CUDA, "cubin"};

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The runtime-only plugin is itself an x86-64 shared object exporting one
// known function: a real ELF file to check against.
std::string pluginBytes() {
  return readFile("plugins/cpu/runtime_only/libtessel_cpu.so");
}

const uint8_t *data(const std::string &s) {
  return reinterpret_cast<const uint8_t *>(s.data());
}

std::string check(const std::string &bytes, const ElfObjectKind &kind,
                  const std::string &entry) {
  return checkElfObject(data(bytes), bytes.size(), kind, entry);
}

struct TestSymbol {
  std::string name;
  unsigned char info;
  uint16_t section;
};

// A minimal ELF64 object: the header, a string table, a symbol table (of
// section type `tableType`) of `symbols`, and the section header table
// [null, string table, symbol table].
std::string makeObject(uint16_t machine, uint32_t tableType,
                       const std::vector<TestSymbol> &symbols) {
  std::string strings(1, '\0');
  std::vector<Elf64_Sym> syms(1, Elf64_Sym{});
  for (const TestSymbol &s : symbols) {
    Elf64_Sym sym{};
    sym.st_name = uint32_t(strings.size());
    sym.st_info = s.info;
    sym.st_shndx = s.section;
    strings += s.name + '\0';
    syms.push_back(sym);
  }
  std::string out(sizeof(Elf64_Ehdr), '\0');
  auto append = [&](const void *p, size_t n) {
    while (out.size() % 8 != 0)
      out += '\0';
    size_t at = out.size();
    out.append(static_cast<const char *>(p), n);
    return at;
  };
  Elf64_Shdr sections[3] = {};
  sections[1].sh_type = SHT_STRTAB;
  sections[1].sh_size = strings.size();
  sections[1].sh_offset = append(strings.data(), strings.size());
  sections[2].sh_type = tableType;
  sections[2].sh_link = 1;
  sections[2].sh_entsize = sizeof(Elf64_Sym);
  sections[2].sh_size = syms.size() * sizeof(Elf64_Sym);
  sections[2].sh_offset = append(syms.data(), sections[2].sh_size);
  Elf64_Ehdr eh{};
  std::memcpy(eh.e_ident, ELFMAG, SELFMAG);
  eh.e_ident[EI_CLASS] = ELFCLASS64;
  eh.e_ident[EI_DATA] = ELFDATA2LSB;
  eh.e_ident[EI_VERSION] = EV_CURRENT;
  eh.e_type = ET_EXEC;
  eh.e_machine = machine;
  eh.e_version = EV_CURRENT;
  eh.e_ehsize = sizeof(Elf64_Ehdr);
  eh.e_shentsize = sizeof(Elf64_Shdr);
  eh.e_shnum = 3;
  eh.e_shoff = append(sections, sizeof(sections));
  std::memcpy(&out[0], &eh, sizeof(eh));
  return out;
}

std::string makeCubin(uint32_t tableType = SHT_SYMTAB) {
  return makeObject(EM_CUDA, tableType,
                    {{"k", ELF64_ST_INFO(STB_GLOBAL, STT_FUNC), 1},
                     {"local_k", ELF64_ST_INFO(STB_LOCAL, STT_FUNC), 1},
                     {"data", ELF64_ST_INFO(STB_GLOBAL, STT_OBJECT), 1},
                     {"extern_k", ELF64_ST_INFO(STB_GLOBAL, STT_FUNC), SHN_UNDEF}});
}

TEST(ElfObject, AcceptsASharedObjectWithTheEntry) {
  std::string so = pluginBytes();
  ASSERT_GT(so.size(), 64u);
  EXPECT_EQ(check(so, kSharedObject, "tessel_plugin_get_api"), "");
  EXPECT_EQ(check(so, kSharedObject, ""), "");
}

TEST(ElfObject, ReportsAMissingEntry) {
  std::string so = pluginBytes();
  EXPECT_EQ(check(so, kSharedObject, "add_kernel"),
            "the x86-64 object does not define the kernel 'add_kernel'");
}

TEST(ElfObject, RejectsNonElfAndTruncatedInput) {
  std::string text(200, 'x');
  std::string shortText = "not an ELF file at all, and too short for a header";
  for (const ElfObjectKind *kind : {&kSharedObject, &kCubin}) {
    EXPECT_EQ(check(text, *kind, "k"), "the artifact is not an ELF file (bad magic)");
    EXPECT_EQ(check(shortText, *kind, "k"),
              "the artifact is too small to be an ELF file (50 bytes)");
    EXPECT_EQ(checkElfObject(nullptr, 0, *kind, "k"),
              "the artifact is too small to be an ELF file (0 bytes)");
  }
  std::string source = readFile("examples/tile-ir/vector_add.mlir");
  ASSERT_GT(source.size(), 64u);
  EXPECT_EQ(check(source, kCubin, "add_kernel"),
            "the artifact is not an ELF file (bad magic)");
  std::string so = pluginBytes();
  // Every prefix must be rejected or accepted without reading out of bounds.
  for (size_t cut : {size_t{16}, size_t{64}, so.size() / 3, so.size() - 8}) {
    std::string prefix = so.substr(0, cut);
    EXPECT_NE(check(prefix, kSharedObject, "tessel_plugin_get_api"), "")
        << "cut at " << cut;
  }
  std::string cubin = makeCubin();
  for (size_t cut = 0; cut < cubin.size(); ++cut)
    EXPECT_NE(check(cubin.substr(0, cut), kCubin, "k"), "") << "cut at " << cut;
}

TEST(ElfObject, RejectsAnExecutableOrForeignMachine) {
  std::string so = pluginBytes();
  std::string exec = so;
  exec[16] = 2; // e_type = ET_EXEC
  exec[17] = 0;
  EXPECT_EQ(check(exec, kSharedObject, ""),
            "the x86-64 object is not a shared object (ELF type 2)");
  std::string arm = so;
  arm[18] = static_cast<char>(183); // EM_AARCH64
  arm[19] = 0;
  EXPECT_EQ(check(arm, kSharedObject, ""),
            "the artifact is not an x86-64 object (ELF machine 183, expected 62)");
}

TEST(ElfObject, RejectsHostElfAsCubin) {
  // This test binary is an x86-64 ELF, not EM_CUDA.
  std::string self = readFile("/proc/self/exe");
  ASSERT_GT(self.size(), 64u);
  EXPECT_EQ(check(self, kCubin, "main"),
            "the artifact is not a cubin (ELF machine 62, expected 190)");
}

TEST(ElfObject, RejectsTruncatedSectionTable) {
  std::string bytes(64, '\0');
  const char ident[] = {0x7f, 'E', 'L', 'F', 2, 1, 1};
  std::memcpy(&bytes[0], ident, sizeof(ident));
  bytes[18] = static_cast<char>(190);  // e_machine = EM_CUDA
  bytes[40] = static_cast<char>(0xff); // e_shoff far past the end
  bytes[58] = 64;                      // e_shentsize
  bytes[60] = 3;                       // e_shnum
  EXPECT_EQ(check(bytes, kCubin, "k"), "the cubin's section header table is truncated");
  bytes[40] = 0; // no section header table at all
  EXPECT_EQ(check(bytes, kCubin, "k"), "the cubin has no usable section headers");
}

TEST(ElfObject, FindsTheKernelInACubin) {
  std::string cubin = makeCubin();
  EXPECT_EQ(check(cubin, kCubin, "k"), "");
  EXPECT_EQ(check(cubin, kCubin, ""), "");
  // A cubin's entry need not be global; an x86-64 shared object's must.
  EXPECT_EQ(check(cubin, kCubin, "local_k"), "");
  ElfObjectKind globalOnly = kCubin;
  globalOnly.requireGlobalEntry = true;
  EXPECT_EQ(check(cubin, globalOnly, "local_k"),
            "the cubin's symbol 'local_k' is not a global symbol");
  EXPECT_EQ(check(cubin, kCubin, "data"),
            "the cubin's symbol 'data' is not a function");
  EXPECT_EQ(check(cubin, kCubin, "extern_k"),
            "the cubin does not define the kernel 'extern_k' (undefined symbol)");
  EXPECT_EQ(check(cubin, kCubin, "no_such_kernel"),
            "the cubin does not define the kernel 'no_such_kernel'");
  // A name that is a prefix of a symbol's, or has one as its prefix.
  EXPECT_NE(check(cubin, kCubin, "dat"), "");
  EXPECT_NE(check(cubin, kCubin, "kk"), "");
}

TEST(ElfObject, FindsDefinedSymbolsOfAnyType) {
  std::string cubin = makeCubin();
  const auto *bytes = reinterpret_cast<const uint8_t *>(cubin.data());
  EXPECT_TRUE(definesElfSymbol(bytes, cubin.size(), kCubin, "data"));
  EXPECT_TRUE(definesElfSymbol(bytes, cubin.size(), kCubin, "k"));
  EXPECT_FALSE(definesElfSymbol(bytes, cubin.size(), kCubin, "extern_k")); // undefined
  EXPECT_FALSE(definesElfSymbol(bytes, cubin.size(), kCubin, "dat"));
  EXPECT_FALSE(definesElfSymbol(bytes, cubin.size(), kCubin, "tessel_tensor_maps"));
  EXPECT_FALSE(definesElfSymbol(bytes, cubin.size() / 2, kCubin, "data"));
}

TEST(ElfObject, LooksOnlyInTheKindsSymbolTable) {
  // The entry is looked up where the loader looks: dlsym sees only the
  // dynamic symbol table.
  ElfObjectKind dynamic = kCubin;
  dynamic.symbolTable = SHT_DYNSYM;
  EXPECT_EQ(check(makeCubin(), dynamic, "k"), "the cubin has no dynamic symbol table");
  EXPECT_EQ(check(makeCubin(SHT_DYNSYM), dynamic, "k"), "");
  EXPECT_EQ(check(makeCubin(SHT_DYNSYM), kCubin, "k"), "the cubin has no symbol table");
}

TEST(ElfObject, RejectsTheWrongObjectType) {
  ElfObjectKind relocatable = kCubin;
  relocatable.type = ET_REL;
  EXPECT_EQ(check(makeCubin(), relocatable, "k"),
            "the cubin is not a relocatable object (ELF type 2)");
}

TEST(ElfObject, RejectsBrokenSymbolTables) {
  std::string cubin = makeCubin();
  Elf64_Ehdr eh;
  std::memcpy(&eh, cubin.data(), sizeof(eh));
  const size_t symtab = eh.e_shoff + 2 * sizeof(Elf64_Shdr);
  auto withField = [&](size_t offset, uint64_t value, size_t width) {
    std::string copy = cubin;
    std::memcpy(&copy[symtab + offset], &value, width);
    return copy;
  };
  EXPECT_EQ(check(withField(offsetof(Elf64_Shdr, sh_link), 7, 4), kCubin, "k"),
            "the cubin's symbol table has a broken string table");
  EXPECT_EQ(check(withField(offsetof(Elf64_Shdr, sh_entsize), 16, 8), kCubin, "k"),
            "the cubin's symbol table is malformed");
  EXPECT_EQ(check(withField(offsetof(Elf64_Shdr, sh_size), 1 << 20, 8), kCubin, "k"),
            "the cubin's symbol table is truncated");
}

} // namespace
} // namespace tessel::kit
