// Header-only C++17 helpers for implementing a Tessel plugin.
//
// Nothing here is part of the ABI: every helper compiles into the plugin
// itself, so a plugin may use any subset, or none, and still talk to any host
// of the same ABI major. What it gives:
//   - a ready `Tessel_Error` definition with error_destroy / error_inspect
//     entries (this header *completes* the opaque type: a plugin that wants
//     its own error type must not include this header);
//   - `MakeError` / `Unimplemented`, which never throw;
//   - `Entry(...)`, the barrier every entry point should run its body in: it
//     checks the args pointer and `struct_size` first, then converts every
//     C++ exception into an error object, so nothing unwinds into the host;
//   - `MakeApi`, a table with the version, sizes and common entries filled;
//   - `Init<T>()` (from struct_size.hpp), a zeroed ABI struct with
//     `struct_size` set.
//
// Typical entry point:
//
//   static Tessel_Error* Compile(Tessel_Compile_Args* args) {
//     return tessel::sdk::Entry("compile", args, [&](Tessel_Compile_Args& a) {
//       ...                        // may throw; a is struct_size-checked
//       return tessel::sdk::Ok();
//     });
//   }
#ifndef TESSEL_PLUGIN_HPP_
#define TESSEL_PLUGIN_HPP_

#include <cstdarg>
#include <cstdio>
#include <exception>
#include <new>
#include <string>
#include <utility>

#include "tessel/plugin_api.h"
#include "tessel/struct_size.hpp"

// The error object of plugins built with these helpers. Owned by whoever
// receives it from an entry; released through `error_destroy`.
struct Tessel_Error {
  int32_t code;
  std::string message;
};

namespace tessel {
namespace sdk {

namespace detail {
// Returned when allocating an error fails: destroying it is a no-op, so the
// host's ordinary error path still works when memory is exhausted.
inline Tessel_Error *OutOfMemoryError() {
  static Tessel_Error error{TESSEL_ERROR_RESOURCE_EXHAUSTED,
                            "out of memory while reporting an error"};
  return &error;
}
} // namespace detail

inline Tessel_Error *Ok() { return nullptr; }

// A new error object. Never throws: if memory runs out, the result is a
// shared RESOURCE_EXHAUSTED error that error_destroy knows not to free.
inline Tessel_Error *MakeError(Tessel_Error_Code code, const char *message) noexcept {
  try {
    return new Tessel_Error{static_cast<int32_t>(code), message};
  } catch (...) {
    return detail::OutOfMemoryError();
  }
}

inline Tessel_Error *MakeError(Tessel_Error_Code code,
                               const std::string &message) noexcept {
  return MakeError(code, message.c_str());
}

// printf-style variant of MakeError. Never throws.
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
inline Tessel_Error *
MakeErrorF(Tessel_Error_Code code, const char *format, ...) noexcept {
  char buffer[1024];
  va_list ap;
  va_start(ap, format);
  std::vsnprintf(buffer, sizeof(buffer), format, ap);
  va_end(ap);
  return MakeError(code, buffer);
}

// The error an unfinished entry returns: "<plugin>: <entry> is not
// implemented". Hosts show it verbatim, so name both.
inline Tessel_Error *Unimplemented(const char *plugin, const char *entry) noexcept {
  return MakeErrorF(TESSEL_ERROR_UNIMPLEMENTED, "%s: %s is not implemented", plugin,
                    entry);
}

// Checks what every entry must check first: a non-NULL args pointer whose
// `struct_size` is at least the struct's size at introduction. Fields beyond
// that minimum are read only after TESSEL_HAS_FIELD.
template <typename Args>
Tessel_Error *CheckArgs(const char *entry, const Args *args) noexcept {
  if (args == nullptr) {
    return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "%s: args is NULL", entry);
  }
  if (args->struct_size < StructSize<Args>::kMin) {
    return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                      "%s: args struct_size %zu is smaller than the minimum "
                      "%zu",
                      entry, args->struct_size, StructSize<Args>::kMin);
  }
  return nullptr;
}

// Runs `body(*args)` (which returns Tessel_Error*) after CheckArgs, turning
// every exception into an error: nothing may unwind through the C ABI.
template <typename Args, typename Body>
Tessel_Error *Entry(const char *entry, Args *args, Body &&body) noexcept {
  if (Tessel_Error *error = CheckArgs(entry, args))
    return error;
  try {
    return std::forward<Body>(body)(*args);
  } catch (const std::bad_alloc &) {
    return MakeErrorF(TESSEL_ERROR_RESOURCE_EXHAUSTED, "%s: out of memory", entry);
  } catch (const std::exception &e) {
    return MakeErrorF(TESSEL_ERROR_INTERNAL, "%s: uncaught exception: %s", entry,
                      e.what());
  } catch (...) {
    return MakeErrorF(TESSEL_ERROR_INTERNAL, "%s: uncaught exception of unknown type",
                      entry);
  }
}

// The two error entries for errors created by MakeError.
inline void ErrorDestroy(Tessel_Error_Destroy_Args *args) noexcept {
  if (args == nullptr || args->error == nullptr)
    return;
  if (args->error == detail::OutOfMemoryError())
    return;
  delete args->error;
}

inline void ErrorInspect(Tessel_Error_Inspect_Args *args) noexcept {
  if (args == nullptr || args->error == nullptr)
    return;
  args->message = args->error->message.data();
  args->message_size = args->error->message.size();
  args->code = args->error->code;
}

// A table for the ABI this header defines, with the common error entries
// filled in. The caller fills `plugin_initialize` and the entries of the
// halves it declares, and keeps the table in static storage.
inline Tessel_Plugin_Api MakeApi(uint32_t halves,
                                 const Tessel_Plugin_Info *info) noexcept {
  Tessel_Plugin_Api api = Init<Tessel_Plugin_Api>();
  api.abi_major = TESSEL_PLUGIN_ABI_MAJOR;
  api.abi_minor = TESSEL_PLUGIN_ABI_MINOR;
  api.halves = halves;
  api.info = info;
  api.error_destroy = &ErrorDestroy;
  api.error_inspect = &ErrorInspect;
  return api;
}

} // namespace sdk
} // namespace tessel

#endif // TESSEL_PLUGIN_HPP_
