//===- Registry.cpp - The registry of every case --------------------------===//

#include "conformance/cases/Registry.h"

#include <algorithm>
#include <map>
#include <stdexcept>

namespace tessel::conformance {

const std::vector<Case> &allCases() {
  static const std::vector<Case> cases = [] {
    std::vector<Case> all;
    for (auto add :
         {&addMemoryCases, &addDtypeCases, &addCastCases, &addArithCases,
          &addCompareCases, &addMathCases, &addReduceCases, &addScanCases, &addDotCases,
          &addControlCases, &addAtomicCases, &addGridCases, &addDescriptorCases,
          &addKernelCases, &addLibdeviceCases, &addShapeCases, &addRandomCases,
          &addLoopCases, &addBlockPtrCases, &addSyncAsmCases}) {
      add(all);
    }
    std::sort(all.begin(), all.end(),
              [](const Case &a, const Case &b) { return a.id < b.id; });
    for (size_t i = 1; i < all.size(); ++i) {
      // A duplicate id is a bug in a family file; reports keyed by id would
      // silently merge two cases.
      if (all[i].id == all[i - 1].id)
        throw std::logic_error("duplicate conformance case id: " + all[i].id);
    }
    return all;
  }();
  return cases;
}

const Case *findCase(const std::string &id) {
  static const std::map<std::string, const Case *> index = [] {
    std::map<std::string, const Case *> m;
    for (const Case &c : allCases())
      m[c.id] = &c;
    return m;
  }();
  auto it = index.find(id);
  return it == index.end() ? nullptr : it->second;
}

} // namespace tessel::conformance
