// Integer and float arithmetic (wrap-around, C division semantics, shifts),
// bitwise operations, min/max, selection, unary operators, and a scalar of
// each dtype in arithmetic with a tile; comparisons.
#include <cmath>

#include "conformance/cases/family_util.h"
#include "conformance/cases/registry.h"

namespace tessel::conformance {
namespace {

constexpr const char* kSrc = "arith.py";
constexpr int kN = 500, kBlock = 128;

using BinFn = std::function<void(const HostArray& x, const HostArray& y, size_t i,
                                 HostArray& out)>;

Case Binary(const std::string& op, Dt dt, Generator gx, Generator gy, BinFn fn,
            const std::string& variant = "") {
  std::string id = Id({"arith", op, Name(dt)});
  if (!variant.empty()) id += "/" + variant;
  CaseBuilder b(id, kSrc, "binary");
  b.In("x", dt, kN, gx);
  b.In("y", dt, kN, gy);
  b.Out("out", dt, kN + 7, CorrectlyRounded(dt));
  b.ScalarI(Dt::I32, kN).Const("OP", "'" + op + "'").Const("BLOCK", kBlock).Grid(4);
  b.Ref([fn](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    for (size_t i = 0; i < kN; ++i) fn(in[0], in[1], i, ex[2]);
  });
  return b.Build();
}

// Integer results wrap around: compute in 64 bits, SetBits truncates.
BinFn IntOp(char op) {
  return [op](const HostArray& x, const HostArray& y, size_t i, HostArray& out) {
    const uint64_t a = x.U(i), b = y.U(i);
    switch (op) {
      case '+': out.SetBits(i, a + b); break;
      case '-': out.SetBits(i, a - b); break;
      case '*': out.SetBits(i, a * b); break;
      case '&': out.SetBits(i, a & b); break;
      case '|': out.SetBits(i, a | b); break;
      case '^': out.SetBits(i, a ^ b); break;
    }
  };
}

BinFn FloatOp(char op) {
  return [op](const HostArray& x, const HostArray& y, size_t i, HostArray& out) {
    const double a = x.F(i), b = y.F(i);
    switch (op) {
      case '+': out.SetF(i, a + b); break;
      case '-': out.SetF(i, a - b); break;
      case '*': out.SetF(i, a * b); break;
      case '/': out.SetF(i, a / b); break;
    }
  };
}

// C semantics: the quotient truncates toward zero and the remainder takes
// the dividend's sign (as in Triton, unlike Python).
BinFn DivOp(bool mod) {
  return [mod](const HostArray& x, const HostArray& y, size_t i, HostArray& out) {
    if (Info(x.dt()).is_signed) {
      const int64_t a = x.I(i), b = y.I(i);
      out.SetI(i, mod ? a % b : a / b);
    } else {
      const uint64_t a = x.U(i), b = y.U(i);
      out.SetU(i, mod ? a % b : a / b);
    }
  };
}

// >> is arithmetic on signed types and logical on unsigned ones.
BinFn ShiftOp(bool left) {
  return [left](const HostArray& x, const HostArray& y, size_t i, HostArray& out) {
    const uint64_t s = y.U(i);
    if (left)
      out.SetBits(i, x.U(i) << s);
    else if (Info(x.dt()).is_signed)
      out.SetI(i, x.I(i) >> s);
    else
      out.SetU(i, x.U(i) >> s);
  };
}

BinFn MinMax(bool max) {
  return [max](const HostArray& x, const HostArray& y, size_t i, HostArray& out) {
    bool xWins;
    if (IsFloat(x.dt()))
      xWins = max ? x.F(i) >= y.F(i) : x.F(i) <= y.F(i);
    else if (Info(x.dt()).is_signed)
      xWins = max ? x.I(i) >= y.I(i) : x.I(i) <= y.I(i);
    else
      xWins = max ? x.U(i) >= y.U(i) : x.U(i) <= y.U(i);
    Put(out, i, xWins ? x : y, i);
  };
}

Case Compare(const std::string& op, Dt dt) {
  CaseBuilder b(Id({"compare", op, Name(dt)}), kSrc, "compare");
  // Few distinct values, so that equal pairs are common.
  Generator g = Info(dt).is_signed || IsFloat(dt) ? Generator::Ints(-3, 3) : Generator::Ints(0, 5);
  b.In("x", dt, kN, g);
  b.In("y", dt, kN, g);
  b.Out("out", Dt::I1, kN + 7, Tolerance::Exact());
  b.ScalarI(Dt::I32, kN).Const("OP", "'" + op + "'").Const("BLOCK", kBlock).Grid(4);
  b.Ref([op, dt](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    for (size_t i = 0; i < kN; ++i) {
      int c;  // three-way comparison in the operands' own type
      if (IsFloat(dt)) c = in[0].F(i) < in[1].F(i) ? -1 : in[0].F(i) > in[1].F(i) ? 1 : 0;
      else if (Info(dt).is_signed) c = in[0].I(i) < in[1].I(i) ? -1 : in[0].I(i) > in[1].I(i);
      else c = in[0].U(i) < in[1].U(i) ? -1 : in[0].U(i) > in[1].U(i);
      const bool r = op == "lt" ? c < 0 : op == "le" ? c <= 0 : op == "gt" ? c > 0
                   : op == "ge" ? c >= 0 : op == "eq" ? c == 0 : c != 0;
      ex[2].SetBits(i, r);
    }
  });
  return b.Build();
}

Case Select(Dt dt) {
  CaseBuilder b(Id({"arith/where", Name(dt)}), kSrc, "select");
  b.In("c", Dt::I8, kN, Generator::Ints(0, 1));
  b.In("x", dt, kN, DataGen(dt));
  b.In("y", dt, kN, DataGen(dt));
  b.Out("out", dt, kN, Tolerance::Exact());
  b.ScalarI(Dt::I32, kN).Const("BLOCK", kBlock).Grid(4);
  b.Ref([](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    for (size_t i = 0; i < kN; ++i) Put(ex[3], i, in[0].I(i) ? in[1] : in[2], i);
  });
  return b.Build();
}

Case ScalarMul(Dt dt) {
  CaseBuilder b(Id({"dtype/scalar_mul", Name(dt)}), kSrc, "scalar_mul");
  b.In("x", dt, kN, IsFloat(dt) ? Generator::Uniform(-4, 4) : Generator::Bits());
  b.Out("out", dt, kN + 3, CorrectlyRounded(dt));
  // -1.5 and 3 are exact in every float format; 3 in every integer type.
  const double a = IsFloat(dt) ? -1.5 : 3;
  b.Scalar(dt, a).ScalarI(Dt::I32, kN).Const("BLOCK", kBlock).Grid(4);
  b.Ref([a, dt](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    for (size_t i = 0; i < kN; ++i) {
      if (IsFloat(dt))
        ex[1].SetF(i, in[0].F(i) * a);
      else
        ex[1].SetBits(i, in[0].U(i) * 3);
    }
  });
  return b.Build();
}

Case Unary(const std::string& op, Dt dt) {
  CaseBuilder b(Id({"arith", op, Name(dt)}), kSrc, "unary");
  b.In("x", dt, kN, DataGen(dt));
  b.Out("out", dt, kN + 3, Tolerance::Exact());
  b.ScalarI(Dt::I32, kN).Const("OP", "'" + op + "'").Const("BLOCK", kBlock).Grid(4);
  b.Ref([op, dt](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    for (size_t i = 0; i < kN; ++i) {
      if (IsFloat(dt)) ex[1].SetF(i, op == "neg" ? -in[0].F(i) : std::fabs(in[0].F(i)));
      else if (op == "invert") ex[1].SetBits(i, ~in[0].U(i));
      else if (op == "neg") ex[1].SetBits(i, uint64_t(0) - in[0].U(i));
      else ex[1].SetI(i, in[0].I(i) < 0 ? -in[0].I(i) : in[0].I(i));
    }
  });
  return b.Build();
}

Case DivideMaskedLanes(Dt dt) {
  CaseBuilder b(Id({"arith/divide_masked_lanes", Name(dt)}), kSrc, "divide_masked_lanes");
  b.In("x", dt, kN, Generator::Bits());
  b.In("y", dt, kN, Generator::Ints(1, 100));
  b.Out("out", dt, kN + 7, Tolerance::Exact());
  b.ScalarI(Dt::I32, kN).Const("BLOCK", kBlock).Grid(4);
  b.Ref([](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    for (size_t i = 0; i < kN; ++i) {
      if (Info(in[0].dt()).is_signed)
        ex[2].SetI(i, in[0].I(i) / in[1].I(i) + in[0].I(i) % in[1].I(i));
      else
        ex[2].SetU(i, in[0].U(i) / in[1].U(i) + in[0].U(i) % in[1].U(i));
    }
  });
  return b.Build();
}

}  // namespace

void AddArithCases(std::vector<Case>& out) {
  for (Dt dt : IntDtypes()) {
    const Generator any = Generator::Bits();
    out.push_back(Binary("add", dt, any, any, IntOp('+')));
    out.push_back(Binary("sub", dt, any, any, IntOp('-')));
    out.push_back(Binary("mul", dt, any, any, IntOp('*')));
    out.push_back(Binary("and", dt, any, any, IntOp('&')));
    out.push_back(Binary("or", dt, any, any, IntOp('|')));
    out.push_back(Binary("xor", dt, any, any, IntOp('^')));
    out.push_back(Binary("maximum", dt, any, any, MinMax(true)));
    out.push_back(Binary("minimum", dt, any, any, MinMax(false)));
    // Divisors never zero; negative ones never -1, so INT_MIN / -1 (undefined)
    // cannot occur.
    out.push_back(Binary("floordiv", dt, any, Generator::Ints(1, 100), DivOp(false), "divisor=pos"));
    out.push_back(Binary("mod", dt, any, Generator::Ints(1, 100), DivOp(true), "divisor=pos"));
    if (Info(dt).is_signed) {
      out.push_back(Binary("floordiv", dt, any, Generator::Ints(-100, -2), DivOp(false), "divisor=neg"));
      out.push_back(Binary("mod", dt, any, Generator::Ints(-100, -2), DivOp(true), "divisor=neg"));
    }
    const int64_t maxShift = Info(dt).bits - 1;
    out.push_back(Binary("shl", dt, any, Generator::Ints(0, maxShift), ShiftOp(true)));
    out.push_back(Binary("shr", dt, any, Generator::Ints(0, maxShift), ShiftOp(false)));
    out.push_back(Unary("invert", dt));
    if (Info(dt).is_signed) out.push_back(Unary("neg", dt));
  }
  for (Dt dt : FloatDtypes()) {
    const Generator g = Generator::Uniform(-8, 8);
    out.push_back(Binary("add", dt, g, g, FloatOp('+')));
    out.push_back(Binary("sub", dt, g, g, FloatOp('-')));
    out.push_back(Binary("mul", dt, g, g, FloatOp('*')));
    // Divisors of magnitude >= 0.5 keep every quotient (<= 16) inside the
    // range of the narrowest format (fp8e4m3: 448).
    out.push_back(Binary("div", dt, g, Generator::Uniform(0.5, 8), FloatOp('/')));
    out.push_back(Binary("maximum", dt, g, g, MinMax(true)));
    out.push_back(Binary("minimum", dt, g, g, MinMax(false)));
    out.push_back(Unary("neg", dt));
    out.push_back(Unary("abs", dt));
  }
  for (const char* op : {"and", "or", "xor"})
    out.push_back(Binary(op, Dt::I1, Generator::Bool(), Generator::Bool(),
                         IntOp(op[0] == 'a' ? '&' : op[0] == 'o' ? '|' : '^')));
  for (Dt dt : {Dt::F32, Dt::F16, Dt::I32, Dt::I8, Dt::U64}) out.push_back(Select(dt));
  for (Dt dt : {Dt::I32, Dt::U8, Dt::I64}) out.push_back(DivideMaskedLanes(dt));
}

void AddDtypeCases(std::vector<Case>& out) {
  for (Dt dt : AllDtypes())
    if (dt != Dt::I1) out.push_back(ScalarMul(dt));
}

void AddCompareCases(std::vector<Case>& out) {
  for (const char* op : {"lt", "le", "gt", "ge", "eq", "ne"})
    for (Dt dt : {Dt::I8, Dt::I32, Dt::I64, Dt::U8, Dt::U32, Dt::U64, Dt::F16, Dt::BF16,
                  Dt::F32, Dt::F64})
      out.push_back(Compare(op, dt));
}

}  // namespace tessel::conformance
