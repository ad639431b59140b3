//===- ReportVersion.cpp - Report the tile dialect version ----------------===//

#include "dialects/tile/IR/TileDialect.h"
#include "dialects/tile/Transforms/Passes.h"

namespace tessel::tile {
#define GEN_PASS_DEF_TILEREPORTVERSION
#include "dialects/tile/Transforms/Passes.h.inc"
} // namespace tessel::tile

using namespace mlir;
using namespace tessel::tile;

namespace {

struct TileReportVersionPass
    : public tessel::tile::impl::TileReportVersionBase<TileReportVersionPass> {
  void runOnOperation() override {
    auto *dialect = getContext().getLoadedDialect<TileDialect>();
    std::optional<TileVersion> read =
        dialect ? dialect->getLastReadBytecodeVersion() : std::nullopt;
    InFlightDiagnostic remark = getOperation().emitRemark();
    if (read)
      remark << "tile dialect version " << read->major << "." << read->minor
             << " (read from bytecode)";
    else
      remark << "tile dialect version " << kTileVersion.major << "."
             << kTileVersion.minor << " (this build; input was not bytecode)";
    markAllAnalysesPreserved();
  }
};

} // namespace
