//===- Case.h - One conformance case ----------------------------*- C++ -*-===//
//
// One conformance case: a kernel of the kernel language with everything
// needed to run and judge it on any device.
//
// A case names its kernel (a file of conformance/cases/kernels and a @jit
// function in it), the constexpr values, the buffers with the seeded
// generator that fills each one, the launch arguments and grid, the device
// capabilities it needs, a host reference and, per output buffer, a
// tolerance. Cases are built by the family files (*Cases.cpp) by
// parametrizing one kernel over dtypes and shapes; each gets a stable id
// such as "memory/masked_copy/fp16/n=1000".
#ifndef TESSEL_CONFORMANCE_CASES_CASE_H
#define TESSEL_CONFORMANCE_CASES_CASE_H

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "conformance/cases/Dtype.h"
#include "conformance/cases/HostArray.h"

namespace tessel::conformance {

// How a buffer's initial contents are drawn. Every generator but kIota is
// random from the case seed; none produces an all-zero buffer, so a kernel
// that writes nothing, or zeros, cannot pass by accident.
struct Generator {
  enum Kind {
    kUniform, // floats uniform in [lo, hi], rounded to the dtype
    kInts,    // integers uniform in [lo, hi] (as int64)
    kBits,    // every bit pattern of the type equally likely (integers)
    kBool,    // 0 or 1
    kIota,    // lo, lo + 1, ... (wrapping), for index-like data
  };
  Kind kind = kUniform;
  double lo = -1, hi = 1;

  static Generator uniform(double lo, double hi) { return {kUniform, lo, hi}; }
  static Generator ints(int64_t lo, int64_t hi) {
    return {kInts, static_cast<double>(lo), static_cast<double>(hi)};
  }
  static Generator randomBits() { return {kBits, 0, 0}; }
  static Generator boolean() { return {kBool, 0, 1}; }
  static Generator iota(int64_t start) {
    return {kIota, static_cast<double>(start), 0};
  }
};

// How an output buffer is compared with the reference.
struct Tolerance {
  enum Kind {
    kExact,   // bit-identical (NaNs compare by class only for floats)
    kUlp,     // floats: |got - ref| <= value ulps of the dtype at ref
    kRelNorm, // floats: ||got - ref||_2 <= value * ||ref||_2 over the buffer
              // and, when value2 > 0, per element |got - ref| <= value2 *
              // the element's magnitude (Case::magnitude)
    kAbsRel,  // floats: |got - ref| <= value (abs) + value2 (rel) * |ref|
  };
  Kind kind = kExact;
  double value = 0;
  double value2 = 0;

  static Tolerance exact() { return {kExact, 0, 0}; }
  static Tolerance ulps(double n) { return {kUlp, n, 0}; }
  static Tolerance relNorm(double eps) { return {kRelNorm, eps, 0}; }
  // relNorm(eps), and each element within `rtol` times its magnitude: a
  // norm alone lets one wrong element of a large buffer through.
  static Tolerance relNormBounded(double eps, double rtol) {
    return {kRelNorm, eps, rtol};
  }
  static Tolerance absRel(double atol, double rtol) { return {kAbsRel, atol, rtol}; }
  // True for a norm with a per-element bound (relNormBounded).
  bool hasElementBound() const { return kind == kRelNorm && value2 > 0; }
  std::string toString() const;
};

struct BufferSpec {
  std::string name; // as in the kernel's parameter list
  Dt dt = Dt::F32;
  size_t count = 0;
  Generator gen;
  bool isOutput = false;
  Tolerance tolerance; // outputs only
};

// One launch argument: a buffer (at an element offset) or a scalar.
struct ArgSpec {
  bool isBuffer = false;
  int buffer = -1; // index into Case::buffers
  uint64_t elemOffset = 0;
  Dt dt = Dt::I32;         // scalars: the type; buffers: the element type
  uint64_t scalarBits = 0; // scalars: the bit pattern, low bits
  // A divisibility fact the kernel is compiled for (`i32:16`, `*fp16:16`):
  // a scalar's value, a buffer's address (0: none).
  uint32_t divisibility = 0;
};

// Computes the expected outputs. `initial` holds every buffer as generated
// (what the device received). `expected` has one entry per buffer: for
// output buffers it starts as a copy of the initial contents (as fp64 for
// float buffers, so references keep full precision; in the buffer's own
// type for integers) and the reference overwrites what the kernel writes;
// entries of input buffers are empty.
using ReferenceFn = std::function<void(const std::vector<HostArray> &initial,
                                       std::vector<HostArray> &expected)>;

struct Case {
  std::string id;
  std::string source; // kernel file, e.g. "memory.py"
  std::string kernel; // @jit function name
  std::string signature;
  std::vector<std::pair<std::string, std::string>> constexprs;
  std::vector<BufferSpec> buffers;
  std::vector<ArgSpec> args;
  std::array<uint32_t, 3> grid = {1, 1, 1};
  // Compile options the case fixes (Tessel_Compile_Options); 0: the
  // plugin's default. Cases that set them carry them in their id
  // ("warps=8", "stages=3").
  int32_t numWarps = 0;
  int32_t numStages = 0;
  // Device feature keys that must be reported true ("fp64", "atomics").
  std::vector<std::string> capabilities;
  uint64_t seed = 0;
  ReferenceFn reference;
  // Needed when an output's tolerance has an element bound: per element,
  // the sum of the magnitudes of the terms the result adds up (for a dot,
  // sum_k |a_ik * b_kj|), computed from the initial buffers like
  // `reference`, into the fp64 arrays of initialMagnitudes (all zeros).
  // An element it leaves at zero (one the kernel must not write) has to
  // come back exactly.
  ReferenceFn magnitude;
  // Buffers whose contents are given rather than generated (shapes and
  // offsets a kernel reads, e.g. a grouped GEMM's group table): the buffer
  // index and its values, stored as the buffer's integer type.
  std::vector<std::pair<int, std::vector<int64_t>>> fixedBuffers;
};

// A kernel that must be rejected at compile time with a diagnostic
// containing `expectedMessage` at `expectedLine` (1-based, 0: any).
struct CompileFailCase {
  std::string id;     // "compile_fail/<file stem>"
  std::string source; // file in conformance/cases/compile_fail
  std::string kernel;
  std::string signature;
  std::vector<std::pair<std::string, std::string>> constexprs;
  std::string expectedMessage;
  int expectedLine = 0;
};

// Stable 64-bit hash (FNV-1a) of a case id: the default seed.
uint64_t seedOf(const std::string &id);

// Fills `array` from `gen` with a deterministic stream seeded by `seed`
// (same values on every host and compiler: no <random> distributions).
void generate(const Generator &gen, uint64_t seed, HostArray &array);

// The initial contents of every buffer of `c`.
std::vector<HostArray> generateBuffers(const Case &c);

// The `expected` vector a reference starts from (see ReferenceFn).
std::vector<HostArray> initialExpectation(const Case &c,
                                          const std::vector<HostArray> &initial);

// The vector Case::magnitude fills: for each output buffer with an element
// bound, `count` fp64 zeros; an empty array for every other buffer.
std::vector<HostArray> initialMagnitudes(const Case &c);

} // namespace tessel::conformance

#endif // TESSEL_CONFORMANCE_CASES_CASE_H
