//===- ConformRunMain.cpp - tessel-conform-run ----------------------------===//
//
// tessel-conform-run: the run half of the conformance suite's split mode.
//
//===----------------------------------------------------------------------===//

#include <iostream>
#include <string>
#include <vector>

#include "conformance/runner/RunBundle.h"

int main(int argc, char **argv) {
  return tessel::conformance::runBundleCommand(
      std::vector<std::string>(argv + 1, argv + argc), std::cout, std::cerr);
}
