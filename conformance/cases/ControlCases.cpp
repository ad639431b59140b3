//===- ControlCases.cpp - Control-flow cases ------------------------------===//
//
// Control flow on runtime values.
#include "conformance/cases/FamilyUtil.h"
#include "conformance/cases/Registry.h"

namespace tessel::conformance {
namespace {

constexpr const char *kSrc = "control.py";
constexpr int kN = 300, kBlock = 64;

// Values small enough that loops of integer arithmetic cannot overflow,
// and integer-valued floats so that float results are exact too.
Generator small() { return Generator::ints(-50, 50); }

using ElemFn = std::function<double(double x, size_t i)>;

Case elementwise(const std::string &name, const std::string &kernel, Dt dt,
                 std::vector<int64_t> scalars,
                 std::vector<std::pair<std::string, int64_t>> consts, ElemFn fn,
                 Dt outDt) {
  CaseBuilder b(makeId({"control", name, dtName(dt)}), kSrc, kernel);
  b.addInput("x", dt, kN, small());
  b.addOutput("out", outDt, kN + 4, Tolerance::exact());
  b.scalarI(Dt::I32, kN);
  for (int64_t s : scalars)
    b.scalarI(Dt::I32, s);
  b.constant("BLOCK", kBlock);
  for (auto &[k, v] : consts)
    b.constant(k, v);
  b.grid((kN + kBlock - 1) / kBlock);
  b.reference([fn](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (size_t i = 0; i < kN; ++i)
      ex[1].setF(i, fn(in[0].floatAt(i), i));
  });
  return b.build();
}

Case whileLoop(int64_t limit) {
  CaseBuilder b(makeId({"control/while", "limit=" + std::to_string(limit)}), kSrc,
                "while_loop");
  b.addOutput("out", Dt::I32, 4, Tolerance::exact());
  b.scalarI(Dt::I32, limit);
  b.reference([limit](const std::vector<HostArray> &, std::vector<HostArray> &ex) {
    int64_t v = 1, count = 0;
    while (v < limit)
      v *= 3, ++count;
    ex[0].setI(0, v);
    ex[0].setI(1, count);
  });
  return b.build();
}

} // namespace

void addControlCases(std::vector<Case> &out) {
  for (Dt dt : {Dt::F32, Dt::I32}) {
    for (int flag : {1, -1})
      out.push_back(elementwise(
          flag > 0 ? "if_scalar/taken" : "if_scalar/not_taken", "if_scalar", dt, {flag},
          {}, [flag](double x, size_t) { return flag > 0 ? x * 2 : x - 1; }, dt));
    out.push_back(elementwise(
        "if_program", "if_program", dt, {}, {},
        [](double x, size_t i) {
          const size_t pid = i / kBlock;
          return pid % 2 == 0 ? -x : pid == 1 ? x + 3 : x + 5;
        },
        dt));
    for (int iters : {0, 1, 7})
      out.push_back(elementwise(
          "for_carry/iters=" + std::to_string(iters), "for_carry", dt, {iters}, {},
          [iters](double x, size_t) { return x * (iters * (iters - 1) / 2); }, dt));
    out.push_back(elementwise(
        "for_step/3..17step5", "for_step", dt, {3, 17, 5}, {},
        [](double x, size_t) { return x + 3 + 8 + 13; }, dt));
    out.push_back(elementwise(
        "static_range/steps=4", "static_unroll", dt, {}, {{"STEPS", 4}},
        [](double x, size_t) {
          for (int i = 0; i < 4; ++i)
            x = x * 2 + i;
          return x;
        },
        dt));
    out.push_back(elementwise(
        "loop_if/iters=6", "loop_if", dt, {6}, {},
        [](double x, size_t) {
          for (int i = 0; i < 6; ++i)
            x = i % 3 == 0 ? x + 1 : x * 2;
          return x;
        },
        dt));
  }
  out.push_back(elementwise(
      "nested/3x4", "nested", Dt::I32, {3, 4}, {},
      [](double x, size_t) {
        double acc = 0;
        for (int i = 0; i < 3; ++i)
          for (int j = 0; j < 4; ++j)
            acc += x * (i + 1) - j;
        return acc;
      },
      Dt::I32));
  for (int64_t limit : {1, 2, 1000, 100000})
    out.push_back(whileLoop(limit));
}

} // namespace tessel::conformance
