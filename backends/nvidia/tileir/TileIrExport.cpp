//===- TileIrExport.cpp - Tile IR kernels as CUDA Tile IR bytecode --------===//
//
// The format (NVIDIA's CUDA Tile IR specification, "Binary Format"): a
// 12-byte header (magic, major, minor, 16-bit tag), then sections, each an
// id byte (bit 7: an alignment follows), a length and the payload; the
// byte 0 ends the file. Unsigned numbers are LEB128 varints, signed ones
// zigzag varints, fixed-width values little-endian, padding 0xCB. Strings,
// types and constants live in tables that the functions refer to by index.
// A function body is a flat run of op records: the opcode, the result
// count (ops with variadic operands or results only), the result types,
// a flags varint (ops with optional fields), the attributes in their
// declared order, the operands (value numbers: the arguments first, then
// each op's results in order, numbered once the op and its regions are
// written; a block's arguments take the next numbers, given back when the
// block ends), then the regions. Every value is a tile; a scalar is a
// tile of rank 0.
//
// Written for version 13.1: later fields (for's flags, negi's overflow,
// tanh's and exp's rounding) are left out.
//
//===----------------------------------------------------------------------===//

#include "backends/nvidia/tileir/TileIrExport.h"

#include "backends/nvidia/tileir/TileIrFormat.h"

#include <array>
#include <map>
#include <optional>

#include "dialects/tile/IR/TileDialect.h"
#include "dialects/tile/IR/TileOps.h"
#include "dialects/tile/IR/TileTypes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace tessel::nvidia::tileir {
namespace {

/// Writes one kernel.
class Exporter {
public:
  explicit Exporter(func::FuncOp kernel) : kernel(kernel) {}

  FailureOr<std::string> run() {
    // The signature: every argument a tile of rank 0, no results.
    std::vector<uint64_t> inputs;
    for (BlockArgument arg : kernel.getArguments()) {
      std::optional<uint64_t> type = tileType(arg.getType());
      if (!type)
        return kernel.emitError() << "argument " << arg.getArgNumber() << " of type "
                                  << arg.getType() << " has no CUDA Tile IR type";
      inputs.push_back(*type);
      numbers[arg] = next++;
    }
    if (kernel.getNumResults() != 0)
      return kernel.emitError() << "a CUDA Tile IR kernel returns nothing";
    Buffer signature;
    signature.vu(Function);
    signature.vu(inputs.size());
    for (uint64_t t : inputs)
      signature.vu(t);
    signature.vu(0);
    const uint64_t signatureType = types.get(signature.bytes);

    Buffer body;
    for (Operation &op : kernel.getBody().front())
      if (failed(emit(&op, body)))
        return failure();

    Buffer functions;
    functions.vu(1);
    functions.vu(strings.get(kernel.getSymName().str()));
    functions.vu(signatureType);
    functions.u8(0x02); // an entry (kernel), no hints
    functions.vu(0);    // no location
    functions.vu(body.bytes.size());
    functions.append(body.bytes);
    functions.align(8);

    Buffer out;
    for (char byte : {'\x7F', 'T', 'i', 'l', 'e', 'I', 'R', '\0'})
      out.u8(uint8_t(byte));
    out.u8(13);
    out.u8(1);
    out.le<uint16_t>(0);
    writeSection(out, Functions, functions.bytes, 8);
    if (!constants.entries.empty())
      writeSection(out, Constants, constants.write(8), 8);
    writeSection(out, Types, types.write(4), 4);
    writeSection(out, Strings, strings.write(4), 4);
    out.u8(EndOfBytecode);
    return out.bytes;
  }

private:
  func::FuncOp kernel;
  Table strings, types, constants;
  llvm::DenseMap<Value, uint64_t> numbers;
  uint64_t next = 0;

  static void writeSection(Buffer &out, uint8_t id, const std::string &payload,
                           size_t alignment) {
    out.u8(id | 0x80);
    out.vu(payload.size());
    out.vu(alignment);
    out.align(alignment);
    out.append(payload);
  }

  //===--------------------------------------------------------------------===//
  // Types
  //===--------------------------------------------------------------------===//

  std::optional<uint64_t> scalarType(Type t) {
    uint8_t tag;
    if (t.isInteger(1))
      tag = I1;
    else if (t.isInteger(8))
      tag = I8;
    else if (t.isInteger(16))
      tag = I16;
    else if (t.isInteger(32))
      tag = I32;
    else if (t.isInteger(64))
      tag = I64;
    else if (t.isF16())
      tag = F16;
    else if (t.isBF16())
      tag = BF16;
    else if (t.isF32())
      tag = F32;
    else if (t.isF64())
      tag = F64;
    else if (isa<Float8E4M3FNType>(t))
      tag = F8E4M3FN;
    else if (isa<Float8E5M2Type>(t))
      tag = F8E5M2;
    else if (auto ptr = dyn_cast<tile::PointerType>(t)) {
      std::optional<uint64_t> pointee = scalarType(ptr.getPointeeType());
      if (!pointee || isa<tile::PointerType>(ptr.getPointeeType()))
        return std::nullopt;
      Buffer b;
      b.vu(Pointer);
      b.vu(*pointee);
      return types.get(b.bytes);
    } else {
      return std::nullopt;
    }
    Buffer b;
    b.vu(tag);
    return types.get(b.bytes);
  }

