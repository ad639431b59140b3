// `tessel plugins`: discovers plugins the way every Tessel tool does, loads
// each through the plugin host and prints what it reports.
#ifndef TESSEL_TOOLS_TESSEL_PLUGINS_COMMAND_H_
#define TESSEL_TOOLS_TESSEL_PLUGINS_COMMAND_H_

#include <ostream>
#include <string>
#include <vector>

namespace tessel::cli {

// Exit status: 0 when every discovered plugin loaded (also when none was
// found), 1 when at least one failed to load, 2 on a usage error.
int RunPluginsCommand(const std::vector<std::string>& args, std::ostream& out,
                      std::ostream& err);

}  // namespace tessel::cli

#endif  // TESSEL_TOOLS_TESSEL_PLUGINS_COMMAND_H_
