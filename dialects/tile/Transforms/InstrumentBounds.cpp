//===- InstrumentBounds.cpp - tile-instrument-bounds ----------------------===//
//
// The bounds-checked launch mode (TESSEL_COMPILE_CHECK_BOUNDS). The kernel
// gets one more parameter, a pointer to the bounds record the runtime fills
// (sdk/include/tessel/plugin_api.h, "Bounds-checked kernels"): a header of
// eight i64 words the kernel writes, followed by the byte size of each
// pointer parameter's buffer, in parameter order.
//
// Every load, store and atomic compares the byte addresses of its active
// lanes with the extent of the buffer its pointer comes from: the parameter
// it is derived from when the derivation is visible (through splats, shape
// ops, addptr, selects and loop-carried pointers), else any parameter's
// buffer. Out-of-bounds lanes are masked off, so nothing outside a buffer
// is read or written, and the first fault is recorded: the lane that takes
// the record's count from 0 to 1 writes the site (kind, source line and
// column, buffer), the program id and the offending byte offset. i32 index
// arithmetic that feeds an address is recomputed in i64, and a result that
// differs (the index wrapped) is a fault of its own, reported before the
// access it would corrupt.
//
//===----------------------------------------------------------------------===//

#include "dialects/tile/Transforms/Passes.h"

#include "dialects/tile/IR/TileOps.h"
#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

namespace tessel::tile {
#define GEN_PASS_DEF_TILEINSTRUMENTBOUNDS
#include "dialects/tile/Transforms/Passes.h.inc"
} // namespace tessel::tile

using namespace mlir;
using namespace tessel;

namespace {

/// Device memory (`!tile.ptr<T>`); shared memory (3) is not a buffer of
/// the launch.
constexpr int kGlobalAddressSpace = 1;

/// Byte size of one element behind a pointer: i1 is stored as a byte,
/// pointers as 8 bytes.
int64_t getElementBytes(Type pointee) {
  if (isa<tile::PointerType>(pointee))
    return 8;
  if (pointee.isIntOrFloat())
    return std::max<int64_t>(1, (pointee.getIntOrFloatBitWidth() + 7) / 8);
  return 0;
}

/// The innermost file position of `loc`: inside an inlined helper, the
/// helper's line.
std::pair<int64_t, int64_t> getLineAndColumn(Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return {file.getLine(), file.getColumn()};
  if (auto name = dyn_cast<NameLoc>(loc))
    return getLineAndColumn(name.getChildLoc());
  if (auto call = dyn_cast<CallSiteLoc>(loc))
    return getLineAndColumn(call.getCallee());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (auto position = getLineAndColumn(inner); position.first != 0)
        return position;
  return {0, 0};
}

class Instrumenter {
public:
  Instrumenter(func::FuncOp kernel) : kernel(kernel) {}

  LogicalResult run();

private:
  std::optional<unsigned> traceBuffer(Value pointer);
  Value getConstant(OpBuilder &b, Location loc, Type type, int64_t value);
  Value splatLike(OpBuilder &b, Location loc, Value scalar, Type like);
  Value getInBounds(OpBuilder &b, Location loc, Value address, int64_t bytes,
                    std::optional<unsigned> buffer);
  void recordFault(OpBuilder &b, Location loc, Value bad, uint64_t kind,
                   std::optional<unsigned> buffer, Value value);
  LogicalResult instrumentAccess(Operation *op);
  void instrumentIndexArithmetic(Operation *op);

