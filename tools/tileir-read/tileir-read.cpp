//===- tileir-read.cpp - Reads and prints CUDA Tile IR bytecode -----------===//
//
//   tileir-read FILE [--counts]
//
// Prints the textual form of FILE (TileIrReader.h), or with --counts the
// number of records of each op; exit status 1, with the reason and byte
// offset, when FILE is not well-formed 13.1 bytecode.
//
//===----------------------------------------------------------------------===//

#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include "tools/tileir-read/TileIrReader.h"

int main(int argc, char **argv) {
  std::string path;
  bool counts = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--counts")
      counts = true;
    else if (path.empty() && a[0] != '-')
      path = a;
    else {
      std::cerr << "usage: tileir-read FILE [--counts]\n";
      return 2;
    }
  }
  if (path.empty()) {
    std::cerr << "usage: tileir-read FILE [--counts]\n";
    return 2;
  }
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    std::cerr << "tileir-read: cannot open " << path << "\n";
    return 1;
  }
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(file)),
                             std::istreambuf_iterator<char>());
  tessel::tileir_read::Module module;
  std::string error;
  if (!tessel::tileir_read::read(bytes.data(), bytes.size(), module, error)) {
    std::cerr << "tileir-read: " << path << ": " << error << "\n";
    return 1;
  }
  if (counts) {
    for (const auto &[name, n] : module.opCounts)
      std::cout << name << " " << n << "\n";
    return 0;
  }
  std::cout << module.text;
  return 0;
}
