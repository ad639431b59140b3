//===- PluginsCommand.h - tessel plugins ------------------------*- C++ -*-===//
//
// `tessel plugins`: discovers plugins the way every Tessel tool does, loads
// each through the plugin host and prints what it reports.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_TOOLS_TESSEL_PLUGINSCOMMAND_H
#define TESSEL_TOOLS_TESSEL_PLUGINSCOMMAND_H

#include <ostream>
#include <string>
#include <vector>

namespace tessel::cli {

/// Exit status: 0 when every discovered plugin loaded (also when none was
/// found), 1 when at least one failed to load, 2 on a usage error.
int runPluginsCommand(const std::vector<std::string> &args, std::ostream &out,
                      std::ostream &err);

} // namespace tessel::cli

#endif // TESSEL_TOOLS_TESSEL_PLUGINSCOMMAND_H