  func::FuncOp kernel;
  /// Function arguments that are pointers, and for each its base address
  /// and one-past-the-end address (i64), computed at the entry.
  SmallVector<unsigned> pointerArgs;
  DenseMap<unsigned, std::pair<Value, Value>> extents;
  Value record;
  Value programIds[3];
  DenseMap<Value, std::optional<unsigned>> traced;
};

std::optional<unsigned> Instrumenter::traceBuffer(Value pointer) {
  if (auto it = traced.find(pointer); it != traced.end())
    return it->second;
  // Assume "unknown" while visiting, which ends cycles through loops.
  traced[pointer] = std::nullopt;
  std::optional<unsigned> result;
  if (auto arg = dyn_cast<BlockArgument>(pointer)) {
    Block *block = arg.getOwner();
    if (block->isEntryBlock() && block->getParentOp() == kernel.getOperation()) {
      result = arg.getArgNumber();
    } else if (auto loop = dyn_cast<scf::ForOp>(block->getParentOp());
               loop && arg.getArgNumber() >= 1) {
      unsigned i = arg.getArgNumber() - 1;
      std::optional<unsigned> init = traceBuffer(loop.getInitArgs()[i]);
      // Carried: the yielded pointer must come from the same buffer, or
      // from this argument itself (which the provisional entry marks
      // unknown, so seed it with the initial value's buffer first).
      traced[pointer] = init;
      auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
      if (init && traceBuffer(yield.getOperand(i)) == init)
        result = init;
    }
  } else if (Operation *def = pointer.getDefiningOp()) {
    if (isa<tile::SplatOp, tile::BroadcastOp, tile::ExpandDimsOp, tile::ReshapeOp,
            tile::TransOp, tile::AddPtrOp>(def)) {
      result = traceBuffer(def->getOperand(0));
    } else if (auto select = dyn_cast<arith::SelectOp>(def)) {
      std::optional<unsigned> a = traceBuffer(select.getTrueValue());
      if (a && traceBuffer(select.getFalseValue()) == a)
        result = a;
    } else if (auto loop = dyn_cast<scf::ForOp>(def)) {
      unsigned i = cast<OpResult>(pointer).getResultNumber();
      result = traceBuffer(loop.getRegionIterArgs()[i]);
    }
  }
  traced[pointer] = result;
  return result;
}

Value Instrumenter::getConstant(OpBuilder &b, Location loc, Type type, int64_t value) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(tensor, b.getIntegerAttr(tensor.getElementType(),
                                                                 value)));
  return arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, value));
}

Value Instrumenter::splatLike(OpBuilder &b, Location loc, Value scalar, Type like) {
  auto tensor = dyn_cast<RankedTensorType>(like);
  if (!tensor)
    return scalar;
  return tile::SplatOp::create(
      b, loc, RankedTensorType::get(tensor.getShape(), scalar.getType()), scalar);
}

Value Instrumenter::getInBounds(OpBuilder &b, Location loc, Value address, int64_t bytes,
                                std::optional<unsigned> buffer) {
  Type type = address.getType();
  Value last = arith::AddIOp::create(b, loc, address, getConstant(b, loc, type, bytes));
  auto within = [&](unsigned arg) {
    auto [begin, end] = extents[arg];
    Value lo = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, address,
                                     splatLike(b, loc, begin, type));
    Value hi = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, last,
                                     splatLike(b, loc, end, type));
    return arith::AndIOp::create(b, loc, lo, hi).getResult();
  };
  Type i1 = tile::getI1SameShape(type);
  if (buffer)
    return within(*buffer);
  Value any = getConstant(b, loc, i1, 0);
  for (unsigned arg : pointerArgs)
    any = arith::OrIOp::create(b, loc, any, within(arg));
  return any;
}

void Instrumenter::recordFault(OpBuilder &b, Location loc, Value bad, uint64_t kind,
                               std::optional<unsigned> buffer, Value value) {
  auto [line, column] = getLineAndColumn(loc);
  uint64_t site = kind << 60 | (uint64_t(line) & 0xffffff) << 36 |
                  (uint64_t(column) & 0xffff) << 20 |
                  (buffer ? uint64_t(*buffer + 1) & 0xfffff : 0);
  Type shaped = value.getType(); // i64 or a tensor of i64 in bad's shape
  auto wordPointer = [&](int64_t word) {
    Value p = record;
    if (word != 0)
      p = tile::AddPtrOp::create(b, loc, record.getType(), record,
                                 getConstant(b, loc, b.getI32Type(), word));
    return splatLike(b, loc, p, shaped);
  };
  Value one = getConstant(b, loc, shaped, 1);
  Value old = tile::AtomicRMWOp::create(b, loc, shaped, tile::AtomicRMWKind::Add,
                                        wordPointer(0), one, bad);
  Value first = arith::AndIOp::create(
      b, loc, bad,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, old,
                            getConstant(b, loc, shaped, 0)));
  Value words[] = {getConstant(b, loc, shaped, int64_t(site)),
                   splatLike(b, loc, programIds[0], shaped),
                   splatLike(b, loc, programIds[1], shaped),
                   splatLike(b, loc, programIds[2], shaped), value};
  for (auto [i, word] : llvm::enumerate(words))
    tile::StoreOp::create(b, loc, wordPointer(int64_t(i) + 1), word, first);
}

