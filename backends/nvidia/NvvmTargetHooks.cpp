//===- NvvmTargetHooks.cpp - The shared GPU lowering's NVIDIA hooks -------===//

#include "backends/nvidia/NvvmTargetHooks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace tessel::nvidia {
namespace {

/// How a value of up to 16 bytes travels through PTX registers in a memory
/// instruction: `count` words of `bits` bits. Four bytes and more are b32
/// words (`ld.global.v4.b32` moves 16 bytes); a single b16 or b8 otherwise.
/// PTX has no 8-bit registers: a b8 word lives in a 16-bit one.
struct Words {
  unsigned count = 0, bits = 0;

  unsigned getRegisterBits() const { return bits == 32 ? 32 : 16; }
  Type getRegisterType(Builder &b) const { return b.getIntegerType(getRegisterBits()); }
  StringRef getConstraint() const { return bits == 32 ? "r" : "h"; }
};

std::optional<Words> getWords(Type type) {
  Type element = getElementTypeOrSelf(type);
  if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() % 8 != 0)
    return std::nullopt;
  int64_t elements = 1;
  if (auto vector = dyn_cast<VectorType>(type)) {
    if (vector.getRank() != 1 || vector.isScalable())
      return std::nullopt;
    elements = vector.getNumElements();
  }
  int64_t bits = elements * element.getIntOrFloatBitWidth();
  if (bits == 8 || bits == 16)
    return Words{1, unsigned(bits)};
  if (bits == 32 || bits == 64 || bits == 128)
    return Words{unsigned(bits / 32), 32};
  return std::nullopt;
}

Value bitcast(OpBuilder &b, Location loc, Type type, Value value) {
  if (value.getType() == type)
    return value;
  return LLVM::BitcastOp::create(b, loc, type, value);
}

SmallVector<Value> toWords(OpBuilder &b, Location loc, Value value,
                           const Words &words) {
  if (words.bits < 32) {
    Value v = bitcast(b, loc, b.getIntegerType(words.bits), value);
    if (words.bits == 8)
      v = LLVM::ZExtOp::create(b, loc, b.getI16Type(), v);
    return {v};
  }
  Type i32 = b.getI32Type();
  if (words.count == 1)
    return {bitcast(b, loc, i32, value)};
  Value vector = bitcast(b, loc, VectorType::get({words.count}, i32), value);
  SmallVector<Value> out;
  for (unsigned i = 0; i < words.count; ++i)
    out.push_back(LLVM::ExtractElementOp::create(
        b, loc, vector, LLVM::ConstantOp::create(b, loc, i32, int64_t(i))));
  return out;
}

Value fromWords(OpBuilder &b, Location loc, ArrayRef<Value> values, Type type,
                const Words &words) {
  if (words.bits < 32) {
    Value v = values[0];
    if (words.bits == 8)
      v = LLVM::TruncOp::create(b, loc, b.getI8Type(), v);
    return bitcast(b, loc, type, v);
  }
  if (words.count == 1)
    return bitcast(b, loc, type, values[0]);
  Type i32 = b.getI32Type();
  auto vectorType = VectorType::get({words.count}, i32);
  Value vector = LLVM::UndefOp::create(b, loc, vectorType);
  for (auto [i, v] : llvm::enumerate(values))
    vector = LLVM::InsertElementOp::create(
        b, loc, vector, v, LLVM::ConstantOp::create(b, loc, i32, int64_t(i)));
  return bitcast(b, loc, type, vector);
}

/// The bits of `value` when it is a constant, elements from the lowest bits
/// up (memory order on a little-endian GPU).
std::optional<APInt> getConstantBits(Value value) {
  Attribute attr;
  if (!matchPattern(value, m_Constant(&attr)))
    return std::nullopt;
  auto bitsOf = [](Attribute a) -> std::optional<APInt> {
    if (auto f = dyn_cast<FloatAttr>(a))
      return f.getValue().bitcastToAPInt();
    if (auto i = dyn_cast<IntegerAttr>(a))
      return i.getValue();
    return std::nullopt;
  };
  SmallVector<APInt> elements;
  if (auto dense = dyn_cast<DenseElementsAttr>(attr)) {
    for (Attribute element : dense.getValues<Attribute>()) {
      std::optional<APInt> bits = bitsOf(element);
      if (!bits)
        return std::nullopt;
      elements.push_back(*bits);
    }
  } else if (std::optional<APInt> bits = bitsOf(attr)) {
    elements.push_back(*bits);
  } else {
    return std::nullopt;
  }
  unsigned elementBits = elements[0].getBitWidth();
  APInt all(elementBits * elements.size(), 0);
  for (auto [i, bits] : llvm::enumerate(elements))
    all.insertBits(bits, unsigned(i) * elementBits);
  return all;
}

