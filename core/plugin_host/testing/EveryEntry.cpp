//===- EveryEntry.cpp - Calls every entry of a plugin ---------------------===//

#include "core/plugin_host/testing/EveryEntry.h"

#include <type_traits>

#include "tessel/struct_size.hpp"

namespace tessel::plugin_host::testing {
namespace {

template <typename Fn> struct EntrySignature;
template <typename R, typename A> struct EntrySignature<R(A *)> {
  using Result = R;
  using Args = A;
};

template <typename Fn>
void callOne(const LoadedPlugin &plugin, Fn *Tessel_Plugin_Api::*member,
             const char *name, std::vector<EntryCallResult> &results) {
  using Signature = EntrySignature<Fn>;
  // The void entries are the error entries: common, not called here.
  if constexpr (!std::is_void_v<typename Signature::Result>) {
    auto args = sdk::Init<typename Signature::Args>();
    results.push_back(EntryCallResult{name, plugin.call(member, &args)});
  }
}

} // namespace

std::vector<EntryCallResult> callEveryEntry(const LoadedPlugin &plugin) {
  std::vector<EntryCallResult> results;
  const HostAbi &abi = plugin.hostAbi();
#define TESSEL_CALL_ENTRY(field, unused_half, unused_minor)                            \
  if (abi.findByName(#field)->half != Half::kCommon) {                                 \
    callOne(plugin, &Tessel_Plugin_Api::field, #field, results);                       \
  }
  TESSEL_PLUGIN_API_ENTRIES(TESSEL_CALL_ENTRY)
#undef TESSEL_CALL_ENTRY
  return results;
}

} // namespace tessel::plugin_host::testing
