#include "conformance/cases/builder.h"

#include <algorithm>

namespace tessel::conformance {
namespace {

// The device feature a dtype needs, or "" for types every device has.
const char* CapabilityOf(Dt dt) {
  switch (dt) {
    case Dt::F8E4M3:
    case Dt::F8E5M2: return "fp8";
    case Dt::F16: return "fp16";
    case Dt::BF16: return "bf16";
    case Dt::F64: return "fp64";
    default: return "";
  }
}

}  // namespace

CaseBuilder::CaseBuilder(std::string id, std::string source, std::string kernel) {
  c_.id = std::move(id);
  c_.source = std::move(source);
  c_.kernel = std::move(kernel);
  c_.seed = SeedOf(c_.id);
}

int CaseBuilder::AddBuffer(BufferSpec spec) {
  const int index = static_cast<int>(c_.buffers.size());
  ArgSpec arg;
  arg.is_buffer = true;
  arg.buffer = index;
  arg.dt = spec.dt;
  c_.buffers.push_back(std::move(spec));
  c_.args.push_back(arg);
  return index;
}

int CaseBuilder::In(const std::string& name, Dt dt, size_t count, Generator gen) {
  return AddBuffer({name, dt, count, gen, false, Tolerance::Exact()});
}

int CaseBuilder::Out(const std::string& name, Dt dt, size_t count, Tolerance tol) {
  Generator sentinel = IsFloat(dt) ? Generator::Uniform(-64, 64) : Generator::Bits();
  return AddBuffer({name, dt, count, sentinel, true, tol});
}

int CaseBuilder::InOut(const std::string& name, Dt dt, size_t count, Generator gen,
                       Tolerance tol) {
  return AddBuffer({name, dt, count, gen, true, tol});
}

CaseBuilder& CaseBuilder::Scalar(Dt dt, double value) {
  HostArray one(dt, 1);
  one.SetF(0, value);
  ArgSpec arg;
  arg.dt = dt;
  arg.scalar_bits = one.Bits(0);
  c_.args.push_back(arg);
  return *this;
}

CaseBuilder& CaseBuilder::ScalarI(Dt dt, int64_t value) {
  HostArray one(dt, 1);
  one.SetI(0, value);
  ArgSpec arg;
  arg.dt = dt;
  arg.scalar_bits = one.Bits(0);
  c_.args.push_back(arg);
  return *this;
}

CaseBuilder& CaseBuilder::Const(const std::string& name, const std::string& value) {
  c_.constexprs.emplace_back(name, value);
  return *this;
}

CaseBuilder& CaseBuilder::Const(const std::string& name, int64_t value) {
  return Const(name, std::to_string(value));
}

CaseBuilder& CaseBuilder::Grid(uint32_t x, uint32_t y, uint32_t z) {
  c_.grid = {x, y, z};
  return *this;
}

CaseBuilder& CaseBuilder::Needs(const std::string& capability) {
  c_.capabilities.push_back(capability);
  return *this;
}

CaseBuilder& CaseBuilder::Ref(ReferenceFn fn) {
  c_.reference = std::move(fn);
  return *this;
}

CaseBuilder& CaseBuilder::Magnitude(ReferenceFn fn) {
  c_.magnitude = std::move(fn);
  return *this;
}

Case CaseBuilder::Build() const {
  Case c = c_;
  std::string sig;
  std::vector<std::string> caps = c.capabilities;
  for (const ArgSpec& a : c.args) {
    if (!sig.empty()) sig += ",";
    if (a.is_buffer) sig += "*";
    sig += Info(a.dt).signature;
    if (const char* cap = CapabilityOf(a.dt); *cap) caps.push_back(cap);
  }
  std::sort(caps.begin(), caps.end());
  caps.erase(std::unique(caps.begin(), caps.end()), caps.end());
  c.signature = sig;
  c.capabilities = caps;
  return c;
}

Tolerance CorrectlyRounded(Dt dt) {
  return IsFloat(dt) ? Tolerance::Ulps(0.5) : Tolerance::Exact();
}

}  // namespace tessel::conformance