LogicalResult Instrumenter::instrumentAccess(Operation *op) {
  Location loc = op->getLoc();
  OpBuilder b(op);
  Value pointer = op->getOperand(isa<tile::AtomicRMWOp>(op) ? 1 : 0);
  Value mask;
  uint64_t kind = 3;
  if (auto load = dyn_cast<tile::LoadOp>(op)) {
    mask = load.getMask();
    kind = 1;
  } else if (auto store = dyn_cast<tile::StoreOp>(op)) {
    mask = store.getMask();
    kind = 2;
  } else if (auto rmw = dyn_cast<tile::AtomicRMWOp>(op)) {
    mask = rmw.getMask();
  } else {
    // atomic_cas has no mask to drop out-of-bounds lanes with.
    return op->emitOpError("is not supported by the bounds-checked mode");
  }
  Type pointerType = pointer.getType();
  auto element = cast<tile::PointerType>(getElementTypeOrSelf(pointerType));
  if (element.getAddressSpace() != kGlobalAddressSpace)
    return success(); // shared memory is the compiler's own
  int64_t bytes = getElementBytes(element.getPointeeType());
  if (bytes == 0)
    return op->emitOpError("bounds checks: the pointee has no byte size");

  Type i64Like = isa<RankedTensorType>(pointerType)
                     ? Type(RankedTensorType::get(
                           cast<RankedTensorType>(pointerType).getShape(), b.getI64Type()))
                     : Type(b.getI64Type());
  std::optional<unsigned> buffer = traceBuffer(pointer);
  Value address = tile::PtrToIntOp::create(b, loc, i64Like, pointer);
  Value inBounds = getInBounds(b, loc, address, bytes, buffer);
  Type i1 = inBounds.getType();
  Value active = mask ? mask : getConstant(b, loc, i1, 1);
  Value outside = arith::XOrIOp::create(b, loc, inBounds, getConstant(b, loc, i1, 1));
  Value bad = arith::AndIOp::create(b, loc, active, outside);
  Value reported = address;
  if (buffer)
    reported = arith::SubIOp::create(b, loc, address,
                                     splatLike(b, loc, extents[*buffer].first, i64Like));
  recordFault(b, loc, bad, kind, buffer, reported);

  // The access itself touches only in-bounds lanes.
  Value allowed = arith::AndIOp::create(b, loc, active, inBounds);
  if (auto load = dyn_cast<tile::LoadOp>(op)) {
    load.getMaskMutable().assign(allowed);
    // Skipped lanes read 0 (the ABI's promise), not whatever was there.
    Type value = load.getType();
    Type scalar = getElementTypeOrSelf(value);
    if (!load.getOther() && scalar.isIntOrFloat()) {
      TypedAttr zero = b.getZeroAttr(scalar);
      Value other =
          isa<RankedTensorType>(value)
              ? arith::ConstantOp::create(
                    b, loc, DenseElementsAttr::get(cast<RankedTensorType>(value), zero))
                    .getResult()
              : arith::ConstantOp::create(b, loc, zero).getResult();
      load.getOtherMutable().assign(other);
    }
  } else if (auto store = dyn_cast<tile::StoreOp>(op)) {
    store.getMaskMutable().assign(allowed);
  } else if (auto rmw = dyn_cast<tile::AtomicRMWOp>(op)) {
    rmw.getMaskMutable().assign(allowed);
  }
  return success();
}

void Instrumenter::instrumentIndexArithmetic(Operation *op) {
  Location loc = op->getLoc();
  Value result = op->getResult(0);
  Type type = result.getType();
  Type i64Like = isa<RankedTensorType>(type)
                     ? Type(RankedTensorType::get(cast<RankedTensorType>(type).getShape(),
                                                  IntegerType::get(op->getContext(), 64)))
                     : Type(IntegerType::get(op->getContext(), 64));
  // The check relies on the wrapped result: no-wrap flags would let LLVM
  // assume the answer.
  if (auto flags = dyn_cast<arith::ArithIntegerOverflowFlagsInterface>(op))
    op->setAttr(flags.getIntegerOverflowAttrName(),
                arith::IntegerOverflowFlagsAttr::get(op->getContext(),
                                                     arith::IntegerOverflowFlags::none));
  OpBuilder b(op->getContext());
  b.setInsertionPointAfter(op);
  Value lhs = arith::ExtSIOp::create(b, loc, i64Like, op->getOperand(0));
  Value rhs = arith::ExtSIOp::create(b, loc, i64Like, op->getOperand(1));
  Value wide;
  if (isa<arith::AddIOp>(op))
    wide = arith::AddIOp::create(b, loc, lhs, rhs);
  else if (isa<arith::SubIOp>(op))
    wide = arith::SubIOp::create(b, loc, lhs, rhs);
  else
    wide = arith::MulIOp::create(b, loc, lhs, rhs);
  Value narrow = arith::ExtSIOp::create(b, loc, i64Like, result);
  Value bad = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, wide, narrow);
  recordFault(b, loc, bad, 4, std::nullopt, wide);
}

