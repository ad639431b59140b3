// Atomics under contention: every lane of every program updates one of a
// few bins, so lost updates show. Float adds use integer-valued inputs,
// whose sums are exact in any order, so the result is checked exactly.
#include "conformance/cases/family_util.h"
#include "conformance/cases/registry.h"

namespace tessel::conformance {
namespace {

constexpr const char* kSrc = "atomics.py";
constexpr int kN = 1000, kBlock = 128, kBins = 7;

Case Bins(const std::string& op, Dt dt) {
  CaseBuilder b(Id({"atomic", op + "/contended", Name(dt)}), kSrc, "atomic_bins");
  Generator g = IsFloat(dt) ? Generator::Ints(-1000, 1000)
                : op == "add" ? Generator::Ints(-100000, 100000)
                              : Generator::Bits();
  b.In("x", dt, kN, g);
  b.InOut("bins", dt, kBins + 1, g, Tolerance::Exact());
  b.ScalarI(Dt::I32, kN).Const("NBINS", kBins).Const("OP", "'" + op + "'");
  b.Const("BLOCK", kBlock).Grid((kN + kBlock - 1) / kBlock).Needs("atomics");
  b.Ref([op, dt](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    const HostArray& x = in[0];
    HostArray bins = in[1];  // in the buffer's own type: float sums are exact
    for (size_t i = 0; i < kN; ++i) {
      const size_t k = i % kBins;
      if (IsFloat(dt)) {
        const double a = bins.F(k), v = x.F(i);
        bins.SetF(k, op == "add" ? a + v : op == "max" ? std::max(a, v) : std::min(a, v));
        continue;
      }
      const bool sgn = Info(dt).is_signed;
      const uint64_t a = bins.U(k), v = x.U(i);
      if (op == "add") bins.SetBits(k, a + v);
      if (op == "and") bins.SetBits(k, a & v);
      if (op == "or") bins.SetBits(k, a | v);
      if (op == "xor") bins.SetBits(k, a ^ v);
      if (op == "max") bins.SetBits(k, (sgn ? bins.I(k) < x.I(i) : a < v) ? v : a);
      if (op == "min") bins.SetBits(k, (sgn ? bins.I(k) > x.I(i) : a > v) ? v : a);
    }
    for (size_t k = 0; k < kBins; ++k) Put(ex[1], k, bins, k);
  });
  return b.Build();
}

Case Counter(int n) {
  CaseBuilder b(Id({"atomic/add/counter/i32", "n=" + std::to_string(n)}), kSrc,
                "atomic_counter");
  b.InOut("counter", Dt::I32, 2, Generator::Ints(-5, 5), Tolerance::Exact());
  b.ScalarI(Dt::I32, n).Const("BLOCK", kBlock).Grid((n + kBlock - 1) / kBlock).Needs("atomics");
  b.Ref([n](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    ex[0].SetI(0, in[0].I(0) + n);
  });
  return b.Build();
}

Case Xchg(Dt dt) {
  CaseBuilder b(Id({"atomic/xchg", Name(dt)}), kSrc, "atomic_xchg");
  b.InOut("p", dt, kN, DataGen(dt), Tolerance::Exact());
  b.In("x", dt, kN, DataGen(dt));
  b.Out("old", dt, kN, Tolerance::Exact());
  b.ScalarI(Dt::I32, kN).Const("BLOCK", kBlock).Grid((kN + kBlock - 1) / kBlock);
  b.Needs("atomics");
  b.Ref([](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    for (size_t i = 0; i < kN; ++i) {
      Put(ex[2], i, in[0], i);
      Put(ex[0], i, in[1], i);
    }
  });
  return b.Build();
}

Case Cas(Dt dt) {
  // cmp equals the current value on about half the lanes: those swap.
  // atomic_cas takes no mask, so every lane of the grid is in bounds.
  const int n = 1024;
  CaseBuilder b(Id({"atomic/cas", Name(dt)}), kSrc, "atomic_cas");
  b.InOut("p", dt, n, Generator::Ints(0, 1), Tolerance::Exact());
  b.In("cmp", dt, n, Generator::Ints(0, 1));
  b.In("val", dt, n, Generator::Ints(100, 1000));
  b.Out("old", dt, n, Tolerance::Exact());
  b.ScalarI(Dt::I32, n).Const("BLOCK", kBlock).Grid((n + kBlock - 1) / kBlock);
  b.Needs("atomics");
  b.Ref([n](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    for (int i = 0; i < n; ++i) {
      Put(ex[3], i, in[0], i);
      if (in[0].U(i) == in[1].U(i)) Put(ex[0], i, in[2], i);
    }
  });
  return b.Build();
}

}  // namespace

void AddAtomicCases(std::vector<Case>& out) {
  for (Dt dt : {Dt::I32, Dt::U32, Dt::I64, Dt::U64, Dt::F32, Dt::F64})
    out.push_back(Bins("add", dt));
  for (Dt dt : {Dt::I32, Dt::U32, Dt::I64, Dt::F32})
    for (const char* op : {"max", "min"}) out.push_back(Bins(op, dt));
  for (Dt dt : {Dt::I32, Dt::I64})
    for (const char* op : {"and", "or", "xor"}) out.push_back(Bins(op, dt));
  for (int n : {1, 1000, 5000}) out.push_back(Counter(n));
  for (Dt dt : {Dt::I32, Dt::F32, Dt::I64}) out.push_back(Xchg(dt));
  for (Dt dt : {Dt::I32, Dt::I64}) out.push_back(Cas(dt));
}

}  // namespace tessel::conformance