  /// A scalar or a ranked tensor as a tile; dimensions must be powers of
  /// two (as CUDA Tile IR's tiles are).
  std::optional<uint64_t> tileType(Type t) {
    Type element = getElementTypeOrSelf(t);
    SmallVector<int64_t> shape;
    if (auto ranked = dyn_cast<RankedTensorType>(t))
      shape.assign(ranked.getShape().begin(), ranked.getShape().end());
    for (int64_t d : shape)
      if (d <= 0 || !llvm::isPowerOf2_64(uint64_t(d)))
        return std::nullopt;
    std::optional<uint64_t> e = scalarType(element);
    if (!e)
      return std::nullopt;
    return tileTypeOf(*e, shape);
  }

  uint64_t tileTypeOf(uint64_t element, ArrayRef<int64_t> shape) {
    Buffer b;
    b.vu(Tile);
    b.vu(element);
    b.vu(shape.size());
    for (int64_t d : shape)
      b.le<int64_t>(d);
    return types.get(b.bytes);
  }

  uint64_t tokenType() {
    Buffer b;
    b.vu(Token);
    return types.get(b.bytes);
  }

  //===--------------------------------------------------------------------===//
  // Op records
  //===--------------------------------------------------------------------===//

  /// The type index of `v`'s type, or an error at `op`.
  FailureOr<uint64_t> typeOf(Operation *op, Type type) {
    if (std::optional<uint64_t> t = tileType(type))
      return *t;
    return op->emitError()
           << "type " << type
           << " has no CUDA Tile IR equivalent (tile dimensions must be "
              "powers of two)";
  }

  FailureOr<uint64_t> use(Operation *op, Value v) {
    auto it = numbers.find(v);
    if (it == numbers.end())
      return op->emitError() << "an operand is not visible to the exported op";
    return it->second;
  }

  /// Gives the next numbers to `results` (after their op's record).
  void define(ValueRange results) {
    for (Value r : results)
      numbers[r] = next++;
  }

  /// One op record of fixed shape: opcode, result types, then `fields`
  /// (attributes and flags, as the op declares them), then the operands
  /// without a count. Returns the first result's number.
  FailureOr<uint64_t> record(Buffer &out, Operation *op, uint8_t opcode,
                             ArrayRef<uint64_t> resultTypes, ValueRange operands,
                             llvm::function_ref<void(Buffer &)> fields = nullptr) {
    this->opcode(out, opcode);
    for (uint64_t t : resultTypes)
      out.vu(t);
    if (fields)
      fields(out);
    for (Value v : operands) {
      FailureOr<uint64_t> n = use(op, v);
      if (failed(n))
        return failure();
      out.vu(*n);
    }
    uint64_t first = next;
    next += resultTypes.size();
    return first;
  }

  /// An op with one result mapped 1:1.
  LogicalResult simple(Buffer &out, Operation *op, uint8_t opcode,
                       llvm::function_ref<void(Buffer &)> fields = nullptr) {
    FailureOr<uint64_t> type = typeOf(op, op->getResult(0).getType());
    if (failed(type))
      return failure();
    FailureOr<uint64_t> n = record(out, op, opcode, {*type}, op->getOperands(), fields);
    if (failed(n))
      return failure();
    numbers[op->getResult(0)] = *n;
    return success();
  }

  /// A constant tile of `type` holding `blob` (one element: a splat).
  uint64_t constant(Buffer &out, uint64_t type, const std::string &blob) {
    Buffer data;
    data.vu(blob.size());
    data.append(blob);
    opcode(out, Constant);
    out.vu(type);
    out.vu(constants.get(data.bytes));
    return next++;
  }

  /// A value of `shape` from a rank-0 tile `scalar` of `element`: reshape
  /// to all-ones dimensions, then broadcast.
  FailureOr<uint64_t> splat(Buffer &out, Operation *op, uint64_t scalar, Type element,
                            ArrayRef<int64_t> shape) {
    if (shape.empty())
      return scalar;
    std::optional<uint64_t> e = scalarType(element);
    if (!e)
      return op->emitError() << "element type " << element
                             << " has no CUDA Tile IR type";
    SmallVector<int64_t> ones(shape.size(), 1);
    opcode(out, Reshape);
    out.vu(tileTypeOf(*e, ones));
    out.vu(scalar);
    uint64_t reshaped = next++;
    opcode(out, Broadcast);
    out.vu(tileTypeOf(*e, shape));
    out.vu(reshaped);
    return next++;
  }

