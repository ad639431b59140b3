//===- Builder.cpp - The case builder -------------------------------------===//

#include "conformance/cases/Builder.h"
#include <stdexcept>

#include <algorithm>

namespace tessel::conformance {
namespace {

// The device feature a dtype needs, or "" for types every device has.
const char *capabilityOf(Dt dt) {
  switch (dt) {
  case Dt::F8E4M3:
  case Dt::F8E5M2:
    return "fp8";
  case Dt::F16:
    return "fp16";
  case Dt::BF16:
    return "bf16";
  case Dt::F64:
    return "fp64";
  default:
    return "";
  }
}

} // namespace

CaseBuilder::CaseBuilder(std::string id, std::string source, std::string kernel) {
  theCase.id = std::move(id);
  theCase.source = std::move(source);
  theCase.kernel = std::move(kernel);
  theCase.seed = seedOf(theCase.id);
}

int CaseBuilder::addBuffer(BufferSpec spec) {
  const int index = static_cast<int>(theCase.buffers.size());
  ArgSpec arg;
  arg.isBuffer = true;
  arg.buffer = index;
  arg.dt = spec.dt;
  theCase.buffers.push_back(std::move(spec));
  theCase.args.push_back(arg);
  return index;
}

int CaseBuilder::addInput(const std::string &name, Dt dt, size_t count, Generator gen) {
  return addBuffer({name, dt, count, gen, false, Tolerance::exact()});
}

int CaseBuilder::addOutput(const std::string &name, Dt dt, size_t count,
                           Tolerance tol) {
  Generator sentinel =
      isFloat(dt) ? Generator::uniform(-64, 64) : Generator::randomBits();
  return addBuffer({name, dt, count, sentinel, true, tol});
}

int CaseBuilder::addInOut(const std::string &name, Dt dt, size_t count, Generator gen,
                          Tolerance tol) {
  return addBuffer({name, dt, count, gen, true, tol});
}

CaseBuilder &CaseBuilder::scalar(Dt dt, double value) {
  HostArray one(dt, 1);
  one.setF(0, value);
  ArgSpec arg;
  arg.dt = dt;
  arg.scalarBits = one.bitsAt(0);
  theCase.args.push_back(arg);
  return *this;
}

CaseBuilder &CaseBuilder::scalarI(Dt dt, int64_t value) {
  HostArray one(dt, 1);
  one.setI(0, value);
  ArgSpec arg;
  arg.dt = dt;
  arg.scalarBits = one.bitsAt(0);
  theCase.args.push_back(arg);
  return *this;
}

CaseBuilder &CaseBuilder::divisibleBy(uint32_t divisor) {
  ArgSpec &arg = theCase.args.back();
  // A buffer's address is aligned by the allocation (64 bytes or more) and
  // its argument starts it; a scalar's value is checked here.
  if (!arg.isBuffer && divisor > 1 && int64_t(arg.scalarBits) % divisor != 0)
    throw std::logic_error(theCase.id +
                           ": a scalar argument breaks its divisibility fact");
  if (arg.isBuffer && arg.elemOffset != 0)
    throw std::logic_error(theCase.id +
                           ": an offset buffer argument with a divisibility fact");
  arg.divisibility = divisor;
  return *this;
}

CaseBuilder &CaseBuilder::constant(const std::string &name, const std::string &value) {
  theCase.constexprs.emplace_back(name, value);
  return *this;
}

CaseBuilder &CaseBuilder::constant(const std::string &name, int64_t value) {
  return constant(name, std::to_string(value));
}

CaseBuilder &CaseBuilder::grid(uint32_t x, uint32_t y, uint32_t z) {
  theCase.grid = {x, y, z};
  return *this;
}

CaseBuilder &CaseBuilder::numWarps(int32_t warps) {
  theCase.numWarps = warps;
  return *this;
}

CaseBuilder &CaseBuilder::numStages(int32_t stages) {
  theCase.numStages = stages;
  return *this;
}

CaseBuilder &CaseBuilder::needs(const std::string &capability) {
  theCase.capabilities.push_back(capability);
  return *this;
}

CaseBuilder &CaseBuilder::reference(ReferenceFn fn) {
  theCase.reference = std::move(fn);
  return *this;
}

CaseBuilder &CaseBuilder::magnitude(ReferenceFn fn) {
  theCase.magnitude = std::move(fn);
  return *this;
}

Case CaseBuilder::build() const {
  Case c = theCase;
  std::string sig;
  std::vector<std::string> caps = c.capabilities;
  for (const ArgSpec &a : c.args) {
    if (!sig.empty())
      sig += ",";
    if (a.isBuffer)
      sig += "*";
    sig += dtInfo(a.dt).signature;
    if (a.divisibility > 1)
      sig += ":" + std::to_string(a.divisibility);
    if (const char *cap = capabilityOf(a.dt); *cap)
      caps.push_back(cap);
  }
  std::sort(caps.begin(), caps.end());
  caps.erase(std::unique(caps.begin(), caps.end()), caps.end());
  c.signature = sig;
  c.capabilities = caps;
  return c;
}

Tolerance correctlyRounded(Dt dt) {
  return isFloat(dt) ? Tolerance::ulps(0.5) : Tolerance::exact();
}

} // namespace tessel::conformance
