//===- AtomicCases.cpp - Atomic cases -------------------------------------===//
//
// Atomics under contention: every lane of every program updates one of a
// few bins, so lost updates show. Float adds use integer-valued inputs,
// whose sums are exact in any order, so the result is checked exactly.
#include "conformance/cases/FamilyUtil.h"
#include "conformance/cases/Registry.h"

namespace tessel::conformance {
namespace {

constexpr const char *kSrc = "atomics.py";
constexpr int kN = 1000, kBlock = 128, kBins = 7;

Case binsCase(const std::string &op, Dt dt) {
  CaseBuilder b(makeId({"atomic", op + "/contended", dtName(dt)}), kSrc, "atomic_bins");
  Generator g = isFloat(dt)   ? Generator::ints(-1000, 1000)
                : op == "add" ? Generator::ints(-100000, 100000)
                              : Generator::randomBits();
  b.addInput("x", dt, kN, g);
  b.addInOut("bins", dt, kBins + 1, g, Tolerance::exact());
  b.scalarI(Dt::I32, kN).constant("NBINS", kBins).constant("OP", "'" + op + "'");
  b.constant("BLOCK", kBlock).grid((kN + kBlock - 1) / kBlock).needs("atomics");
  b.reference([op, dt](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    const HostArray &x = in[0];
    HostArray bins = in[1]; // in the buffer's own type: float sums are exact
    for (size_t i = 0; i < kN; ++i) {
      const size_t k = i % kBins;
      if (isFloat(dt)) {
        const double a = bins.floatAt(k), v = x.floatAt(i);
        bins.setF(k, op == "add"   ? a + v
                     : op == "max" ? std::max(a, v)
                                   : std::min(a, v));
        continue;
      }
      const bool sgn = dtInfo(dt).isSigned;
      const uint64_t a = bins.uintAt(k), v = x.uintAt(i);
      if (op == "add")
        bins.setBits(k, a + v);
      if (op == "and")
        bins.setBits(k, a & v);
      if (op == "or")
        bins.setBits(k, a | v);
      if (op == "xor")
        bins.setBits(k, a ^ v);
      if (op == "max")
        bins.setBits(k, (sgn ? bins.intAt(k) < x.intAt(i) : a < v) ? v : a);
      if (op == "min")
        bins.setBits(k, (sgn ? bins.intAt(k) > x.intAt(i) : a > v) ? v : a);
    }
    for (size_t k = 0; k < kBins; ++k)
      put(ex[1], k, bins, k);
  });
  return b.build();
}

Case counter(int n) {
  CaseBuilder b(makeId({"atomic/add/counter/i32", "n=" + std::to_string(n)}), kSrc,
                "atomic_counter");
  b.addInOut("counter", Dt::I32, 2, Generator::ints(-5, 5), Tolerance::exact());
  b.scalarI(Dt::I32, n)
      .constant("BLOCK", kBlock)
      .grid((n + kBlock - 1) / kBlock)
      .needs("atomics");
  b.reference([n](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    ex[0].setI(0, in[0].intAt(0) + n);
  });
  return b.build();
}

Case xchg(Dt dt) {
  CaseBuilder b(makeId({"atomic/xchg", dtName(dt)}), kSrc, "atomic_xchg");
  b.addInOut("p", dt, kN, dataGen(dt), Tolerance::exact());
  b.addInput("x", dt, kN, dataGen(dt));
  b.addOutput("old", dt, kN, Tolerance::exact());
  b.scalarI(Dt::I32, kN).constant("BLOCK", kBlock).grid((kN + kBlock - 1) / kBlock);
  b.needs("atomics");
  b.reference([](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (size_t i = 0; i < kN; ++i) {
      put(ex[2], i, in[0], i);
      put(ex[0], i, in[1], i);
    }
  });
  return b.build();
}

Case cas(Dt dt) {
  // cmp equals the current value on about half the lanes: those swap.
  // atomic_cas takes no mask, so every lane of the grid is in bounds.
  const int n = 1024;
  CaseBuilder b(makeId({"atomic/cas", dtName(dt)}), kSrc, "atomic_cas");
  b.addInOut("p", dt, n, Generator::ints(0, 1), Tolerance::exact());
  b.addInput("cmp", dt, n, Generator::ints(0, 1));
  b.addInput("val", dt, n, Generator::ints(100, 1000));
  b.addOutput("old", dt, n, Tolerance::exact());
  b.scalarI(Dt::I32, n).constant("BLOCK", kBlock).grid((n + kBlock - 1) / kBlock);
  b.needs("atomics");
  b.reference([n](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (int i = 0; i < n; ++i) {
      put(ex[3], i, in[0], i);
      if (in[0].uintAt(i) == in[1].uintAt(i))
        put(ex[0], i, in[2], i);
    }
  });
  return b.build();
}

Case lastSums() {
  // Programs publish blocks and count themselves in; the last sums them
  // all (acquire-release at the program's scope: a lost or late block
  // shows in the sum).
  const int programs = 132, block = 256;
  CaseBuilder b("atomic/publish/last_program_sums", kSrc, "atomic_last_sums");
  b.addInput("x", Dt::I32, programs * block, Generator::ints(-1000, 1000));
  b.addOutput("ws", Dt::I32, programs * block, Tolerance::exact());
  // The count is element 1, zero (a generator of zeros makes element 0 a
  // one, which must stay).
  b.addInOut("count", Dt::I32, 2, Generator::ints(0, 0), Tolerance::exact());
  b.addOutput("out", Dt::I32, block, Tolerance::exact());
  b.constant("BLOCK", block).constant("PROGRAMS", programs).grid(programs);
  b.needs("atomics");
  b.reference([=](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (int i = 0; i < block; ++i) {
      int64_t sum = 0;
      for (int p = 0; p < programs; ++p) {
        ex[1].setI(p * block + i, 2 * in[0].intAt(p * block + i));
        sum += 2 * in[0].intAt(p * block + i);
      }
      ex[3].setI(i, sum);
    }
    ex[2].setI(1, programs);
  });
  return b.build();
}

} // namespace

void addAtomicCases(std::vector<Case> &out) {
  for (Dt dt : {Dt::I32, Dt::U32, Dt::I64, Dt::U64, Dt::F32, Dt::F64})
    out.push_back(binsCase("add", dt));
  for (Dt dt : {Dt::I32, Dt::U32, Dt::I64, Dt::F32})
    for (const char *op : {"max", "min"})
      out.push_back(binsCase(op, dt));
  for (Dt dt : {Dt::I32, Dt::I64})
    for (const char *op : {"and", "or", "xor"})
      out.push_back(binsCase(op, dt));
  for (int n : {1, 1000, 5000})
    out.push_back(counter(n));
  for (Dt dt : {Dt::I32, Dt::F32, Dt::I64})
    out.push_back(xchg(dt));
  for (Dt dt : {Dt::I32, Dt::I64})
    out.push_back(cas(dt));
  out.push_back(lastSums());
}

} // namespace tessel::conformance
