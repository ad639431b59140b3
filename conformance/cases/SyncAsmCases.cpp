//===- SyncAsmCases.cpp - tl.debug_barrier and tl.inline_asm_elementwise ---===//
//
// A program that exchanges its tile through global memory, ordered by a
// barrier (on a GPU each thread reads what others stored), and inline PTX
// one element at a time and four packed int8 values per register, whole or
// padded. The asm
// cases carry NVIDIA assembly: plugins of other targets list them in their
// skip files.
#include "conformance/cases/FamilyUtil.h"
#include "conformance/cases/Registry.h"

namespace tessel::conformance {
namespace {

constexpr const char *kSrc = "sync_asm.py";
constexpr int kBlock = 128, kPrograms = 4;

Case barrierReverse() {
  CaseBuilder b("barrier/reverse_through_memory/fp32", kSrc, "reverse_through_memory");
  b.addInput("x", Dt::F32, kPrograms * kBlock, Generator::ints(-1000, 1000));
  b.addOutput("scratch", Dt::F32, kPrograms * kBlock, Tolerance::exact());
  b.addOutput("out", Dt::F32, kPrograms * kBlock, Tolerance::exact());
  b.constant("BLOCK", kBlock).grid(kPrograms);
  b.reference([](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (size_t p = 0; p < kPrograms; ++p)
      for (size_t i = 0; i < kBlock; ++i) {
        ex[1].setF(p * kBlock + i, in[0].floatAt(p * kBlock + i));
        ex[2].setF(p * kBlock + i, in[0].floatAt(p * kBlock + kBlock - 1 - i));
      }
  });
  return b.build();
}

Case asmRotl3() {
  constexpr int kN = 300;
  CaseBuilder b("asm/rotl3/u32", kSrc, "asm_rotl3");
  b.addInput("x", Dt::U32, kN, Generator::ints(0, 2000000000));
  b.addOutput("out", Dt::U32, kN + 4, Tolerance::exact());
  b.scalarI(Dt::I32, kN).constant("BLOCK", kBlock).grid((kN + kBlock - 1) / kBlock);
  b.reference([](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (size_t i = 0; i < kN; ++i) {
      uint32_t v = static_cast<uint32_t>(in[0].intAt(i));
      ex[1].setI(i, static_cast<int64_t>((v << 3) | (v >> 29)));
    }
  });
  return b.build();
}

Case asmClearSignBytes(int block) {
  CaseBuilder b(
      makeId({"asm/clear_sign_pack4", "block=" + std::to_string(block), "i8"}), kSrc,
      "asm_clear_sign_bytes");
  b.addInput("x", Dt::I8, 2 * block, Generator::ints(-128, 127));
  b.addOutput("out", Dt::I8, 2 * block, Tolerance::exact());
  b.constant("BLOCK", block).grid(2);
  b.reference([block](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (int i = 0; i < 2 * block; ++i)
      ex[1].setI(i, in[0].intAt(i) & 0x7f);
  });
  return b.build();
}

} // namespace

void addSyncAsmCases(std::vector<Case> &out) {
  out.push_back(barrierReverse());
  out.push_back(asmRotl3());
  // At 512, four int8 per thread fill a register; at 128 each thread packs
  // its one element with three zeros.
  for (int block : {512, 128})
    out.push_back(asmClearSignBytes(block));
}

} // namespace tessel::conformance