/// The qualifiers after `ld.global` / `st.global` that `hints` asks for. PTX
/// takes either a cache operator or an L1 eviction priority, not both
/// (ptxas: "Modifier '.evict_first' cannot be combined with modifier
/// '.cg'"), so an explicit cache operator wins; operators that do not exist
/// for the access (`.wb` on a load, `.ca` on a store) are dropped.
StringRef getCacheQualifier(const gpu::MemoryAccessHints &hints, bool isStore) {
  using tile::CacheModifier;
  switch (hints.cache) {
  case CacheModifier::CA:
    if (!isStore)
      return ".ca";
    break;
  case CacheModifier::CG:
    return ".cg";
  case CacheModifier::CS:
    return ".cs";
  case CacheModifier::CV:
    if (!isStore)
      return ".cv";
    break;
  case CacheModifier::WB:
    if (isStore)
      return ".wb";
    break;
  case CacheModifier::WT:
    if (isStore)
      return ".wt";
    break;
  case CacheModifier::None:
    break;
  }
  if (hints.evict == tile::EvictionPolicy::EvictFirst)
    return ".L1::evict_first";
  if (hints.evict == tile::EvictionPolicy::EvictLast)
    return ".L1::evict_last";
  return "";
}

/// `ld.global.cg.v4.b32` and the like. A volatile access takes no cache
/// qualifier (ptxas rejects the combination); volatile accesses bypass L1.
std::string getMnemonic(StringRef op, const gpu::MemoryAccessHints &hints,
                        const Words &words) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << op << (hints.isVolatile ? ".volatile.global" : ".global");
  if (!hints.isVolatile)
    os << getCacheQualifier(hints, op == "st");
  if (words.count > 1)
    os << ".v" << words.count;
  os << ".b" << words.bits;
  return text;
}

/// `{$first, $first+1, ...}`, or `$first` for one word.
std::string getRegisterList(unsigned first, unsigned count) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (count == 1) {
    os << "$" << first;
    return text;
  }
  os << "{";
  for (unsigned i = 0; i < count; ++i)
    os << (i ? ", " : "") << "$" << (first + i);
  os << "}";
  return text;
}

bool isGlobal(Value ptr, unsigned globalAddressSpace) {
  auto type = dyn_cast<LLVM::LLVMPointerType>(ptr.getType());
  return type && type.getAddressSpace() == globalAddressSpace;
}

} // namespace

Value NvvmTargetHooks::getThreadId(OpBuilder &b, Location loc) const {
  return NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
}

Value NvvmTargetHooks::getBlockId(OpBuilder &b, Location loc, unsigned axis) const {
  Type i32 = b.getI32Type();
  if (axis == 0)
    return NVVM::BlockIdXOp::create(b, loc, i32);
  if (axis == 1)
    return NVVM::BlockIdYOp::create(b, loc, i32);
  return NVVM::BlockIdZOp::create(b, loc, i32);
}

Value NvvmTargetHooks::getGridSize(OpBuilder &b, Location loc, unsigned axis) const {
  Type i32 = b.getI32Type();
  if (axis == 0)
    return NVVM::GridDimXOp::create(b, loc, i32);
  if (axis == 1)
    return NVVM::GridDimYOp::create(b, loc, i32);
  return NVVM::GridDimZOp::create(b, loc, i32);
}

void NvvmTargetHooks::createBarrier(OpBuilder &b, Location loc) const {
  NVVM::Barrier0Op::create(b, loc);
}

void NvvmTargetHooks::createPartialBarrier(OpBuilder &b, Location loc, unsigned id,
                                           unsigned threads) const {
  // `bar.sync id, threads`: a named barrier of the CTA, counting threads.
  Value idValue = arith::ConstantIntOp::create(b, loc, int64_t(id), 32);
  Value count = arith::ConstantIntOp::create(b, loc, int64_t(threads), 32);
  NVVM::BarrierOp::create(b, loc, TypeRange{}, idValue, count,
                          NVVM::BarrierReductionAttr(), Value());
}

Value NvvmTargetHooks::createShuffleXor(OpBuilder &b, Location loc, Value value,
                                        unsigned laneMask) const {
  Value all = arith::ConstantIntOp::create(b, loc, -1, 32);
  Value offset = arith::ConstantIntOp::create(b, loc, laneMask, 32);
  // Clamp 0x1f: the whole warp is one segment.
  Value clamp = arith::ConstantIntOp::create(b, loc, 0x1f, 32);
  return NVVM::ShflOp::create(b, loc, value.getType(), all, value, offset, clamp,
                              NVVM::ShflKind::bfly, UnitAttr());
}

