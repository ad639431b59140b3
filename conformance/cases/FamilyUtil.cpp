//===- FamilyUtil.cpp - Helpers of the family files -----------------------===//

#include "conformance/cases/FamilyUtil.h"

namespace tessel::conformance {

std::string makeId(std::initializer_list<std::string> parts) {
  std::string id;
  for (const std::string &p : parts) {
    if (!id.empty())
      id += "/";
    id += p;
  }
  return id;
}

Generator dataGen(Dt dt) {
  return isFloat(dt) ? Generator::uniform(-8, 8) : Generator::randomBits();
}

void put(HostArray &expected, size_t j, const HostArray &src, size_t i) {
  if (expected.dt() == Dt::F64 && isFloat(src.dt()))
    expected.setF(j, src.floatAt(i));
  else
    expected.setBits(j, src.bitsAt(i));
}

} // namespace tessel::conformance