  /// A self-contained integer or float attribute of `element` (a reduce's
  /// identity).
  void identity(Buffer &out, Type element, Attribute value) {
    const bool isFloat = isa<FloatType>(element);
    out.vu(isFloat ? 2 : 1);
    out.vu(*scalarType(element));
    APInt bits = isFloat ? cast<FloatAttr>(value).getValue().bitcastToAPInt()
                         : cast<IntegerAttr>(value).getValue();
    const unsigned width = bits.getBitWidth();
    if (!isFloat) {
      if (width == 1)
        out.u8(bits.isZero() ? 0 : 1);
      else
        out.vu(bits.getZExtValue());
    } else if (width <= 8) {
      out.u8(uint8_t(bits.getZExtValue()));
    } else {
      out.vs(int64_t(bits.getZExtValue()));
    }
  }

  /// A reduce or scan: `dim`, identities, operands, one region whose block
  /// takes (incoming, accumulated) per operand and ends in yield.
  LogicalResult reduceLike(Buffer &out, Operation *op, Region &combiner, int64_t axis,
                           std::optional<bool> reverse) {
    Block &block = combiner.front();
    const unsigned n = op->getNumOperands();
    SmallVector<Attribute> identities;
    Operation *terminator = block.getTerminator();
    for (unsigned i = 0; i < n; ++i) {
      Value yielded = terminator->getOperand(i);
      Operation *def = yielded.getDefiningOp();
      Type element = getElementTypeOrSelf(op->getOperand(i).getType());
      Attribute id = def && def->getBlock() == &block
                         ? getCombinerIdentity(def, element)
                         : nullptr;
      // The combiner must combine this operand's own pair.
      if (!id || def->getNumOperands() != 2 ||
          !llvm::is_contained(def->getOperands(), block.getArgument(i)) ||
          !llvm::is_contained(def->getOperands(), block.getArgument(n + i)))
        return op->emitError()
               << op->getName()
               << ": only combiners of one sum, product, minimum, maximum "
                  "or bitwise op per operand have the identity CUDA Tile "
                  "IR's "
               << (reverse ? "scan" : "reduce") << " needs";
      identities.push_back(id);
    }
    opcode(out, reverse ? Scan : Reduce);
    out.vu(op->getNumResults());
    for (Value r : op->getResults()) {
      FailureOr<uint64_t> t = typeOf(op, r.getType());
      if (failed(t))
        return failure();
      out.vu(*t);
    }
    out.vu(uint64_t(axis));
    if (reverse)
      out.u8(*reverse ? 1 : 0);
    out.vu(identities.size());
    for (unsigned i = 0; i < n; ++i)
      identity(out, getElementTypeOrSelf(op->getOperand(i).getType()), identities[i]);
    out.vu(n);
    for (Value v : op->getOperands()) {
      FailureOr<uint64_t> num = use(op, v);
      if (failed(num))
        return failure();
      out.vu(*num);
    }
    // One region, one block: (incoming i, accumulated i) per operand, as
    // rank-0 tiles.
    out.vu(1);
    out.vu(1);
    out.vu(2 * n);
    const uint64_t start = next;
    for (unsigned i = 0; i < n; ++i) {
      uint64_t t = *tileType(getElementTypeOrSelf(op->getOperand(i).getType()));
      out.vu(t);
      out.vu(t);
      numbers[block.getArgument(n + i)] = next++;
      numbers[block.getArgument(i)] = next++;
    }
    if (failed(blockOps(out, block, Yield)))
      return failure();
    next = start;
    define(op->getResults());
    return success();
  }

  /// The ops of `block` as a count and records; its terminator (scf.yield
  /// or tile.yield) becomes `terminatorOpcode`.
  LogicalResult blockOps(Buffer &out, Block &block, uint8_t terminatorOpcode) {
    Buffer ops;
    const uint64_t outer = recordCount;
    recordCount = 0;
    for (Operation &op : block) {
      if (op.hasTrait<OpTrait::IsTerminator>()) {
        opcode(ops, terminatorOpcode);
        ops.vu(0);
        ops.vu(op.getNumOperands());
        for (Value v : op.getOperands()) {
          FailureOr<uint64_t> n = use(&op, v);
          if (failed(n))
            return failure();
          ops.vu(*n);
        }
        continue;
      }
      if (failed(emit(&op, ops)))
        return failure();
    }
    out.vu(recordCount);
    recordCount = outer;
    out.append(ops.bytes);
    return success();
  }

  /// Records begun in the block being written (each opcode written counts
  /// one; the records of nested blocks count in theirs).
  uint64_t recordCount = 0;
  void opcode(Buffer &out, uint8_t code) {
    out.vu(code);
    ++recordCount;
  }

  /// Writes `op` (a function-level or nested op) as Tile IR records: one
  /// most often, several or none for some (make_range, splat, barrier).
  LogicalResult emit(Operation *op, Buffer &out) { return dispatch(op, out); }

  LogicalResult binary(Buffer &out, Operation *op, uint8_t opcode,
                       std::initializer_list<uint64_t> attrs = {}) {
    return simple(out, op, opcode, [&](Buffer &b) {
      for (uint64_t a : attrs)
        b.vu(a);
    });
  }

