#include "tools/tessel/compile_command.h"
#include "tools/tessel/conform_command.h"
#include "tools/tessel/plugins_command.h"
#include "tools/tessel/run_command.h"
#include "tools/tessel/subcommand.h"

namespace tessel::cli {

const std::vector<Subcommand>& Subcommands() {
  static const std::vector<Subcommand> subcommands = {
      {"compile", "compile a kernel of a .py file to tile IR", &RunCompileCommand},
      {"conform", "run the conformance suite on a target's plugin", &RunConformCommand},
      {"plugins", "list discovered plugins, their ABI, halves, targets and "
                  "devices",
       &RunPluginsCommand},
      {"run", "compile a kernel through the cache and run it on .npy inputs", &RunRunCommand},
  };
  return subcommands;
}

}  // namespace tessel::cli