// A predicated load, as Triton emits it: the output registers start as
// `other` (immediates when it is a constant) and the load overwrites them
// only where the predicate holds:
//   mov.b32 $0, 0xff800000; ...
//   @$4 ld.global.v4.b32 {$0, $1, $2, $3}, [$5];
// Masked-off lanes thus never touch memory, and no branch splits the code
// into one basic block per access. The asm has side effects so that neither
// MLIR nor LLVM reorders it with other memory accesses or merges two loads.
Value NvvmTargetHooks::createPredicatedLoad(OpBuilder &b, Location loc, Type type,
                                            Value ptr, Value mask, Value other,
                                            const gpu::MemoryAccessHints &hints) const {
  std::optional<Words> words = getWords(type);
  if (!words || !isGlobal(ptr, getGlobalAddressSpace()) || (mask && !other))
    return nullptr;
  std::string text, constraints;
  llvm::raw_string_ostream os(text);
  SmallVector<Value> operands;
  for (unsigned i = 0; i < words->count; ++i)
    constraints += (i ? ",=" : "=") + words->getConstraint().str();
  unsigned next = words->count;
  unsigned predicate = 0;
  if (mask) {
    predicate = next++;
    operands.push_back(mask);
    constraints += ",b";
  }
  unsigned address = next++;
  operands.push_back(ptr);
  constraints += ",l";
  if (mask) {
    std::optional<APInt> bits = getConstantBits(other);
    SmallVector<Value> otherWords;
    if (!bits)
      otherWords = toWords(b, loc, other, *words);
    for (unsigned i = 0; i < words->count; ++i) {
      os << "mov.b" << words->getRegisterBits() << " $" << i << ", ";
      if (bits) {
        uint64_t word = bits->extractBitsAsZExtValue(words->bits, i * words->bits);
        os << llvm::format_hex(word, words->getRegisterBits() / 4 + 2);
      } else {
        os << "$" << next++;
        operands.push_back(otherWords[i]);
        constraints += "," + words->getConstraint().str();
      }
      os << ";\n\t";
    }
    os << "@$" << predicate << " ";
  }
  os << getMnemonic("ld", hints, *words) << " " << getRegisterList(0, words->count)
     << ", [$" << address << "];";

  Type registerType = words->getRegisterType(b);
  Type resultType =
      words->count == 1
          ? registerType
          : LLVM::LLVMStructType::getLiteral(
                b.getContext(), SmallVector<Type>(words->count, registerType));
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, resultType, operands, text, constraints, /*has_side_effects=*/true,
      /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr(), /*operand_attrs=*/ArrayAttr());
  SmallVector<Value> loaded;
  if (words->count == 1)
    loaded.push_back(asmOp.getResult(0));
  else
    for (unsigned i = 0; i < words->count; ++i)
      loaded.push_back(LLVM::ExtractValueOp::create(b, loc, asmOp.getResult(0), i));
  return fromWords(b, loc, loaded, type, *words);
}

//   @$0 st.global.v4.b32 [$1], {$2, $3, $4, $5};
bool NvvmTargetHooks::createPredicatedStore(OpBuilder &b, Location loc, Value value,
                                            Value ptr, Value mask,
                                            const gpu::MemoryAccessHints &hints) const {
  std::optional<Words> words = getWords(value.getType());
  if (!words || !isGlobal(ptr, getGlobalAddressSpace()))
    return false;
  std::string text, constraints;
  llvm::raw_string_ostream os(text);
  SmallVector<Value> operands;
  unsigned next = 0;
  if (mask) {
    os << "@$" << next++ << " ";
    operands.push_back(mask);
    constraints += "b,";
  }
  unsigned address = next++;
  operands.push_back(ptr);
  constraints += "l";
  for (Value word : toWords(b, loc, value, *words)) {
    operands.push_back(word);
    constraints += "," + words->getConstraint().str();
  }
  os << getMnemonic("st", hints, *words) << " [$" << address << "], "
     << getRegisterList(next, words->count) << ";";
  LLVM::InlineAsmOp::create(b, loc, /*res=*/Type(), operands, text, constraints,
                            /*has_side_effects=*/true, /*is_align_stack=*/false,
                            LLVM::tailcallkind::TailCallKind::None,
                            LLVM::AsmDialectAttr(), /*operand_attrs=*/ArrayAttr());
  return true;
}

void NvvmTargetHooks::markKernel(Operation *func, unsigned threadsPerBlock) const {
  Builder b(func->getContext());
  func->setAttr("nvvm.kernel", b.getUnitAttr());
  func->setAttr("nvvm.maxntid",
                b.getDenseI32ArrayAttr({int32_t(threadsPerBlock), 1, 1}));
  // A block of 512 threads alone on an SM leaves it a quarter of its 64
  // warps to hide memory latency with, and ptxas, left to itself, may spend
  // just over 64 registers a thread so that only one block fits. Asking for
  // two (`.minnctapersm 2`, at most 64 registers) made a softmax over rows
  // of 16384 floats 1.4x faster on an H200, for a few bytes of spills. Other
  // sizes keep ptxas's choice: two blocks of 1024 threads would leave 32
  // registers a thread, and two of 256 threads already fit below 128, which
  // only register-hungry kernels (large matrix tiles) exceed, and rightly.
  if (threadsPerBlock == 512)
    func->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(), b.getI32IntegerAttr(2));
}

} // namespace tessel::nvidia
