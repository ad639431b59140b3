//===- ArithCases.cpp - Arithmetic and comparison cases -------------------===//
//
// Integer and float arithmetic (wrap-around, C division semantics, shifts),
// bitwise operations, min/max, selection, unary operators, and a scalar of
// each dtype in arithmetic with a tile; comparisons.
#include <cmath>

#include "conformance/cases/FamilyUtil.h"
#include "conformance/cases/Registry.h"

namespace tessel::conformance {
namespace {

constexpr const char *kSrc = "arith.py";
constexpr int kN = 500, kBlock = 128;

using BinFn = std::function<void(const HostArray &x, const HostArray &y, size_t i,
                                 HostArray &out)>;

Case binaryCase(const std::string &op, Dt dt, Generator gx, Generator gy, BinFn fn,
                const std::string &variant = "") {
  std::string id = makeId({"arith", op, dtName(dt)});
  if (!variant.empty())
    id += "/" + variant;
  CaseBuilder b(id, kSrc, "binary");
  b.addInput("x", dt, kN, gx);
  b.addInput("y", dt, kN, gy);
  b.addOutput("out", dt, kN + 7, correctlyRounded(dt));
  b.scalarI(Dt::I32, kN)
      .constant("OP", "'" + op + "'")
      .constant("BLOCK", kBlock)
      .grid(4);
  b.reference([fn](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (size_t i = 0; i < kN; ++i)
      fn(in[0], in[1], i, ex[2]);
  });
  return b.build();
}

// Integer results wrap around: compute in 64 bits, setBits truncates.
BinFn intOp(char op) {
  return [op](const HostArray &x, const HostArray &y, size_t i, HostArray &out) {
    const uint64_t a = x.uintAt(i), b = y.uintAt(i);
    switch (op) {
    case '+':
      out.setBits(i, a + b);
      break;
    case '-':
      out.setBits(i, a - b);
      break;
    case '*':
      out.setBits(i, a * b);
      break;
    case '&':
      out.setBits(i, a & b);
      break;
    case '|':
      out.setBits(i, a | b);
      break;
    case '^':
      out.setBits(i, a ^ b);
      break;
    }
  };
}

BinFn floatOp(char op) {
  return [op](const HostArray &x, const HostArray &y, size_t i, HostArray &out) {
    const double a = x.floatAt(i), b = y.floatAt(i);
    switch (op) {
    case '+':
      out.setF(i, a + b);
      break;
    case '-':
      out.setF(i, a - b);
      break;
    case '*':
      out.setF(i, a * b);
      break;
    case '/':
      out.setF(i, a / b);
      break;
    }
  };
}

// C semantics: the quotient truncates toward zero and the remainder takes
// the dividend's sign (as in Triton, unlike Python).
BinFn divOp(bool mod) {
  return [mod](const HostArray &x, const HostArray &y, size_t i, HostArray &out) {
    if (dtInfo(x.dt()).isSigned) {
      const int64_t a = x.intAt(i), b = y.intAt(i);
      out.setI(i, mod ? a % b : a / b);
    } else {
      const uint64_t a = x.uintAt(i), b = y.uintAt(i);
      out.setU(i, mod ? a % b : a / b);
    }
  };
}

// >> is arithmetic on signed types and logical on unsigned ones.
BinFn shiftOp(bool left) {
  return [left](const HostArray &x, const HostArray &y, size_t i, HostArray &out) {
    const uint64_t s = y.uintAt(i);
    if (left)
      out.setBits(i, x.uintAt(i) << s);
    else if (dtInfo(x.dt()).isSigned)
      out.setI(i, x.intAt(i) >> s);
    else
      out.setU(i, x.uintAt(i) >> s);
  };
}

BinFn minMax(bool max) {
  return [max](const HostArray &x, const HostArray &y, size_t i, HostArray &out) {
    bool xWins;
    if (isFloat(x.dt()))
      xWins = max ? x.floatAt(i) >= y.floatAt(i) : x.floatAt(i) <= y.floatAt(i);
    else if (dtInfo(x.dt()).isSigned)
      xWins = max ? x.intAt(i) >= y.intAt(i) : x.intAt(i) <= y.intAt(i);
    else
      xWins = max ? x.uintAt(i) >= y.uintAt(i) : x.uintAt(i) <= y.uintAt(i);
    put(out, i, xWins ? x : y, i);
  };
}

Case compare(const std::string &op, Dt dt) {
  CaseBuilder b(makeId({"compare", op, dtName(dt)}), kSrc, "compare");
  // Few distinct values, so that equal pairs are common.
  Generator g = dtInfo(dt).isSigned || isFloat(dt) ? Generator::ints(-3, 3)
                                                   : Generator::ints(0, 5);
  b.addInput("x", dt, kN, g);
  b.addInput("y", dt, kN, g);
  b.addOutput("out", Dt::I1, kN + 7, Tolerance::exact());
  b.scalarI(Dt::I32, kN)
      .constant("OP", "'" + op + "'")
      .constant("BLOCK", kBlock)
      .grid(4);
  b.reference([op, dt](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (size_t i = 0; i < kN; ++i) {
      int c; // three-way comparison in the operands' own type
      if (isFloat(dt))
        c = in[0].floatAt(i) < in[1].floatAt(i)   ? -1
            : in[0].floatAt(i) > in[1].floatAt(i) ? 1
                                                  : 0;
      else if (dtInfo(dt).isSigned)
        c = in[0].intAt(i) < in[1].intAt(i) ? -1 : in[0].intAt(i) > in[1].intAt(i);
      else
        c = in[0].uintAt(i) < in[1].uintAt(i) ? -1 : in[0].uintAt(i) > in[1].uintAt(i);
      const bool r = op == "lt"   ? c < 0
                     : op == "le" ? c <= 0
                     : op == "gt" ? c > 0
                     : op == "ge" ? c >= 0
                     : op == "eq" ? c == 0
                                  : c != 0;
      ex[2].setBits(i, r);
    }
  });
  return b.build();
}

Case select(Dt dt) {
  CaseBuilder b(makeId({"arith/where", dtName(dt)}), kSrc, "select");
  b.addInput("c", Dt::I8, kN, Generator::ints(0, 1));
  b.addInput("x", dt, kN, dataGen(dt));
  b.addInput("y", dt, kN, dataGen(dt));
  b.addOutput("out", dt, kN, Tolerance::exact());
  b.scalarI(Dt::I32, kN).constant("BLOCK", kBlock).grid(4);
  b.reference([](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (size_t i = 0; i < kN; ++i)
      put(ex[3], i, in[0].intAt(i) ? in[1] : in[2], i);
  });
  return b.build();
}

Case scalarMul(Dt dt) {
  CaseBuilder b(makeId({"dtype/scalar_mul", dtName(dt)}), kSrc, "scalar_mul");
  b.addInput("x", dt, kN,
             isFloat(dt) ? Generator::uniform(-4, 4) : Generator::randomBits());
  b.addOutput("out", dt, kN + 3, correctlyRounded(dt));
  // -1.5 and 3 are exact in every float format; 3 in every integer type.
  const double a = isFloat(dt) ? -1.5 : 3;
  b.scalar(dt, a).scalarI(Dt::I32, kN).constant("BLOCK", kBlock).grid(4);
  b.reference([a, dt](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (size_t i = 0; i < kN; ++i) {
      if (isFloat(dt))
        ex[1].setF(i, in[0].floatAt(i) * a);
      else
        ex[1].setBits(i, in[0].uintAt(i) * 3);
    }
  });
  return b.build();
}

Case unary(const std::string &op, Dt dt) {
  CaseBuilder b(makeId({"arith", op, dtName(dt)}), kSrc, "unary");
  b.addInput("x", dt, kN, dataGen(dt));
  b.addOutput("out", dt, kN + 3, Tolerance::exact());
  b.scalarI(Dt::I32, kN)
      .constant("OP", "'" + op + "'")
      .constant("BLOCK", kBlock)
      .grid(4);
  b.reference([op, dt](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (size_t i = 0; i < kN; ++i) {
      if (isFloat(dt))
        ex[1].setF(i, op == "neg" ? -in[0].floatAt(i) : std::fabs(in[0].floatAt(i)));
      else if (op == "invert")
        ex[1].setBits(i, ~in[0].uintAt(i));
      else if (op == "neg")
        ex[1].setBits(i, uint64_t(0) - in[0].uintAt(i));
      else
        ex[1].setI(i, in[0].intAt(i) < 0 ? -in[0].intAt(i) : in[0].intAt(i));
    }
  });
  return b.build();
}

Case divideMaskedLanes(Dt dt) {
  CaseBuilder b(makeId({"arith/divide_masked_lanes", dtName(dt)}), kSrc,
                "divide_masked_lanes");
  b.addInput("x", dt, kN, Generator::randomBits());
  b.addInput("y", dt, kN, Generator::ints(1, 100));
  b.addOutput("out", dt, kN + 7, Tolerance::exact());
  b.scalarI(Dt::I32, kN).constant("BLOCK", kBlock).grid(4);
  b.reference([](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (size_t i = 0; i < kN; ++i) {
      if (dtInfo(in[0].dt()).isSigned)
        ex[2].setI(i,
                   in[0].intAt(i) / in[1].intAt(i) + in[0].intAt(i) % in[1].intAt(i));
      else
        ex[2].setU(i, in[0].uintAt(i) / in[1].uintAt(i) +
                          in[0].uintAt(i) % in[1].uintAt(i));
    }
  });
  return b.build();
}

} // namespace

void addArithCases(std::vector<Case> &out) {
  for (Dt dt : intDtypes()) {
    const Generator any = Generator::randomBits();
    out.push_back(binaryCase("add", dt, any, any, intOp('+')));
    out.push_back(binaryCase("sub", dt, any, any, intOp('-')));
    out.push_back(binaryCase("mul", dt, any, any, intOp('*')));
    out.push_back(binaryCase("and", dt, any, any, intOp('&')));
    out.push_back(binaryCase("or", dt, any, any, intOp('|')));
    out.push_back(binaryCase("xor", dt, any, any, intOp('^')));
    out.push_back(binaryCase("maximum", dt, any, any, minMax(true)));
    out.push_back(binaryCase("minimum", dt, any, any, minMax(false)));
    // Divisors never zero; negative ones never -1, so INT_MIN / -1 (undefined)
    // cannot occur.
    out.push_back(binaryCase("floordiv", dt, any, Generator::ints(1, 100), divOp(false),
                             "divisor=pos"));
    out.push_back(binaryCase("mod", dt, any, Generator::ints(1, 100), divOp(true),
                             "divisor=pos"));
    if (dtInfo(dt).isSigned) {
      out.push_back(binaryCase("floordiv", dt, any, Generator::ints(-100, -2),
                               divOp(false), "divisor=neg"));
      out.push_back(binaryCase("mod", dt, any, Generator::ints(-100, -2), divOp(true),
                               "divisor=neg"));
    }
    const int64_t maxShift = dtInfo(dt).bits - 1;
    out.push_back(
        binaryCase("shl", dt, any, Generator::ints(0, maxShift), shiftOp(true)));
    out.push_back(
        binaryCase("shr", dt, any, Generator::ints(0, maxShift), shiftOp(false)));
    out.push_back(unary("invert", dt));
    if (dtInfo(dt).isSigned)
      out.push_back(unary("neg", dt));
  }
  for (Dt dt : floatDtypes()) {
    const Generator g = Generator::uniform(-8, 8);
    out.push_back(binaryCase("add", dt, g, g, floatOp('+')));
    out.push_back(binaryCase("sub", dt, g, g, floatOp('-')));
    out.push_back(binaryCase("mul", dt, g, g, floatOp('*')));
    // Divisors of magnitude >= 0.5 keep every quotient (<= 16) inside the
    // range of the narrowest format (fp8e4m3: 448).
    out.push_back(binaryCase("div", dt, g, Generator::uniform(0.5, 8), floatOp('/')));
    out.push_back(binaryCase("maximum", dt, g, g, minMax(true)));
    out.push_back(binaryCase("minimum", dt, g, g, minMax(false)));
    out.push_back(unary("neg", dt));
    out.push_back(unary("abs", dt));
  }
  for (const char *op : {"and", "or", "xor"})
    out.push_back(binaryCase(op, Dt::I1, Generator::boolean(), Generator::boolean(),
                             intOp(op[0] == 'a'   ? '&'
                                   : op[0] == 'o' ? '|'
                                                  : '^')));
  for (Dt dt : {Dt::F32, Dt::F16, Dt::I32, Dt::I8, Dt::U64})
    out.push_back(select(dt));
  for (Dt dt : {Dt::I32, Dt::U8, Dt::I64})
    out.push_back(divideMaskedLanes(dt));
}

void addDtypeCases(std::vector<Case> &out) {
  for (Dt dt : allDtypes())
    if (dt != Dt::I1)
      out.push_back(scalarMul(dt));
}

void addCompareCases(std::vector<Case> &out) {
  for (const char *op : {"lt", "le", "gt", "ge", "eq", "ne"})
    for (Dt dt : {Dt::I8, Dt::I32, Dt::I64, Dt::U8, Dt::U32, Dt::U64, Dt::F16, Dt::BF16,
                  Dt::F32, Dt::F64})
      out.push_back(compare(op, dt));
}

} // namespace tessel::conformance
