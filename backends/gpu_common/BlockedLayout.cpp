//===- BlockedLayout.cpp - Which GPU thread holds which tile element ------===//

#include "backends/gpu_common/BlockedLayout.h"

#include <map>

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;

namespace tessel::gpu {

BlockedLayout BlockedLayout::getDefault(ArrayRef<int64_t> shape, unsigned numWarps,
                                        unsigned warpSize, unsigned maxRun) {
  BlockedLayout layout;
  unsigned rank = shape.size();
  layout.shape.assign(shape.begin(), shape.end());
  layout.sizePerThread.assign(rank, 1);
  layout.threadsPerWarp.assign(rank, 1);
  layout.warpsPerCTA.assign(rank, 1);
  for (unsigned d = 0; d < rank; ++d)
    layout.order.push_back(rank - 1 - d);
  if (rank == 0)
    return layout;

  int64_t total = 1;
  for (int64_t extent : shape)
    total *= extent;
  int64_t threads = int64_t(numWarps) * warpSize;
  // Several consecutive elements per thread only when there are enough
  // elements for every thread to get that many: small tiles stay spread
  // over all threads rather than idling most of them.
  int64_t perThread = std::max<int64_t>(1, total / threads);
  perThread = std::min<int64_t>({perThread, int64_t(maxRun), shape[rank - 1]});
  layout.sizePerThread[rank - 1] = unsigned(perThread);

  // Lanes, then warps, from the fastest dimension; the remainder goes to
  // dimension 0 and replicates there.
  unsigned lanesLeft = warpSize, warpsLeft = numWarps;
  for (unsigned d : layout.order) {
    int64_t room = shape[d] / layout.sizePerThread[d];
    unsigned lanes = unsigned(std::min<int64_t>(lanesLeft, std::max<int64_t>(1, room)));
    layout.threadsPerWarp[d] = lanes;
    lanesLeft /= lanes;
  }
  layout.threadsPerWarp[0] *= lanesLeft;
  for (unsigned d : layout.order) {
    int64_t room =
        shape[d] / (int64_t(layout.sizePerThread[d]) * layout.threadsPerWarp[d]);
    unsigned warps = unsigned(std::min<int64_t>(warpsLeft, std::max<int64_t>(1, room)));
    layout.warpsPerCTA[d] = warps;
    warpsLeft /= warps;
  }
  layout.warpsPerCTA[0] *= warpsLeft;
  return layout;
}

BlockedLayout BlockedLayout::get(RankedTensorType type, unsigned numWarps,
                                 unsigned warpSize, unsigned maxRun) {
  if (type.getEncoding())
    if (auto layout = fromAttr(type.getEncoding(), type.getShape()))
      return *layout;
  return getDefault(type.getShape(), numWarps, warpSize, maxRun);
}

BlockedLayout BlockedLayout::getMmaAccumulator(ArrayRef<int64_t> shape, unsigned warpsM,
                                               unsigned warpsN,
                                               const MatrixTileShape &tile,
                                               unsigned warpSize) {
  BlockedLayout layout;
  layout.shape.assign(shape.begin(), shape.end());
  layout.sizePerThread = {tile.accElementsM, tile.accElementsN};
  layout.threadsPerWarp = {tile.getLanesM(warpSize), tile.getLanesN()};
  layout.warpsPerCTA = {warpsM, warpsN};
  layout.order = {1, 0};
  return layout;
}

bool BlockedLayout::isMmaAccumulator(const MatrixTileShape &tile,
                                     unsigned warpSize) const {
  return getRank() == 2 && sizePerThread[0] == tile.accElementsM &&
         sizePerThread[1] == tile.accElementsN &&
         threadsPerWarp[0] == tile.getLanesM(warpSize) &&
         threadsPerWarp[1] == tile.getLanesN() && order[0] == 1 && order[1] == 0;
}

int64_t BlockedLayout::getRepetitions(unsigned dim) const {
  int64_t covered = getCoveredExtent(dim);
  return std::max<int64_t>(1, (shape[dim] + covered - 1) / covered);
}

bool BlockedLayout::isReplicated() const {
  for (unsigned d = 0; d < getRank(); ++d)
    if (isReplicated(d))
      return true;
  return false;
}

int64_t BlockedLayout::getElementsPerThread() const {
  int64_t n = 1;
  for (unsigned d = 0; d < getRank(); ++d)
    n *= sizePerThread[d] * getRepetitions(d);
  return n;
}

unsigned BlockedLayout::getDistinctLanes(unsigned dim) const {
  int64_t room = std::max<int64_t>(1, shape[dim] / sizePerThread[dim]);
  return unsigned(std::min<int64_t>(threadsPerWarp[dim], room));
}

unsigned BlockedLayout::getDistinctWarps(unsigned dim) const {
  int64_t room = std::max<int64_t>(
      1, shape[dim] / (int64_t(sizePerThread[dim]) * threadsPerWarp[dim]));
  return unsigned(std::min<int64_t>(warpsPerCTA[dim], room));
}

unsigned BlockedLayout::getLaneStride(unsigned dim) const {
  unsigned stride = 1;
  for (unsigned d : order) {
    if (d == dim)
      break;
    stride *= threadsPerWarp[d];
  }
  return stride;
}

unsigned BlockedLayout::getWarpStride(unsigned dim) const {
  unsigned stride = 1;
  for (unsigned d : order) {
    if (d == dim)
      break;
    stride *= warpsPerCTA[d];
  }
  return stride;
}

SmallVector<int64_t> BlockedLayout::getRegisterOffsets(int64_t reg) const {
  SmallVector<int64_t> offsets(getRank(), 0);
  for (unsigned d : order) {
    int64_t extent = sizePerThread[d] * getRepetitions(d);
    offsets[d] = reg % extent;
    reg /= extent;
  }
  return offsets;
}

int64_t BlockedLayout::getStaticCoordinate(int64_t reg, unsigned dim) const {
  int64_t e = getRegisterOffsets(reg)[dim];
  return (e / sizePerThread[dim]) * getCoveredExtent(dim) + e % sizePerThread[dim];
}

SmallVector<int64_t>
BlockedLayout::getConstantRunRepresentatives(ArrayRef<int64_t> constancy) const {
  const unsigned rank = getRank();
  // The thread-dependent part of dimension d's coordinate runs over
  // spt * (lane + tpw * warp); a register's element is in run
  // (thread part + static part) / c, which must agree for every thread.
  SmallVector<SmallVector<int64_t>> threadParts(rank);
  for (unsigned d = 0; d < rank; ++d) {
    if (d >= constancy.size() || constancy[d] <= 1 || isReplicated(d))
      continue;
    for (int64_t warp = 0; warp < int64_t(warpsPerCTA[d]); ++warp)
      for (int64_t lane = 0; lane < int64_t(threadsPerWarp[d]); ++lane)
        threadParts[d].push_back(sizePerThread[d] * (lane + threadsPerWarp[d] * warp));
  }
  const int64_t n = getElementsPerThread();
  std::map<SmallVector<int64_t>, int64_t> first;
  SmallVector<int64_t> representatives;
  for (int64_t reg = 0; reg < n; ++reg) {
    SmallVector<int64_t> key;
    for (unsigned d = 0; d < rank; ++d) {
      int64_t coordinate = getStaticCoordinate(reg, d);
      if (threadParts[d].empty()) {
        key.push_back(coordinate);
        continue;
      }
      for (int64_t part : threadParts[d])
        key.push_back((part + coordinate) / constancy[d]);
    }
    representatives.push_back(first.try_emplace(key, reg).first->second);
  }
  return representatives;
}

tilegpu::BlockedEncodingAttr BlockedLayout::toAttr(MLIRContext *context) const {
  return tilegpu::BlockedEncodingAttr::get(context, sizePerThread, threadsPerWarp,
                                           warpsPerCTA, order);
}

std::optional<BlockedLayout> BlockedLayout::fromAttr(Attribute attr,
                                                     ArrayRef<int64_t> shape) {
  auto blocked = dyn_cast_or_null<tilegpu::BlockedEncodingAttr>(attr);
  if (!blocked || blocked.getRank() != shape.size())
    return std::nullopt;
  BlockedLayout layout;
  layout.shape.assign(shape.begin(), shape.end());
  layout.sizePerThread.assign(blocked.getSizePerThread().begin(),
                              blocked.getSizePerThread().end());
  layout.threadsPerWarp.assign(blocked.getThreadsPerWarp().begin(),
                               blocked.getThreadsPerWarp().end());
  layout.warpsPerCTA.assign(blocked.getWarpsPerCTA().begin(),
                            blocked.getWarpsPerCTA().end());
  layout.order.assign(blocked.getOrder().begin(), blocked.getOrder().end());
  return layout;
}

bool BlockedLayout::operator==(const BlockedLayout &other) const {
  return shape == other.shape && sizePerThread == other.sizePerThread &&
         threadsPerWarp == other.threadsPerWarp && warpsPerCTA == other.warpsPerCTA &&
         order == other.order;
}

} // namespace tessel::gpu
