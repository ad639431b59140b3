#include "core/runtime/artifact.h"

#include <cstdio>

namespace tessel::runtime {

std::string CompileRecord::Summary() const {
  char text[64];
  std::snprintf(text, sizeof(text), "%s in %.1f ms",
                cache_hit ? "cache hit" : "compiled", milliseconds);
  return text;
}

}  // namespace tessel::runtime
