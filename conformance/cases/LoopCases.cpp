//===- LoopCases.cpp - break, continue and early return -------------------===//
//
// Leaving loops and kernels early on runtime conditions: break and continue
// in for and while loops, a loop carrying a tile that breaks on a
// reduction, and return inside an if (the programs that return leave their
// part of the output as it was).
#include <algorithm>

#include "conformance/cases/FamilyUtil.h"
#include "conformance/cases/Registry.h"

namespace tessel::conformance {
namespace {

constexpr const char *kSrc = "loops.py";
constexpr int kBlock = 64, kPrograms = 4;

Case forBreak(int64_t limit) {
  CaseBuilder b(makeId({"control/break/for", "limit=" + std::to_string(limit)}), kSrc,
                "for_break");
  b.addInput("x", Dt::I32, kPrograms * kBlock, Generator::ints(0, 20));
  b.addOutput("out", Dt::I32, 2 * kPrograms + 2, Tolerance::exact());
  b.scalarI(Dt::I32, limit).constant("BLOCK", kBlock).grid(kPrograms);
  b.reference([limit](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (size_t p = 0; p < kPrograms; ++p) {
      int64_t acc = 0, count = 0;
      for (size_t i = 0; i < kBlock; ++i) {
        int64_t v = in[0].intAt(p * kBlock + i);
        if (acc + v > limit)
          break;
        acc += v;
        ++count;
      }
      ex[1].setI(2 * p, acc);
      ex[1].setI(2 * p + 1, count);
    }
  });
  return b.build();
}

Case forContinue() {
  CaseBuilder b("control/continue/for", kSrc, "for_continue");
  b.addInput("x", Dt::I32, kPrograms * kBlock, Generator::ints(-50, 50));
  b.addOutput("out", Dt::I32, 2 * kPrograms + 2, Tolerance::exact());
  b.constant("BLOCK", kBlock).grid(kPrograms);
  b.reference([](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (size_t p = 0; p < kPrograms; ++p) {
      int64_t acc = 0, odd = 0;
      for (size_t i = 0; i < kBlock; ++i) {
        int64_t v = in[0].intAt(p * kBlock + i);
        if (v % 2 != 0) {
          ++odd;
          continue;
        }
        acc += v;
      }
      ex[1].setI(2 * p, acc);
      ex[1].setI(2 * p + 1, odd);
    }
  });
  return b.build();
}

Case whileBreak(int64_t target) {
  constexpr int kN = 300;
  CaseBuilder b(makeId({"control/break/while", "target=" + std::to_string(target)}),
                kSrc, "while_break");
  b.addInput("x", Dt::I32, kN, Generator::ints(0, 999));
  b.addOutput("out", Dt::I32, 2, Tolerance::exact());
  b.scalarI(Dt::I32, kN).scalarI(Dt::I32, target).grid(1);
  b.reference([target](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    int64_t i = 0;
    while (i < kN && in[0].intAt(i) != target)
      ++i;
    ex[1].setI(0, i);
  });
  return b.build();
}

Case tileBreak(int64_t threshold) {
  constexpr int kBlocks = 8;
  CaseBuilder b(
      makeId({"control/break/tile", "threshold=" + std::to_string(threshold)}), kSrc,
      "tile_break");
  b.addInput("x", Dt::I32, kBlocks * kBlock, Generator::ints(0, 1000));
  b.addOutput("out", Dt::I32, kBlock + 4, Tolerance::exact());
  b.scalarI(Dt::I32, kBlocks).scalarI(Dt::I32, threshold).constant("BLOCK", kBlock);
  b.grid(1);
  b.reference(
      [threshold](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
        std::vector<int64_t> acc(kBlock, 0);
        for (size_t blk = 0; blk < kBlocks; ++blk) {
          int64_t mx = in[0].intAt(blk * kBlock);
          for (size_t i = 0; i < kBlock; ++i)
            mx = std::max(mx, in[0].intAt(blk * kBlock + i));
          if (mx > threshold)
            break;
          for (size_t i = 0; i < kBlock; ++i)
            acc[i] += in[0].intAt(blk * kBlock + i);
        }
        for (size_t i = 0; i < kBlock; ++i)
          ex[1].setI(i, acc[i]);
      });
  return b.build();
}

Case earlyReturn(Dt dt) {
  constexpr int kN = 300;
  CaseBuilder b(makeId({"control/early_return", dtName(dt)}), kSrc, "early_return");
  b.addInput("x", dt, kN, Generator::ints(-50, 50));
  b.addOutput("out", dt, kN + 4, Tolerance::exact());
  b.scalarI(Dt::I32, kN).constant("BLOCK", kBlock).grid((kN + kBlock - 1) / kBlock);
  b.reference([](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (size_t i = 0; i < kN; ++i)
      if ((i / kBlock) % 2 == 0)
        ex[1].setF(i, in[0].floatAt(i) * 3);
  });
  return b.build();
}

} // namespace

void addLoopCases(std::vector<Case> &out) {
  // limit 0 breaks at once where x[0] > 0; 100 part-way; 100000 never
  for (int64_t limit : {0, 100, 100000})
    out.push_back(forBreak(limit));
  out.push_back(forContinue());
  // 1000 is never found: the loop runs to its end
  for (int64_t target : {500, 1000})
    out.push_back(whileBreak(target));
  // 1000: no block breaks (values are at most 1000); 990: some early block
  for (int64_t threshold : {990, 1000})
    out.push_back(tileBreak(threshold));
  for (Dt dt : {Dt::F32, Dt::I32})
    out.push_back(earlyReturn(dt));
}

} // namespace tessel::conformance