LogicalResult Instrumenter::run() {
  MLIRContext *context = kernel.getContext();
  Block &entry = kernel.getBody().front();
  auto recordType =
      tile::PointerType::get(IntegerType::get(context, 64), kGlobalAddressSpace);
  for (BlockArgument arg : entry.getArguments())
    if (auto p = dyn_cast<tile::PointerType>(arg.getType()); p && p.getAddressSpace() == kGlobalAddressSpace)
      pointerArgs.push_back(arg.getArgNumber());

  // What to check, gathered before any check is added.
  SmallVector<Operation *> accesses;
  llvm::SetVector<Operation *> indexArithmetic;
  kernel.walk([&](Operation *op) {
    if (isa<tile::LoadOp, tile::StoreOp, tile::AtomicRMWOp, tile::AtomicCASOp>(op))
      accesses.push_back(op);
    if (auto addptr = dyn_cast<tile::AddPtrOp>(op)) {
      SetVector<Operation *> slice;
      BackwardSliceOptions options;
      options.omitBlockArguments = true;
      options.inclusive = true;
      options.filter = [](Operation *def) {
        return isa<arith::ArithDialect, tile::TileDialect>(def->getDialect());
      };
      if (Operation *def = addptr.getOffset().getDefiningOp()) {
        (void)getBackwardSlice(def, &slice, options);
        for (Operation *s : slice)
          if (isa<arith::AddIOp, arith::SubIOp, arith::MulIOp>(s) &&
              getElementTypeOrSelf(s->getResult(0).getType()).isInteger(32))
            indexArithmetic.insert(s);
      }
    }
  });

  unsigned recordIndex = entry.getNumArguments();
  if (failed(kernel.insertArgument(recordIndex, recordType,
                                   DictionaryAttr::get(context, {NamedAttribute(
                                       StringAttr::get(context, tile::kBoundsRecordAttrName),
                                       UnitAttr::get(context))}),
                                   kernel.getLoc())))
    return failure();
  record = entry.getArgument(recordIndex);

  OpBuilder b = OpBuilder::atBlockBegin(&entry);
  Location loc = kernel.getLoc();
  Type i64 = b.getI64Type();
  tile::ProgramDim dims[] = {tile::ProgramDim::X, tile::ProgramDim::Y, tile::ProgramDim::Z};
  for (int d = 0; d < 3; ++d)
    programIds[d] = arith::ExtSIOp::create(
        b, loc, i64, tile::ProgramIdOp::create(b, loc, b.getI32Type(), dims[d]));
  for (auto [k, arg] : llvm::enumerate(pointerArgs)) {
    Value base = tile::PtrToIntOp::create(b, loc, i64, entry.getArgument(arg));
    Value sizeWord = tile::AddPtrOp::create(b, loc, recordType, record,
                                            getConstant(b, loc, b.getI32Type(), 8 + k));
    Value size = tile::LoadOp::create(b, loc, i64, sizeWord, Value(), Value());
    extents[arg] = {base, arith::AddIOp::create(b, loc, base, size)};
  }

  for (Operation *op : indexArithmetic)
    instrumentIndexArithmetic(op);
  for (Operation *op : accesses)
    if (failed(instrumentAccess(op)))
      return failure();
  return success();
}

struct InstrumentBoundsPass
    : tile::impl::TileInstrumentBoundsBase<InstrumentBoundsPass> {
  using TileInstrumentBoundsBase::TileInstrumentBoundsBase;

  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (func.isExternal() || (!kernel.empty() && func.getSymName() != kernel))
        continue;
      if (func->hasAttr("tile.bounds_checked"))
        continue;
      if (failed(Instrumenter(func).run()))
        return signalPassFailure();
      func->setAttr("tile.bounds_checked", UnitAttr::get(&getContext()));
    }
  }
};

} // namespace