  LogicalResult dispatch(Operation *op, Buffer &out) {
    // Float ops without flush-to-zero, rounding to nearest even.
    auto floatArith = [&](uint8_t opcode) {
      return simple(out, op, opcode, [](Buffer &b) {
        b.vu(0); // flags: no ftz
        b.vu(kNearestEven);
      });
    };
    return llvm::TypeSwitch<Operation *, LogicalResult>(op)
        .Case<func::ReturnOp>([&](auto) {
          opcode(out, Return);
          out.vu(0);
          out.vu(0);
          return success();
        })
        .Case<arith::ConstantOp>([&](arith::ConstantOp c) -> LogicalResult {
          FailureOr<uint64_t> type = typeOf(op, c.getType());
          if (failed(type))
            return failure();
          std::string blob;
          if (auto dense = dyn_cast<DenseElementsAttr>(c.getValue())) {
            if (dense.isSplat())
              blob = encodeElement(dense.getSplatValue<Attribute>());
            else if (dense.getElementType().isInteger(1))
              return op->emitError() << "a non-uniform i1 constant has no portable "
                                        "CUDA Tile IR encoding";
            else
              for (Attribute e : dense.getValues<Attribute>())
                blob += encodeElement(e);
          } else {
            blob = encodeElement(c.getValue());
          }
          numbers[c.getResult()] = constant(out, *type, blob);
          return success();
        })
        .Case<tile::ProgramIdOp, tile::NumProgramsOp>([&](auto p) -> LogicalResult {
          uint64_t i32 = *tileType(IntegerType::get(op->getContext(), 32));
          FailureOr<uint64_t> first = record(
              out, op, isa<tile::ProgramIdOp>(op) ? GetTileBlockId : GetNumTileBlocks,
              {i32, i32, i32}, {});
          if (failed(first))
            return failure();
          numbers[p.getResult()] = *first + uint64_t(p.getAxis());
          return success();
        })
        .Case<tile::MakeRangeOp>([&](tile::MakeRangeOp r) -> LogicalResult {
          FailureOr<uint64_t> type = typeOf(op, r.getType());
          if (failed(type))
            return failure();
          opcode(out, Iota);
          out.vu(*type);
          uint64_t iota = next++;
          if (r.getStart() == 0) {
            numbers[r.getResult()] = iota;
            return success();
          }
          Type i32 = IntegerType::get(op->getContext(), 32);
          uint64_t start = constant(
              out, *type, encodeElement(IntegerAttr::get(i32, int64_t(r.getStart()))));
          opcode(out, AddI);
          out.vu(*type);
          out.vu(kNoOverflow);
          out.vu(iota);
          out.vu(start);
          numbers[r.getResult()] = next++;
          return success();
        })
        .Case<tile::SplatOp>([&](tile::SplatOp s) -> LogicalResult {
          FailureOr<uint64_t> src = use(op, s.getSrc());
          if (failed(src) || failed(typeOf(op, s.getType())))
            return failure();
          auto shape = cast<RankedTensorType>(s.getType()).getShape();
          FailureOr<uint64_t> v =
              splat(out, op, *src, getElementTypeOrSelf(s.getType()), shape);
          if (failed(v))
            return failure();
          numbers[s.getResult()] = *v;
          return success();
        })
        .Case<tile::BroadcastOp>([&](auto) { return simple(out, op, Broadcast); })
        .Case<tile::ExpandDimsOp, tile::ReshapeOp>(
            [&](auto) { return simple(out, op, Reshape); })
        .Case<tile::TransOp>([&](tile::TransOp t) {
          return simple(out, op, Permute, [&](Buffer &b) {
            b.vu(t.getOrder().size());
            for (int32_t d : t.getOrder())
              b.le<int32_t>(d);
          });
        })
        .Case<tile::AddPtrOp>([&](auto) { return simple(out, op, Offset); })
        .Case<tile::PtrToIntOp>([&](auto) { return simple(out, op, PtrToInt); })
        .Case<tile::LoadOp>([&](tile::LoadOp l) -> LogicalResult {
          FailureOr<uint64_t> type = typeOf(op, l.getType());
          if (failed(type))
            return failure();
          SmallVector<Value> operands = {l.getPtr()};
          uint64_t flags = 0;
          if (l.getMask()) {
            flags |= 1u << 2;
            operands.push_back(l.getMask());
          }
          if (l.getOther()) {
            flags |= 1u << 3;
            operands.push_back(l.getOther());
          }
          FailureOr<uint64_t> first =
              record(out, op, LoadPtr, {*type, tokenType()}, operands, [&](Buffer &b) {
                b.vu(flags);
                b.vu(kWeak);
              });
          if (failed(first))
            return failure();
          numbers[l.getResult()] = *first;
          return success();
        })
        .Case<tile::StoreOp>([&](tile::StoreOp s) -> LogicalResult {
          SmallVector<Value> operands = {s.getPtr(), s.getValue()};
          uint64_t flags = 0;
          if (s.getMask()) {
            flags |= 1u << 2;
            operands.push_back(s.getMask());
          }
          return record(out, op, StorePtr, {tokenType()}, operands, [&](Buffer &b) {
            b.vu(flags);
            b.vu(kWeak);
          });
        })
        .Case<tile::DotOp>([&](tile::DotOp d) -> LogicalResult {
          Type input = getElementTypeOrSelf(d.getA().getType());
          if (isa<FloatType>(input))
            return simple(out, op, MmaF);
          return binary(out, op, MmaI, {kSigned, kSigned});
        })
        .Case<tile::ReduceOp>([&](tile::ReduceOp r) {
          return reduceLike(out, op, r.getCombineOp(), r.getAxis(), std::nullopt);
        })
        .Case<tile::ScanOp>([&](tile::ScanOp s) {
          return reduceLike(out, op, s.getCombineOp(), s.getAxis(), s.getReverse());
        })
        .Case<tile::FpToFpOp>([&](tile::FpToFpOp f) {
          uint64_t rounding = kNearestEven;
          if (f.getRounding() && *f.getRounding() == tile::RoundingMode::RTZ)
            rounding = kTowardZero;
          return binary(out, op, FToF, {rounding});
        })
        .Case<tile::AssertOp>([&](tile::AssertOp a) -> LogicalResult {
          opcode(out, Assert);
          out.vu(strings.get(a.getMessage().str()));
          FailureOr<uint64_t> cond = use(op, a.getCondition());
          if (failed(cond))
            return failure();
          out.vu(*cond);
          return success();
        })
        // A block of one logical thread has nothing to wait for.
        .Case<tile::BarrierOp>([&](auto) { return success(); })
        .Case<tile::AtomicRMWOp>([&](tile::AtomicRMWOp a) -> LogicalResult {
          FailureOr<uint64_t> type = typeOf(op, a.getType());
          if (failed(type))
            return failure();
          static const uint64_t modes[] = {
              /*add*/ 3,  /*fadd*/ 4, /*and*/ 0, /*or*/ 1,
              /*xor*/ 2,  /*max*/ 5,  /*min*/ 6, /*umax*/ 7,
              /*umin*/ 8, /*xchg*/ 9};
          SmallVector<Value> operands = {a.getPtr(), a.getVal()};
          uint64_t flags = 0;
          if (a.getMask()) {
            flags |= 1;
            operands.push_back(a.getMask());
          }
          FailureOr<uint64_t> first = record(out, op, AtomicRmw, {*type, tokenType()},
                                             operands, [&](Buffer &b) {
                                               b.vu(flags);
                                               b.vu(encodeOrdering(a.getSem()));
                                               b.vu(encodeScope(a.getScope()));
                                               b.vu(modes[uint32_t(a.getKind())]);
                                             });
          if (failed(first))
            return failure();
          numbers[a.getResult()] = *first;
          return success();
        })
        .Case<tile::AtomicCASOp>([&](tile::AtomicCASOp a) -> LogicalResult {
          FailureOr<uint64_t> type = typeOf(op, a.getType());
          if (failed(type))
            return failure();
          FailureOr<uint64_t> first =
              record(out, op, AtomicCas, {*type, tokenType()},
                     {a.getPtr(), a.getCmp(), a.getVal()}, [&](Buffer &b) {
                       b.vu(0);
                       b.vu(encodeOrdering(a.getSem()));
                       b.vu(encodeScope(a.getScope()));
                     });
          if (failed(first))
            return failure();
          numbers[a.getResult()] = *first;
          return success();
        })
        .Case<scf::ForOp>([&](scf::ForOp f) { return forLoop(out, f); })
        .Case<scf::IfOp>([&](scf::IfOp i) { return ifOp(out, i); })
        .Case<scf::WhileOp>([&](scf::WhileOp w) { return whileLoop(out, w); })
        // Integer arithmetic.
        .Case<arith::AddIOp>([&](auto) { return binary(out, op, AddI, {kNoOverflow}); })
        .Case<arith::SubIOp>([&](auto) { return binary(out, op, SubI, {kNoOverflow}); })
        .Case<arith::MulIOp>([&](auto) { return binary(out, op, MulI, {kNoOverflow}); })
        .Case<arith::ShLIOp>([&](auto) { return binary(out, op, ShlI, {kNoOverflow}); })
        .Case<arith::DivSIOp>([&](auto) {
          return binary(out, op, DivI, {kSigned, kTowardZero});
        })
        .Case<arith::DivUIOp>([&](auto) {
          return binary(out, op, DivI, {kUnsigned, kTowardZero});
        })
        .Case<arith::CeilDivSIOp>([&](auto) {
          return binary(out, op, DivI, {kSigned, kTowardPositive});
        })
        .Case<arith::CeilDivUIOp>([&](auto) {
          return binary(out, op, DivI, {kUnsigned, kTowardPositive});
        })
        .Case<arith::FloorDivSIOp>([&](auto) {
          return binary(out, op, DivI, {kSigned, kTowardNegative});
        })
        .Case<arith::RemSIOp>([&](auto) { return binary(out, op, RemI, {kSigned}); })
        .Case<arith::RemUIOp>([&](auto) { return binary(out, op, RemI, {kUnsigned}); })
        .Case<arith::MaxSIOp>([&](auto) { return binary(out, op, MaxI, {kSigned}); })
        .Case<arith::MaxUIOp>([&](auto) { return binary(out, op, MaxI, {kUnsigned}); })
        .Case<arith::MinSIOp>([&](auto) { return binary(out, op, MinI, {kSigned}); })
        .Case<arith::MinUIOp>([&](auto) { return binary(out, op, MinI, {kUnsigned}); })
        .Case<arith::ShRSIOp>([&](auto) { return binary(out, op, ShrI, {kSigned}); })
        .Case<arith::ShRUIOp>([&](auto) { return binary(out, op, ShrI, {kUnsigned}); })
        .Case<arith::AndIOp>([&](auto) { return binary(out, op, AndI); })
        .Case<arith::OrIOp>([&](auto) { return binary(out, op, OrI); })
        .Case<arith::XOrIOp>([&](auto) { return binary(out, op, XorI); })
        .Case<math::AbsIOp>([&](auto) { return binary(out, op, AbsI); })
        .Case<arith::CmpIOp>([&](arith::CmpIOp c) {
          using P = arith::CmpIPredicate;
          static const std::map<P, std::pair<uint64_t, uint64_t>> table = {
              {P::eq, {0, kSigned}},    {P::ne, {1, kSigned}},
              {P::slt, {2, kSigned}},   {P::sle, {3, kSigned}},
              {P::sgt, {4, kSigned}},   {P::sge, {5, kSigned}},
              {P::ult, {2, kUnsigned}}, {P::ule, {3, kUnsigned}},
              {P::ugt, {4, kUnsigned}}, {P::uge, {5, kUnsigned}}};
          auto [predicate, signedness] = table.at(c.getPredicate());
          return binary(out, op, CmpI, {predicate, signedness});
        })
        // Floating point.
        .Case<arith::AddFOp>([&](auto) { return floatArith(AddF); })
        .Case<arith::SubFOp>([&](auto) { return floatArith(SubF); })
        .Case<arith::MulFOp>([&](auto) { return floatArith(MulF); })
        .Case<arith::DivFOp>([&](auto) { return floatArith(DivF); })
        .Case<math::FmaOp>([&](auto) { return floatArith(Fma); })
        .Case<math::SqrtOp>([&](auto) { return floatArith(Sqrt); })
        .Case<arith::MaximumFOp>([&](auto) { return binary(out, op, MaxF, {1}); })
        .Case<arith::MaxNumFOp>([&](auto) { return binary(out, op, MaxF, {0}); })
        .Case<arith::MinimumFOp>([&](auto) { return binary(out, op, MinF, {1}); })
        .Case<arith::MinNumFOp>([&](auto) { return binary(out, op, MinF, {0}); })
        .Case<arith::RemFOp>([&](auto) { return binary(out, op, RemF); })
        .Case<arith::NegFOp>([&](auto) { return binary(out, op, NegF); })
        .Case<math::AbsFOp>([&](auto) { return binary(out, op, AbsF); })
        .Case<math::FloorOp>([&](auto) { return binary(out, op, Floor); })
        .Case<math::CeilOp>([&](auto) { return binary(out, op, Ceil); })
        .Case<math::LogOp>([&](auto) { return binary(out, op, Log); })
        .Case<math::Log2Op>([&](auto) { return binary(out, op, Log2); })
        .Case<math::SinOp>([&](auto) { return binary(out, op, Sin); })
        .Case<math::CosOp>([&](auto) { return binary(out, op, Cos); })
        .Case<math::SinhOp>([&](auto) { return binary(out, op, Sinh); })
        .Case<math::CoshOp>([&](auto) { return binary(out, op, Cosh); })
        .Case<math::TanOp>([&](auto) { return binary(out, op, Tan); })
        .Case<math::ExpOp>([&](auto) { return binary(out, op, Exp); })
        .Case<math::TanhOp>([&](auto) { return binary(out, op, Tanh); })
        .Case<math::PowFOp>([&](auto) { return binary(out, op, Pow); })
        .Case<math::Exp2Op>([&](auto) { return binary(out, op, Exp2, {0}); })
        .Case<math::RsqrtOp>([&](auto) { return binary(out, op, Rsqrt, {0}); })
        .Case<arith::CmpFOp>([&](arith::CmpFOp c) -> LogicalResult {
          using P = arith::CmpFPredicate;
          static const std::map<P, std::pair<uint64_t, uint64_t>> table = {
              {P::OEQ, {0, 1}}, {P::ONE, {1, 1}}, {P::OLT, {2, 1}}, {P::OLE, {3, 1}},
              {P::OGT, {4, 1}}, {P::OGE, {5, 1}}, {P::UEQ, {0, 0}}, {P::UNE, {1, 0}},
              {P::ULT, {2, 0}}, {P::ULE, {3, 0}}, {P::UGT, {4, 0}}, {P::UGE, {5, 0}}};
          if (c.getPredicate() == P::UNO || c.getPredicate() == P::ORD)
            return nanTest(out, c);
          auto it = table.find(c.getPredicate());
          if (it == table.end())
            return op->emitError()
                   << "arith.cmpf " << arith::stringifyCmpFPredicate(c.getPredicate())
                   << " has no CUDA Tile IR predicate";
          return binary(out, op, CmpF, {it->second.first, it->second.second});
        })
        .Case<arith::SelectOp>([&](arith::SelectOp s) -> LogicalResult {
          // A scalar condition over tiles is splat first.
          auto shaped = dyn_cast<RankedTensorType>(s.getType());
          if (!shaped || isa<RankedTensorType>(s.getCondition().getType()))
            return simple(out, op, Select);
          FailureOr<uint64_t> cond = use(op, s.getCondition());
          FailureOr<uint64_t> type = typeOf(op, s.getType());
          if (failed(cond) || failed(type))
            return failure();
          FailureOr<uint64_t> wide =
              splat(out, op, *cond, s.getCondition().getType(), shaped.getShape());
          if (failed(wide))
            return failure();
          FailureOr<uint64_t> t = use(op, s.getTrueValue());
          FailureOr<uint64_t> f = use(op, s.getFalseValue());
          if (failed(t) || failed(f))
            return failure();
          opcode(out, Select);
          out.vu(*type);
          out.vu(*wide);
          out.vu(*t);
          out.vu(*f);
          numbers[s.getResult()] = next++;
          return success();
        })
        // Conversions.
        .Case<arith::ExtSIOp>([&](auto) { return binary(out, op, ExtI, {kSigned}); })
        .Case<arith::ExtUIOp>([&](auto) { return binary(out, op, ExtI, {kUnsigned}); })
        .Case<arith::TruncIOp>(
            [&](auto) { return binary(out, op, TruncI, {kNoOverflow}); })
        .Case<arith::ExtFOp, arith::TruncFOp>(
            [&](auto) { return binary(out, op, FToF, {kNearestEven}); })
        .Case<arith::SIToFPOp>([&](auto) {
          return binary(out, op, IToF, {kSigned, kNearestEven});
        })
        .Case<arith::UIToFPOp>([&](auto) {
          return binary(out, op, IToF, {kUnsigned, kNearestEven});
        })
        .Case<arith::FPToSIOp>([&](auto) {
          return binary(out, op, FToI, {kSigned, kTowardZero});
        })
        .Case<arith::FPToUIOp>([&](auto) {
          return binary(out, op, FToI, {kUnsigned, kTowardZero});
        })
        .Case<arith::BitcastOp>([&](auto) { return binary(out, op, Bitcast); })
        .Default([&](Operation *) {
          return op->emitError() << "'" << op->getName()
                                 << "' has no CUDA Tile IR equivalent in this exporter";
        });
  }

