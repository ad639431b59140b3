//===- Subcommands.cpp - The table of tessel subcommands ------------------===//

#include "tools/tessel/CompileCommand.h"
#include "tools/tessel/ConformCommand.h"
#include "tools/tessel/PluginsCommand.h"
#include "tools/tessel/RunCommand.h"
#include "tools/tessel/Subcommand.h"

namespace tessel::cli {

const std::vector<Subcommand> &subcommands() {
  static const std::vector<Subcommand> kSubcommands = {
      {"compile", "compile a kernel of a .py file to tile IR", &runCompileCommand},
      {"conform", "run the conformance suite on a target's plugin", &runConformCommand},
      {"plugins",
       "list discovered plugins, their ABI, halves, targets and "
       "devices",
       &runPluginsCommand},
      {"run", "compile a kernel through the cache and run it on .npy inputs",
       &runRunCommand},
  };
  return kSubcommands;
}

} // namespace tessel::cli
