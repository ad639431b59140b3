//===- VersionText.h - What `tessel --version` prints ------------*- C++ -*-===//

#ifndef TESSEL_TOOLS_TESSEL_VERSIONTEXT_H
#define TESSEL_TOOLS_TESSEL_VERSIONTEXT_H

#include <string>

namespace tessel::cli {

/// Tessel's version, then every version a bug report or a vendor needs:
/// the plugin ABI this driver speaks, the tile dialect revision it writes,
/// the conformance suite it runs, and the LLVM/MLIR it was built with.
std::string versionText();

} // namespace tessel::cli

#endif // TESSEL_TOOLS_TESSEL_VERSIONTEXT_H
