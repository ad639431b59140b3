// tessel-conform-run: the run half of the conformance suite's split mode.
#include <iostream>
#include <string>
#include <vector>

#include "conformance/runner/run_bundle.h"

int main(int argc, char** argv) {
  return tessel::conformance::RunBundleCommand(std::vector<std::string>(argv + 1, argv + argc),
                                               std::cout, std::cerr);
}
