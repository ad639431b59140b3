#include "backends/nvidia/Tcgen05MatrixHooks.h"

#include <gtest/gtest.h>

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"

namespace tessel::nvidia {
namespace {

// The instruction descriptor's fields (PTX ISA, tcgen05 "Instruction
// descriptor"): D's type in bits 4-5, A's in 7-9, B's in 10-12, B
// transposed (MN-major) in bit 16, N >> 3 in 17-22, M >> 4 in 24-28.
TEST(Tcgen05MatrixHooks, InstructionDescriptor) {
  mlir::MLIRContext context;
  mlir::Builder b(&context);
  // f16, 64 x 64, B N-major: F32 D, F16 A and B, B transposed.
  EXPECT_EQ(Tcgen05MatrixHooks::getInstructionDescriptor(b.getF16Type(), 64, false),
            (1u << 4) | (1u << 16) | (8u << 17) | (4u << 24));
  // bf16, 64 x 256, B K-major: BF16 (1) in both type fields, no transpose.
  EXPECT_EQ(Tcgen05MatrixHooks::getInstructionDescriptor(b.getBF16Type(), 256, true),
            (1u << 4) | (1u << 7) | (1u << 10) | (32u << 17) | (4u << 24));
  // fp8 (kind::f8f6f4): E4M3 0, E5M2 1.
  EXPECT_EQ(Tcgen05MatrixHooks::getInstructionDescriptor(
                mlir::Float8E5M2Type::get(&context), 128, true),
            (1u << 4) | (1u << 7) | (1u << 10) | (16u << 17) | (4u << 24));
  EXPECT_EQ(Tcgen05MatrixHooks::getInstructionDescriptor(
                mlir::Float8E4M3FNType::get(&context), 128, true),
            (1u << 4) | (16u << 17) | (4u << 24));
}

// The shared-memory descriptor's constant bits: the offsets in 16-byte
// units (bits 16-29, 32-45), the fixed 0b001 at bit 46, the swizzle in bits
// 61-63 (2: 128 bytes, 4: 64, 6: 32); never a bit of sm_90a's encoding
// (swizzle in 62-63 as 1, 2, 3).
TEST(Tcgen05MatrixHooks, SharedMemoryDescriptorBits) {
  using SharedMatrix = gpu::GpuMatrixHooks::SharedMatrix;
  SharedMatrix a{mlir::Value(), 128, 16, 1024};
  EXPECT_EQ(Tcgen05MatrixHooks::getDescriptorBits(a),
            (uint64_t(1) << 16) | (uint64_t(64) << 32) | (uint64_t(1) << 46) |
                (uint64_t(2) << 61));
  SharedMatrix b{mlir::Value(), 64, 4096, 512};
  EXPECT_EQ(Tcgen05MatrixHooks::getDescriptorBits(b),
            (uint64_t(256) << 16) | (uint64_t(32) << 32) | (uint64_t(1) << 46) |
                (uint64_t(4) << 61));
  SharedMatrix c{mlir::Value(), 32, 16, 256};
  EXPECT_EQ(Tcgen05MatrixHooks::getDescriptorBits(c) >> 61, 6u);
  // The start address (bits 0-13) is not among the constant bits.
  EXPECT_EQ(Tcgen05MatrixHooks::getDescriptorBits(c) & 0x3fff, 0u);
}

} // namespace
} // namespace tessel::nvidia
