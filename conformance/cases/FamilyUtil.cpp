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

Case withOptions(Case c, int32_t warps, int32_t stages) {
  std::string suffix;
  if (warps != 0)
    suffix = "warps=" + std::to_string(warps);
  if (stages != 0)
    suffix +=
        (suffix.empty() ? "" : ",") + std::string("stages=") + std::to_string(stages);
  if (!suffix.empty())
    c.id += "/" + suffix;
  c.seed = seedOf(c.id); // every case draws its own data
  c.numWarps = warps;
  c.numStages = stages;
  return c;
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
