#include "conformance/runner/result.h"

namespace tessel::conformance {

const char* OutcomeName(Outcome outcome) {
  switch (outcome) {
    case Outcome::kPass: return "pass";
    case Outcome::kFail: return "fail";
    case Outcome::kNotSupported: return "not-supported";
    case Outcome::kSkipped: return "skipped";
    case Outcome::kValidated: return "validated";
    case Outcome::kError: return "error";
  }
  return "error";
}

const std::vector<Outcome>& AllOutcomes() {
  static const std::vector<Outcome> all = {Outcome::kPass,    Outcome::kFail,
                                           Outcome::kNotSupported, Outcome::kSkipped,
                                           Outcome::kValidated, Outcome::kError};
  return all;
}

bool ParseOutcome(const std::string& name, Outcome* outcome) {
  for (Outcome o : AllOutcomes()) {
    if (name == OutcomeName(o)) {
      *outcome = o;
      return true;
    }
  }
  return false;
}

std::map<Outcome, int> RunSummary::Counts() const {
  std::map<Outcome, int> counts;
  for (Outcome o : AllOutcomes()) counts[o] = 0;
  for (const CaseResult& r : results) ++counts[r.outcome];
  return counts;
}

bool RunSummary::Conformant() const {
  for (const CaseResult& r : results)
    if (r.outcome == Outcome::kFail || r.outcome == Outcome::kError) return false;
  return true;
}

}  // namespace tessel::conformance
