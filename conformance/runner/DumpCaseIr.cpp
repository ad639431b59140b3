//===- DumpCaseIr.cpp - The tile IR of every conformance case -------------===//
//
// dump_case_ir OUTDIR: lowers every runnable case of the suite through the
// one front half and writes the bytecode a plugin's compile entry would
// receive to OUTDIR/<case id, '/' as '__'>.mlirbc. The tile IR kit's
// cross-MLIR test reads these files with the kit built on each supported
// MLIR (sdk/ir/README.md).
//
//===----------------------------------------------------------------------===//

#include <cstdio>
#include <fstream>
#include <string>

#include "conformance/cases/Registry.h"
#include "conformance/runner/CompileCase.h"

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: dump_case_ir OUTDIR\n");
    return 2;
  }
  const std::string dir = argv[1];
  int written = 0, failed = 0;
  for (const tessel::conformance::Case &c : tessel::conformance::allCases()) {
    auto bytes = tessel::conformance::lowerCase(c);
    if (!bytes.ok()) {
      std::fprintf(stderr, "%s: %s\n", c.id.c_str(), bytes.status().message().c_str());
      ++failed;
      continue;
    }
    std::string name = c.id;
    for (size_t pos = 0; (pos = name.find('/', pos)) != std::string::npos;)
      name.replace(pos, 1, "__");
    std::ofstream out(dir + "/" + name + ".mlirbc", std::ios::binary);
    out.write(reinterpret_cast<const char *>(bytes->data()),
              static_cast<std::streamsize>(bytes->size()));
    if (!out) {
      std::fprintf(stderr, "%s: cannot write %s/%s.mlirbc\n", c.id.c_str(), dir.c_str(),
                   name.c_str());
      ++failed;
      continue;
    }
    ++written;
  }
  std::printf("%d cases written, %d failed\n", written, failed);
  return failed == 0 && written > 0 ? 0 : 1;
}