  /// cmpf uno (either operand NaN) as `lhs != lhs or rhs != rhs`
  /// (not_equal, unordered: true only for NaN), ord as `lhs == lhs and rhs
  /// == rhs` (equal, ordered).
  LogicalResult nanTest(Buffer &out, arith::CmpFOp c) {
    Operation *op = c;
    FailureOr<uint64_t> type = typeOf(op, c.getType());
    FailureOr<uint64_t> lhs = use(op, c.getLhs()), rhs = use(op, c.getRhs());
    if (failed(type) || failed(lhs) || failed(rhs))
      return failure();
    const bool unordered = c.getPredicate() == arith::CmpFPredicate::UNO;
    uint64_t tests[2];
    for (auto [i, v] : llvm::enumerate(std::array<uint64_t, 2>{*lhs, *rhs})) {
      opcode(out, CmpF);
      out.vu(*type);
      out.vu(unordered ? 1 : 0); // not_equal or equal
      out.vu(unordered ? 0 : 1); // unordered or ordered
      out.vu(v);
      out.vu(v);
      tests[i] = next++;
    }
    opcode(out, unordered ? OrI : AndI);
    out.vu(*type);
    out.vu(tests[0]);
    out.vu(tests[1]);
    numbers[c.getResult()] = next++;
    return success();
  }

