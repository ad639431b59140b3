//===- TesselMain.cpp - The tessel command-line driver --------------------===//
//
// tessel: the command-line driver. Dispatches to a subcommand.
//
//===----------------------------------------------------------------------===//

#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "tools/tessel/Subcommand.h"
#include "tools/tessel/VersionText.h"

namespace {

void printUsage(std::ostream &out) {
  out << "usage: tessel <command> [options]\n\ncommands:\n";
  for (const tessel::cli::Subcommand &sub : tessel::cli::subcommands()) {
    out << "  " << sub.name << std::string(12 - std::strlen(sub.name), ' ')
        << sub.summary << "\n";
  }
  out << "\n'tessel <command> --help' describes a command; 'tessel --version' "
         "prints the versions.\n";
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    printUsage(std::cerr);
    return 2;
  }
  const std::string name = argv[1];
  if (name == "help" || name == "--help" || name == "-h") {
    printUsage(std::cout);
    return 0;
  }
  if (name == "--version" || name == "version") {
    std::cout << tessel::cli::versionText();
    return 0;
  }
  for (const tessel::cli::Subcommand &sub : tessel::cli::subcommands()) {
    if (name == sub.name) {
      return sub.run(std::vector<std::string>(argv + 2, argv + argc), std::cout,
                     std::cerr);
    }
  }
  std::cerr << "tessel: unknown command '" << name << "'\n\n";
  printUsage(std::cerr);
  return 2;
}
