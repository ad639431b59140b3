//===- TileGpuAttrs.cpp - Layout attributes of the GPU layer --------------===//

#include "dialects/tilegpu/IR/TileGpuDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/ADT/bit.h"

using namespace mlir;

#define GET_ATTRDEF_CLASSES
#include "dialects/tilegpu/IR/TileGpuAttrs.cpp.inc"

namespace tessel::tilegpu {

void TileGpuDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/tilegpu/IR/TileGpuAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// BlockedEncodingAttr
//===----------------------------------------------------------------------===//

namespace {
constexpr llvm::StringLiteral kBlockedFields[] = {"sizePerThread", "threadsPerWarp",
                                                  "warpsPerCTA", "order"};
} // namespace

// #tilegpu.blocked<{sizePerThread = [..], threadsPerWarp = [..],
//                   warpsPerCTA = [..], order = [..]}>, fields in that order.
Attribute BlockedEncodingAttr::parse(AsmParser &parser, Type) {
  SmallVector<unsigned> fields[4];
  if (parser.parseLess() || parser.parseLBrace())
    return {};
  for (unsigned i = 0; i < 4; ++i) {
    if (i > 0 && parser.parseComma())
      return {};
    if (parser.parseKeyword(kBlockedFields[i]) || parser.parseEqual() ||
        parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() {
          unsigned v;
          if (parser.parseInteger(v))
            return failure();
          fields[i].push_back(v);
          return success();
        }))
      return {};
  }
  if (parser.parseRBrace() || parser.parseGreater())
    return {};
  return parser.getChecked<BlockedEncodingAttr>(parser.getContext(), fields[0],
                                                fields[1], fields[2], fields[3]);
}

void BlockedEncodingAttr::print(AsmPrinter &printer) const {
  ArrayRef<unsigned> fields[4] = {getSizePerThread(), getThreadsPerWarp(),
                                  getWarpsPerCTA(), getOrder()};
  printer << "<{";
  for (unsigned i = 0; i < 4; ++i) {
    if (i > 0)
      printer << ", ";
    printer << kBlockedFields[i] << " = [";
    llvm::interleaveComma(fields[i], printer);
    printer << "]";
  }
  printer << "}>";
}

LogicalResult BlockedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                          ArrayRef<unsigned> sizePerThread,
                                          ArrayRef<unsigned> threadsPerWarp,
                                          ArrayRef<unsigned> warpsPerCTA,
                                          ArrayRef<unsigned> order) {
  size_t rank = order.size();
  if (sizePerThread.size() != rank || threadsPerWarp.size() != rank ||
      warpsPerCTA.size() != rank)
    return emitError() << "sizePerThread, threadsPerWarp, warpsPerCTA and order must "
                          "have one entry per dimension";
  for (ArrayRef<unsigned> field : {sizePerThread, threadsPerWarp, warpsPerCTA})
    for (unsigned v : field)
      if (v == 0 || (v & (v - 1)) != 0)
        return emitError() << "layout extents must be powers of two, got " << v;
  SmallVector<bool> seen(rank, false);
  for (unsigned d : order) {
    if (d >= rank || seen[d])
      return emitError() << "order must be a permutation of the " << rank
                         << " dimensions";
    seen[d] = true;
  }
  return success();
}

unsigned BlockedEncodingAttr::getWarpSize() const {
  unsigned n = 1;
  for (unsigned v : getThreadsPerWarp())
    n *= v;
  return n;
}

unsigned BlockedEncodingAttr::getNumWarps() const {
  unsigned n = 1;
  for (unsigned v : getWarpsPerCTA())
    n *= v;
  return n;
}

//===----------------------------------------------------------------------===//
// SharedStagingAttr, MatrixOperandAttr, StagedDotAttr
//===----------------------------------------------------------------------===//

LogicalResult SharedStagingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                        int64_t aStride, int64_t bStride,
                                        int64_t bOffset, int64_t stageBytes,
                                        int64_t buffers, int64_t aSwizzle,
                                        int64_t bSwizzle, int64_t aRowWarps,
                                        int64_t bKMajor, int64_t aSeparate) {
  if (aStride <= 0 || bStride <= 0 || buffers <= 0)
    return emitError() << "strides and buffers must be positive";
  if ((aSeparate ? bOffset != 0 : bOffset <= 0) || bOffset % 16 != 0 ||
      stageBytes <= bOffset || stageBytes % 16 != 0)
    return emitError() << "B must start 16-byte aligned after A and end inside the "
                          "stage (bOffset "
                       << bOffset << ", stageBytes " << stageBytes << ")";
  auto isSwizzle = [](int64_t s) { return s == 32 || s == 64 || s == 128; };
  if ((aSwizzle != 0 || bSwizzle != 0) &&
      (!isSwizzle(aSwizzle) || !isSwizzle(bSwizzle)))
    return emitError() << "swizzles must both be 32, 64 or 128 bytes, or both 0 (got "
                       << aSwizzle << " and " << bSwizzle << ")";
  if (aSwizzle != 0 && (bOffset % 1024 != 0 || stageBytes % 1024 != 0))
    return emitError() << "swizzled operands need 1024-byte aligned regions (bOffset "
                       << bOffset << ", stageBytes " << stageBytes << ")";
  if (aRowWarps != 0 && (aSwizzle == 0 || aRowWarps % 4 != 0))
    return emitError() << "aRowWarps (" << aRowWarps
                       << ") needs swizzled operands and whole warp groups";
  if (aSeparate != 0 && (aSeparate != 1 || aSwizzle == 0))
    return emitError() << "aSeparate (" << aSeparate << ") must be 0, or 1 with "
                          "swizzled operands";
  if (bKMajor != 0 && (bKMajor != 1 || aSwizzle == 0))
    return emitError() << "bKMajor (" << bKMajor << ") must be 0, or 1 with swizzled "
                          "operands";
  return success();
}