  /// for (13.1: no flags): results, the bounds and initial values with one
  /// count, one region whose block takes the induction variable and the
  /// iteration values, ending in continue.
  LogicalResult forLoop(Buffer &out, scf::ForOp f) {
    Operation *op = f;
    opcode(out, For);
    out.vu(f.getNumResults());
    for (Value r : f.getResults()) {
      FailureOr<uint64_t> t = typeOf(op, r.getType());
      if (failed(t))
        return failure();
      out.vu(*t);
    }
    out.vu(3 + f.getInitArgs().size());
    SmallVector<Value> operands = {f.getLowerBound(), f.getUpperBound(), f.getStep()};
    operands.append(f.getInitArgs().begin(), f.getInitArgs().end());
    for (Value v : operands) {
      FailureOr<uint64_t> n = use(op, v);
      if (failed(n))
        return failure();
      out.vu(*n);
    }
    out.vu(1);
    if (failed(region(out, op, f.getRegion(), Continue)))
      return failure();
    define(f.getResults());
    return success();
  }

  /// scf.while as loop: its block (the before region's arguments) runs the
  /// before region's ops, then `if cond { yield } else { break forwarded }`,
  /// then the after region's ops on the forwarded values, ending in
  /// continue; the loop's results are what break passes.
  LogicalResult whileLoop(Buffer &out, scf::WhileOp w) {
    Operation *op = w;
    Block &before = w.getBefore().front(), &after = w.getAfter().front();
    auto condition = cast<scf::ConditionOp>(before.getTerminator());
    opcode(out, Loop);
    out.vu(w.getNumResults());
    for (Value r : w.getResults()) {
      FailureOr<uint64_t> t = typeOf(op, r.getType());
      if (failed(t))
        return failure();
      out.vu(*t);
    }
    out.vu(w.getInits().size());
    for (Value v : w.getInits()) {
      FailureOr<uint64_t> n = use(op, v);
      if (failed(n))
        return failure();
      out.vu(*n);
    }
    out.vu(1); // one region of one block
    out.vu(1);
    out.vu(before.getNumArguments());
    const uint64_t start = next;
    for (BlockArgument arg : before.getArguments()) {
      FailureOr<uint64_t> t = typeOf(op, arg.getType());
      if (failed(t))
        return failure();
      out.vu(*t);
      numbers[arg] = next++;
    }
    Buffer ops;
    const uint64_t outer = recordCount;
    recordCount = 0;
    for (Operation &inner : before.without_terminator())
      if (failed(emit(&inner, ops)))
        return failure();
    FailureOr<uint64_t> cond = use(op, condition.getCondition());
    if (failed(cond))
      return failure();
    SmallVector<uint64_t> forwarded;
    for (Value v : condition.getArgs()) {
      FailureOr<uint64_t> n = use(op, v);
      if (failed(n))
        return failure();
      forwarded.push_back(*n);
    }
    opcode(ops, If);
    ops.vu(0);
    ops.vu(*cond);
    ops.vu(2);
    // then: one block, no arguments, `yield`; else: `break forwarded`.
    for (uint8_t terminator : {uint8_t(Yield), uint8_t(Break)}) {
      ops.vu(1);
      ops.vu(0);
      ops.vu(1);
      ops.vu(terminator);
      ops.vu(0);
      const bool exits = terminator == Break;
      ops.vu(exits ? forwarded.size() : 0);
      if (exits)
        for (uint64_t n : forwarded)
          ops.vu(n);
    }
    for (auto [arg, n] : llvm::zip(after.getArguments(), forwarded))
      numbers[arg] = n;
    for (Operation &inner : after.without_terminator())
      if (failed(emit(&inner, ops)))
        return failure();
    opcode(ops, Continue);
    ops.vu(0);
    ops.vu(after.getTerminator()->getNumOperands());
    for (Value v : after.getTerminator()->getOperands()) {
      FailureOr<uint64_t> n = use(op, v);
      if (failed(n))
        return failure();
      ops.vu(*n);
    }
    out.vu(recordCount);
    recordCount = outer;
    out.append(ops.bytes);
    next = start;
    define(w.getResults());
    return success();
  }

