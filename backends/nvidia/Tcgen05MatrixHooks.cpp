//===- Tcgen05MatrixHooks.cpp - sm_100a's tensor-memory dots --------------===//
//
// Every instruction is inline PTX: the statements are short, their
// operands are plain registers, and ptxas checks each against sm_100a.
//
//===----------------------------------------------------------------------===//

#include "backends/nvidia/Tcgen05MatrixHooks.h"

#include <string>

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;

namespace tessel::nvidia {

namespace {

Value constantI32(OpBuilder &b, Location loc, int64_t value) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(), b.getI32IntegerAttr(value));
}

std::string operand(size_t i) { return "$" + std::to_string(i); }

/// The 64-bit descriptor of `m` (the constant bits and the start address).
Value makeDescriptor(OpBuilder &b, Location loc,
                     const gpu::GpuMatrixHooks::SharedMatrix &m) {
  return makeMatrixDescriptor(b, loc, m.address,
                              Tcgen05MatrixHooks::getDescriptorBits(m));
}

/// The repetitions of one `.16x256b` access (8 columns each; 1 to 32, a
/// power of two) that cover `chunks` columns groups, largest first.
SmallVector<unsigned> splitRepetitions(unsigned chunks) {
  SmallVector<unsigned> parts;
  for (unsigned r = 32; r >= 1; r /= 2)
    while (chunks >= r) {
      parts.push_back(r);
      chunks -= r;
    }
  return parts;
}

} // namespace

uint64_t Tcgen05MatrixHooks::getDescriptorBits(const SharedMatrix &m) {
  // PTX ISA, "Shared memory descriptor" of tcgen05: bits 16-29 the leading
  // and 32-45 the stride byte offsets in 16-byte units, bits 46-48 the
  // fixed 0b001, base offset (49-51) 0 as every swizzle atom starts
  // 1024-byte aligned, offsets relative (bit 52), bits 61-63 the swizzle:
  // 2 for 128 bytes, 4 for 64, 6 for 32. (sm_90a's wgmma descriptor has no
  // fixed bits and puts the swizzle in bits 62-63.)
  const uint64_t swizzle = m.swizzle == 128 ? 2 : m.swizzle == 64 ? 4 : 6;
  return (uint64_t((m.leadingBytes >> 4) & 0x3fff) << 16) |
         (uint64_t((m.strideBytes >> 4) & 0x3fff) << 32) | (uint64_t(1) << 46) |
         (swizzle << 61);
}

uint32_t Tcgen05MatrixHooks::getInstructionDescriptor(Type input, unsigned n,
                                                      bool bKMajor) {
  // PTX ISA, "Instruction descriptor" (kind::f16 and kind::f8f6f4): D's
  // type in bits 4-5 (F32 = 1), A's in 7-9 and B's in 10-12 (F16 and E4M3
  // 0, BF16 and E5M2 1), A (15) and B (16) transposed: MN-major, N >> 3 in
  // bits 17-22, M >> 4 in 24-28; dense, no negation, no shift.
  const uint32_t type = (input.isBF16() || isa<Float8E5M2Type>(input)) ? 1 : 0;
  return (1u << 4) | (type << 7) | (type << 10) | (uint32_t(!bKMajor) << 16) |
         ((n >> 3) << 17) | ((64u >> 4) << 24);
}

void Tcgen05MatrixHooks::allocTensorMemory(OpBuilder &b, Location loc, Value slot,
                                           unsigned columns) const {
  // The block allocates once: it gives up the right to allocate more, so
  // that another block waiting on the SM may allocate.
  emitPtx(b, loc,
          "tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [$0], " +
              std::to_string(columns) +
              ";\n\ttcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;",
          "r", slot);
}

void Tcgen05MatrixHooks::deallocTensorMemory(OpBuilder &b, Location loc, Value address,
                                             unsigned columns) const {
  emitPtx(b, loc,
          "tcgen05.dealloc.cta_group::1.sync.aligned.b32 $0, " +
              std::to_string(columns) + ";",
          "r", address);
}

void Tcgen05MatrixHooks::tensorMemoryMma(OpBuilder &b, Location loc, Type input,
                                         Value d, const SharedMatrix &a,
                                         const SharedMatrix &bMatrix, unsigned n,
                                         Value accumulate) const {
  const bool fp8 = input.getIntOrFloatBitWidth() == 8;
  const std::string kind = fp8 ? "f8f6f4" : "f16";
  Value enable = LLVM::ZExtOp::create(b, loc, b.getI32Type(), accumulate);
  emitPtx(b, loc,
          "{\n\t.reg .pred acc;\n\tsetp.ne.b32 acc, $4, 0;\n\t"
          "tcgen05.mma.cta_group::1.kind::" +
              kind + " [$0], $1, $2, $3, acc;\n\t}",
          "r,l,l,r,r",
          ValueRange{
              d, makeDescriptor(b, loc, a), makeDescriptor(b, loc, bMatrix),
              constantI32(b, loc, getInstructionDescriptor(input, n, bMatrix.kMajor)),
              enable});
}

