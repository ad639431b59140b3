//===- TileIrFormat.h - CUDA Tile IR bytecode primitives --------*- C++ -*-===//
//
// The exporter's building blocks (TileIrExport.cpp's file comment has the
// format): the opcodes, section ids and type tags it writes, attribute
// enumerations, a byte buffer with the format's number encodings, the
// tables of strings, types and constants, and the encodings of a few
// values. Private to backends/nvidia/tileir.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_NVIDIA_TILEIR_TILEIRFORMAT_H
#define TESSEL_BACKENDS_NVIDIA_TILEIR_TILEIRFORMAT_H

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "dialects/tile/IR/TileDialect.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Types.h"

namespace tessel::nvidia::tileir {

/// Opcodes (the format's frozen table) of the ops written here.
enum Opcode : uint8_t {
  AbsF = 0x00,
  AbsI = 0x01,
  AddF = 0x02,
  AddI = 0x03,
  AndI = 0x04,
  Assert = 0x05,
  AtomicCas = 0x07,
  AtomicRmw = 0x08,
  Bitcast = 0x09,
  Break = 0x0A,
  Broadcast = 0x0B,
  Ceil = 0x0D,
  CmpF = 0x0E,
  CmpI = 0x0F,
  Constant = 0x10,
  Continue = 0x11,
  Cos = 0x12,
  Cosh = 0x13,
  DivF = 0x14,
  DivI = 0x15,
  Exp = 0x17,
  Exp2 = 0x18,
  ExtI = 0x25,
  Floor = 0x27,
  Fma = 0x28,
  For = 0x29,
  FToF = 0x2A,
  FToI = 0x2B,
  GetNumTileBlocks = 0x2E,
  GetTileBlockId = 0x30,
  If = 0x32,
  Iota = 0x3A,
  IToF = 0x3B,
  LoadPtr = 0x3D,
  Log = 0x3F,
  Log2 = 0x40,
  Loop = 0x41,
  MaxF = 0x45,
  MaxI = 0x46,
  MinF = 0x47,
  MinI = 0x48,
  MmaF = 0x49,
  MmaI = 0x4A,
  MulF = 0x4C,
  MulI = 0x4E,
  NegF = 0x4F,
  Offset = 0x51,
  OrI = 0x52,
  Permute = 0x53,
  Pow = 0x54,
  Print = 0x55,
  PtrToInt = 0x56,
  Reduce = 0x58,
  RemF = 0x59,
  RemI = 0x5A,
  Reshape = 0x5B,
  Return = 0x5C,
  Rsqrt = 0x5D,
  Scan = 0x5E,
  Select = 0x5F,
  ShlI = 0x60,
  ShrI = 0x61,
  Sin = 0x62,
  Sinh = 0x63,
  Sqrt = 0x64,
  StorePtr = 0x65,
  SubF = 0x67,
  SubI = 0x68,
  Tan = 0x69,
  Tanh = 0x6A,
  TruncI = 0x6B,
  XorI = 0x6C,
  Yield = 0x6D,
};

/// Section ids.
enum Section : uint8_t {
  EndOfBytecode = 0,
  Strings = 1,
  Functions = 2,
  Constants = 4,
  Types = 5
};

/// Type tags.
enum TypeTag : uint8_t {
  I1 = 0,
  I8 = 1,
  I16 = 2,
  I32 = 3,
  I64 = 4,
  F16 = 5,
  BF16 = 6,
  F32 = 7,
  F64 = 9,
  F8E4M3FN = 10,
  F8E5M2 = 11,
  Pointer = 12,
  Tile = 13,
  Function = 16,
  Token = 17,
};

// Enumerations of attributes.
constexpr uint64_t kUnsigned = 0, kSigned = 1;
constexpr uint64_t kNoOverflow = 0;
constexpr uint64_t kNearestEven = 0, kTowardZero = 1, kTowardNegative = 2,
                   kTowardPositive = 3;
constexpr uint64_t kWeak = 0;

/// Bytes under construction.
struct Buffer {
  std::string bytes;
  void u8(uint8_t v) { bytes.push_back(char(v)); }
  void vu(uint64_t v) {
    do {
      uint8_t byte = v & 0x7f;
      v >>= 7;
      u8(v ? byte | 0x80 : byte);
    } while (v);
  }
  void vs(int64_t v) { vu((uint64_t(v) << 1) ^ uint64_t(v >> 63)); }
  template <typename T> void le(T v) {
    for (size_t i = 0; i < sizeof(T); ++i)
      u8(uint8_t(uint64_t(v) >> (8 * i)));
  }
  /// Pads to a multiple of `alignment` counted from the buffer's start.
  void align(size_t alignment) {
    while (bytes.size() % alignment)
      u8(0xCB);
  }
  void append(const std::string &more) { bytes += more; }
};

/// A table of distinct byte strings (strings, type records, constant
/// blobs), numbered in first-use order.
struct Table {
  std::vector<std::string> entries;
  std::map<std::string, uint64_t> index;
  uint64_t get(const std::string &entry) {
    auto [it, added] = index.try_emplace(entry, entries.size());
    if (added)
      entries.push_back(entry);
    return it->second;
  }
  /// count, padding, an offset (of `offsetBytes`) per entry, the entries.
  std::string write(size_t offsetBytes) const {
    Buffer b;
    b.vu(entries.size());
    b.align(offsetBytes);
    uint64_t offset = 0;
    for (const std::string &e : entries) {
      if (offsetBytes == 4)
        b.le<uint32_t>(uint32_t(offset));
      else
        b.le<uint64_t>(offset);
      offset += e.size();
    }
    for (const std::string &e : entries)
      b.append(e);
    return b.bytes;
  }
};

/// The little-endian bytes of one element of a constant (i1 as 0x00 or
/// 0xFF): an IntegerAttr or FloatAttr.
std::string encodeElement(mlir::Attribute element);

/// The identity of `combiner`, the one op of a reduce's combiner that
/// combines an operand's pair (sum 0, product 1, max -inf or the type's
/// minimum, min +inf or maximum, and all ones, or and xor 0), for
/// `element`s; null for any other op.
mlir::Attribute getCombinerIdentity(mlir::Operation *combiner, mlir::Type element);

/// The format's MemoryOrderingSemantics and MemoryScope values of an
/// atomic's.
uint64_t encodeOrdering(tile::MemSemantic sem);
uint64_t encodeScope(tile::MemScope scope);

} // namespace tessel::nvidia::tileir

#endif // TESSEL_BACKENDS_NVIDIA_TILEIR_TILEIRFORMAT_H
