#include "conformance/cases/family_util.h"

namespace tessel::conformance {

std::string Id(std::initializer_list<std::string> parts) {
  std::string id;
  for (const std::string& p : parts) {
    if (!id.empty()) id += "/";
    id += p;
  }
  return id;
}

Generator DataGen(Dt dt) {
  return IsFloat(dt) ? Generator::Uniform(-8, 8) : Generator::Bits();
}

void Put(HostArray& expected, size_t j, const HostArray& src, size_t i) {
  if (expected.dt() == Dt::F64 && IsFloat(src.dt()))
    expected.SetF(j, src.F(i));
  else
    expected.SetBits(j, src.Bits(i));
}

}  // namespace tessel::conformance
