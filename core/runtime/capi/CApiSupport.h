//===- CApiSupport.h - What both C interfaces parse -------------*- C++ -*-===//
//
// Parsing shared by the runtime's and the compiler's C interfaces: their
// list arguments and the cache key of a compiled entry.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_RUNTIME_CAPI_CAPISUPPORT_H
#define TESSEL_CORE_RUNTIME_CAPI_CAPISUPPORT_H

#include <string>
#include <vector>

#include "core/runtime/CacheKey.h"

namespace tessel::capi {

/// The non-empty items of `text` (null: none) between `separator`s.
std::vector<std::string> splitList(const char *text, char separator);

/// `hex`, 64 lower-case hexadecimal digits, as a cache key; false when it
/// is anything else (null included).
bool parseCacheKey(const char *hex, runtime::CacheKey &key);

} // namespace tessel::capi

#endif // TESSEL_CORE_RUNTIME_CAPI_CAPISUPPORT_H
