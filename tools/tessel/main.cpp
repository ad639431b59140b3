// tessel: the command-line driver. Dispatches to a subcommand.
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "tools/tessel/subcommand.h"

namespace {

void PrintUsage(std::ostream& out) {
  out << "usage: tessel <command> [options]\n\ncommands:\n";
  for (const tessel::cli::Subcommand& sub : tessel::cli::Subcommands()) {
    out << "  " << sub.name << std::string(12 - std::strlen(sub.name), ' ')
        << sub.summary << "\n";
  }
  out << "\n'tessel <command> --help' describes a command.\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    PrintUsage(std::cerr);
    return 2;
  }
  const std::string name = argv[1];
  if (name == "help" || name == "--help" || name == "-h") {
    PrintUsage(std::cout);
    return 0;
  }
  for (const tessel::cli::Subcommand& sub : tessel::cli::Subcommands()) {
    if (name == sub.name) {
      return sub.run(std::vector<std::string>(argv + 2, argv + argc), std::cout,
                     std::cerr);
    }
  }
  std::cerr << "tessel: unknown command '" << name << "'\n\n";
  PrintUsage(std::cerr);
  return 2;
}
