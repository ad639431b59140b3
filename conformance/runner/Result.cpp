//===- Result.cpp - The result of one case --------------------------------===//

#include "conformance/runner/Result.h"

namespace tessel::conformance {

const char *outcomeName(Outcome outcome) {
  switch (outcome) {
  case Outcome::kPass:
    return "pass";
  case Outcome::kFail:
    return "fail";
  case Outcome::kNotSupported:
    return "not-supported";
  case Outcome::kSkipped:
    return "skipped";
  case Outcome::kValidated:
    return "validated";
  case Outcome::kError:
    return "error";
  }
  return "error";
}

const std::vector<Outcome> &allOutcomes() {
  static const std::vector<Outcome> kAll = {Outcome::kPass,         Outcome::kFail,
                                            Outcome::kNotSupported, Outcome::kSkipped,
                                            Outcome::kValidated,    Outcome::kError};
  return kAll;
}

bool parseOutcome(const std::string &name, Outcome *outcome) {
  for (Outcome o : allOutcomes()) {
    if (name == outcomeName(o)) {
      *outcome = o;
      return true;
    }
  }
  return false;
}

std::map<Outcome, int> RunSummary::counts() const {
  std::map<Outcome, int> counts;
  for (Outcome o : allOutcomes())
    counts[o] = 0;
  for (const CaseResult &r : results)
    ++counts[r.outcome];
  return counts;
}

bool RunSummary::conformant() const {
  for (const CaseResult &r : results)
    if (r.outcome == Outcome::kFail || r.outcome == Outcome::kError)
      return false;
  return true;
}

} // namespace tessel::conformance
