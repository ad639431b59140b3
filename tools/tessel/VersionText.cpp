//===- VersionText.cpp - What `tessel --version` prints -------------------===//

#include "tools/tessel/VersionText.h"

#include "conformance/cases/Registry.h"
#include "core/runtime/Version.h"
#include "dialects/tile/IR/TileVersion.h"
#include "tessel/plugin_api.h"
#include "llvm/Config/llvm-config.h"

namespace tessel::cli {

std::string versionText() {
  auto v = [](auto major, auto minor) {
    return std::to_string(major) + "." + std::to_string(minor);
  };
  return std::string("tessel ") + kTesselVersion + "\n" + "  plugin ABI       " +
         v(TESSEL_PLUGIN_ABI_MAJOR, TESSEL_PLUGIN_ABI_MINOR) + "\n" +
         "  tile dialect     " + v(tile::kTileVersion.major, tile::kTileVersion.minor) +
         "\n" + "  conformance      suite " + conformance::kSuiteVersion + "\n" +
         "  LLVM/MLIR        " + LLVM_VERSION_STRING + "\n";
}

} // namespace tessel::cli