int64_t SharedStagingAttr::getSwizzleFor(int64_t rowBytes) {
  for (int64_t s : {128, 64, 32})
    if (rowBytes % s == 0)
      return s;
  return 0;
}

SharedStagingAttr SharedStagingAttr::getSwizzled(MLIRContext *context, int64_t m,
                                                 int64_t n, int64_t k,
                                                 int64_t elementBytes, int64_t buffers,
                                                 int64_t numWarps, bool bKMajor,
                                                 bool aSeparate) {
  auto align = [](int64_t bytes) { return (bytes + 1023) / 1024 * 1024; };
  int64_t bOffset = aSeparate ? 0 : align(m * k * elementBytes);
  int64_t stageBytes = align(bOffset + k * n * elementBytes);
  int64_t bRow = bKMajor ? k : n;
  return get(context, k, bRow, bOffset, stageBytes, buffers,
             getSwizzleFor(k * elementBytes), getSwizzleFor(bRow * elementBytes),
             numWarps, bKMajor ? 1 : 0, aSeparate ? 1 : 0);
}

SharedStagingAttr SharedStagingAttr::getPadded(MLIRContext *context, int64_t m,
                                               int64_t n, int64_t k,
                                               int64_t elementBytes, int64_t buffers) {
  int64_t aStride = k + 16 / elementBytes;
  int64_t bStride = n + 16 / elementBytes;
  int64_t bOffset = (m * aStride * elementBytes + 15) / 16 * 16;
  int64_t stageBytes = (bOffset + k * bStride * elementBytes + 15) / 16 * 16;
  return get(context, aStride, bStride, bOffset, stageBytes, buffers, 0, 0, 0, 0, 0);
}

LogicalResult MatrixOperandAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                        unsigned dot, unsigned operand, unsigned ahead,
                                        SharedStagingAttr staging, bool prologue) {
  if (operand > 1)
    return emitError() << "operand must be 0 (A) or 1 (B), got " << operand;
  if (!staging)
    return emitError() << "a staging layout is required";
  // In flight: `ahead` iterations' buffers, one read, one still held.
  const int64_t inFlight = staging.getBuffers() - 2;
  if (prologue && int64_t(ahead) >= std::max<int64_t>(inFlight, 1))
    return emitError() << "a copy before the loop is for one of its first "
                       << std::max<int64_t>(inFlight, 1)
                       << " iterations (the staging has " << staging.getBuffers()
                       << " buffers), got ahead = " << ahead;
  if (!prologue && (ahead == 0 || int64_t(ahead) > inFlight))
    return emitError() << "a copy in the loop runs 1 to " << inFlight
                       << " iterations ahead (the staging has " << staging.getBuffers()
                       << " buffers), got ahead = " << ahead;
  return success();
}

LogicalResult StagedDotAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                    unsigned dot, unsigned operands,
                                    SharedStagingAttr staging, bool inFlight,
                                    unsigned groups, bool copiesFirst, bool drained,
                                    unsigned tensorCopies) {
  if (operands == 0 || operands > 3)
    return emitError() << "operands must be a non-empty mask of 1 (A) and 2 (B), got "
                       << operands;
  if (!staging)
    return emitError() << "a staging layout is required";
  if ((tensorCopies & ~operands) != 0)
    return emitError() << "tensorCopies (" << tensorCopies
                       << ") must be a sub-mask of operands (" << operands << ")";
  // Every operand copied by loads issues a group: fewer would wait too
  // little.
  const unsigned grouped = unsigned(llvm::popcount(operands & ~tensorCopies));
  if (groups != 0 && groups < grouped)
    return emitError() << "groups (" << groups << ") must cover the " << grouped
                       << " operands copied by loads";
  // Copies at the top of an iteration may overwrite what a dot of the
  // iteration before left in flight still reads, unless another dot's wait
  // drains it in the next iteration.
  if (drained && !inFlight)
    return emitError() << "drained applies to a dot left in flight";
  if (inFlight && copiesFirst && !drained)
    return emitError() << "a dot left in flight needs its copies after it, or drained";
  return success();
}

} // namespace tessel::tilegpu