  /// if: results, the condition, then and else regions ending in yield.
  LogicalResult ifOp(Buffer &out, scf::IfOp i) {
    Operation *op = i;
    opcode(out, If);
    out.vu(i.getNumResults());
    for (Value r : i.getResults()) {
      FailureOr<uint64_t> t = typeOf(op, r.getType());
      if (failed(t))
        return failure();
      out.vu(*t);
    }
    FailureOr<uint64_t> cond = use(op, i.getCondition());
    if (failed(cond))
      return failure();
    out.vu(*cond);
    out.vu(2);
    if (failed(region(out, op, i.getThenRegion(), Yield)) ||
        failed(region(out, op, i.getElseRegion(), Yield)))
      return failure();
    define(i.getResults());
    return success();
  }

  /// A region of at most one block: its arguments' types, then its ops;
  /// the numbers its block takes are given back after it.
  LogicalResult region(Buffer &out, Operation *op, Region &r, uint8_t terminator) {
    if (r.empty()) {
      out.vu(0);
      return success();
    }
    if (!r.hasOneBlock())
      return op->emitError()
             << "regions of more than one block have no CUDA Tile IR form";
    Block &block = r.front();
    out.vu(1);
    out.vu(block.getNumArguments());
    const uint64_t start = next;
    for (BlockArgument arg : block.getArguments()) {
      FailureOr<uint64_t> t = typeOf(op, arg.getType());
      if (failed(t))
        return failure();
      out.vu(*t);
      numbers[arg] = next++;
    }
    if (failed(blockOps(out, block, terminator)))
      return failure();
    next = start;
    return success();
  }
};

} // namespace

FailureOr<std::string> exportKernel(func::FuncOp kernel) {
  return Exporter(kernel).run();
}

} // namespace tessel::nvidia::tileir