void Tcgen05MatrixHooks::commitTensorMemoryMma(OpBuilder &b, Location loc,
                                               Value barrier) const {
  emitPtx(b, loc,
          "tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [$0];",
          "r", barrier);
}

void Tcgen05MatrixHooks::storeTensorMemory(OpBuilder &b, Location loc, Value address,
                                           ValueRange values) const {
  // Four values a thread per 8 columns: (row l/4, columns 2(l%4), +1),
  // then the same of row l/4 + 8: the warp-group accumulator's order.
  unsigned done = 0;
  for (unsigned reps : splitRepetitions(values.size() / 4)) {
    std::string text =
        "tcgen05.st.sync.aligned.16x256b.x" + std::to_string(reps) + ".b32 [$0], {";
    std::string constraints = "r";
    SmallVector<Value> operands = {
        LLVM::AddOp::create(b, loc, address, constantI32(b, loc, done * 2))};
    for (unsigned i = 0; i < 4 * reps; ++i) {
      text += operand(i + 1) + (i + 1 < 4 * reps ? ", " : "");
      constraints += ",r";
      operands.push_back(
          LLVM::BitcastOp::create(b, loc, b.getI32Type(), values[done + i]));
    }
    emitPtx(b, loc, text + "};", constraints, operands);
    done += 4 * reps;
  }
}

SmallVector<Value> Tcgen05MatrixHooks::loadTensorMemory(OpBuilder &b, Location loc,
                                                        Value address,
                                                        unsigned count) const {
  // The loads and their wait in one statement: nothing reads the registers
  // before the wait.
  std::string text;
  std::string outputs, inputs;
  SmallVector<Value> operands;
  unsigned done = 0;
  SmallVector<unsigned> parts = splitRepetitions(count / 4);
  for (unsigned reps : parts) {
    text += "tcgen05.ld.sync.aligned.16x256b.x" + std::to_string(reps) + ".b32 {";
    for (unsigned i = 0; i < 4 * reps; ++i) {
      text += operand(done + i) + (i + 1 < 4 * reps ? ", " : "");
      outputs += "=r,";
    }
    text += "}, [" + operand(count + operands.size()) + "];\n\t";
    inputs += ",r";
    operands.push_back(
        LLVM::AddOp::create(b, loc, address, constantI32(b, loc, done * 2)));
    done += 4 * reps;
  }
  text += "tcgen05.wait::ld.sync.aligned;";
  outputs.pop_back();
  auto type = LLVM::LLVMStructType::getLiteral(
      b.getContext(), SmallVector<Type>(count, b.getI32Type()));
  auto load = LLVM::InlineAsmOp::create(
      b, loc, type, operands, text, outputs + inputs,
      /*has_side_effects=*/true, /*is_align_stack=*/false, LLVM::TailCallKind::None,
      /*asm_dialect=*/LLVM::AsmDialectAttr(), /*operand_attrs=*/ArrayAttr());
  SmallVector<Value> out;
  for (unsigned i = 0; i < count; ++i)
    out.push_back(LLVM::BitcastOp::create(
        b, loc, b.getF32Type(),
        LLVM::ExtractValueOp::create(b, loc, load.getResult(0), i)));
  return out;
}

void Tcgen05MatrixHooks::waitTensorMemoryStores(OpBuilder &b, Location loc) const {
  emitPtx(b, loc, "tcgen05.wait::st.sync.aligned;", "", {});
}

void Tcgen05MatrixHooks::fenceTensorMemory(OpBuilder &b, Location loc,
                                           bool beforeBarrier) const {
  emitPtx(b, loc,
          beforeBarrier ? "tcgen05.fence::before_thread_sync;"
                        : "tcgen05.fence::after_thread_sync;",
          "", {});
}

Value Tcgen05MatrixHooks::arriveForPhase(OpBuilder &b, Location loc,
                                         Value barrier) const {
  return LLVM::InlineAsmOp::create(b, loc, b.getI64Type(), ValueRange{barrier},
                                   "mbarrier.arrive.shared::cta.b64 $0, [$1];", "=l,r",
                                   /*has_side_effects=*/true, /*is_align_stack=*/false,
                                   LLVM::TailCallKind::None,
                                   /*asm_dialect=*/LLVM::AsmDialectAttr(),
                                   /*operand_attrs=*/ArrayAttr())
      .getResult(0);
}

void Tcgen05MatrixHooks::waitBarrierPhase(OpBuilder &b, Location loc, Value barrier,
                                          Value token) const {
  emitPtx(b, loc,
          "{\n\t.reg .pred done;\n\tphase_wait:\n\t"
          "mbarrier.try_wait.shared::cta.b64 done, [$0], $1;\n\t"
          "@!done bra.uni phase_wait;\n\t}",
          "r,l", ValueRange{barrier, token});
}

} // namespace tessel::nvidia
