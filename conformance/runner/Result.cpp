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

std::map<std::string, std::map<Outcome, int>> RunSummary::familyCounts() const {
  std::map<std::string, std::map<Outcome, int>> families;
  for (const CaseResult &r : results) {
    const std::string family = r.id.substr(0, r.id.find('/'));
    auto [it, added] = families.try_emplace(family);
    if (added)
      for (Outcome o : allOutcomes())
        it->second[o] = 0;
    ++it->second[r.outcome];
  }
  return families;
}

bool RunSummary::clean() const {
  for (const CaseResult &r : results)
    if (r.outcome == Outcome::kFail || r.outcome == Outcome::kError)
      return false;
  return true;
}

bool RunSummary::complete() const {
  return filters.empty() && (suiteCases == 0 || int(results.size()) == suiteCases);
}

RunVerdict RunSummary::verdict() const {
  const bool ok = clean();
  if (!executed())
    return ok ? RunVerdict::kValidated : RunVerdict::kNotValidated;
  // A run whose set-up failed ran nothing: it is the whole run that failed.
  const bool setupFailed = results.size() == 1 && results[0].id == "setup";
  if (!complete() && !setupFailed)
    return ok ? RunVerdict::kPartialPass : RunVerdict::kPartialFail;
  return ok ? RunVerdict::kConformant : RunVerdict::kNotConformant;
}

const char *verdictName(RunVerdict verdict) {
  switch (verdict) {
  case RunVerdict::kConformant:
    return "conformant";
  case RunVerdict::kNotConformant:
    return "not-conformant";
  case RunVerdict::kPartialPass:
    return "partial-pass";
  case RunVerdict::kPartialFail:
    return "partial-fail";
  case RunVerdict::kValidated:
    return "validated";
  case RunVerdict::kNotValidated:
    return "not-validated";
  }
  return "not-conformant";
}

} // namespace tessel::conformance
