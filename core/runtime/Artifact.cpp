//===- Artifact.cpp - What is compiled and what comes out -----------------===//

#include "core/runtime/Artifact.h"

#include <cstdio>

namespace tessel::runtime {

std::string CompileRecord::summary() const {
  char text[64];
  std::snprintf(text, sizeof(text), "%s in %.1f ms",
                cacheHit ? "cache hit" : "compiled", milliseconds);
  return text;
}

} // namespace tessel::runtime
