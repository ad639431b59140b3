// A plugin shared object, loaded and negotiated, with checked access to its
// function table.
//
// Loading is the only way to get a LoadedPlugin, and it does, in order:
//   1. check the file exists and is an ELF shared object;
//   2. dlopen(RTLD_NOW | RTLD_LOCAL), so plugins never see each other's
//      symbols (each may carry its own LLVM);
//   3. find `tessel_plugin_get_api` and call it with the host's ABI version:
//      the version negotiation, before any other call;
//   4. check the table: not NULL, header present, same major, a struct_size
//      that covers every entry of the minor it claims, a valid
//      Tessel_Plugin_Info, every entry of a declared half non-NULL;
//   5. call `plugin_initialize`.
// Each failure is a Status whose message starts "plugin '<file>': " and says
// what is wrong.
//
// Lifetime: the library stays loaded while any shared_ptr to it lives. Host
// objects holding plugin objects (buffers, modules, ...) hold such a
// shared_ptr, so the code that frees them cannot be unloaded first.
#ifndef TESSEL_CORE_PLUGIN_HOST_LOADED_PLUGIN_H_
#define TESSEL_CORE_PLUGIN_HOST_LOADED_PLUGIN_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "core/plugin_host/host_abi.h"
#include "core/plugin_host/status.h"
#include "tessel/plugin_api.h"

namespace tessel::plugin_host {

class LoadedPlugin {
 public:
  using GenericFn = void (*)(void);

  // Loads and negotiates the plugin at `path` against `abi` (which must
  // outlive the result).
  static StatusOr<std::shared_ptr<LoadedPlugin>> Load(
      const std::string& path, const HostAbi& abi = HostAbi::Current());

  ~LoadedPlugin();
  LoadedPlugin(const LoadedPlugin&) = delete;
  LoadedPlugin& operator=(const LoadedPlugin&) = delete;

  const std::string& path() const { return path_; }
  // "plugin '<path>'": the prefix of every message about this plugin.
  std::string Describe() const;

  // From Tessel_Plugin_Info (validated at load).
  std::string name() const { return api_->info->name; }
  std::string version() const;
  std::string description() const;

  uint32_t abi_major() const { return api_->abi_major; }
  uint32_t abi_minor() const { return api_->abi_minor; }
  uint32_t halves() const { return api_->halves; }
  bool Provides(Half half) const;
  const HostAbi& host_abi() const { return *abi_; }

  // The function behind `entry`, or an error: the plugin's ABI minor
  // predates the entry ("requires ABI 1.N"), the plugin does not provide
  // the entry's half, or the entry is NULL.
  StatusOr<GenericFn> Resolve(const EntryInfo& entry) const;

  // Calls the table entry `member` (e.g. &Tessel_Plugin_Api::compile) with
  // `args` and turns its error, if any, into a Status.
  template <typename Fn, typename Args>
  Status Call(Fn* Tessel_Plugin_Api::*member, Args* args) const {
    const EntryInfo* entry = abi_->FindByOffset(OffsetOf(member));
    if (entry == nullptr) {
      return Status(TESSEL_ERROR_INTERNAL,
                    Describe() + ": entry at offset " +
                        std::to_string(OffsetOf(member)) +
                        " is unknown to this host");
    }
    StatusOr<GenericFn> fn = Resolve(*entry);
    if (!fn.ok()) return fn.status();
    return TakeError(reinterpret_cast<Fn*>(*fn)(args), entry->name);
  }

  // Converts a plugin error into a Status naming this plugin and `entry`,
  // and destroys it. NULL gives OK.
  Status TakeError(Tessel_Error* error, const std::string& entry) const;

  // The raw table, for code that knows what it is doing (tests).
  const Tessel_Plugin_Api& api() const { return *api_; }

 private:
  LoadedPlugin(std::string path, void* handle, const Tessel_Plugin_Api* api,
               const HostAbi* abi)
      : path_(std::move(path)), handle_(handle), api_(api), abi_(abi) {}

  template <typename Fn>
  static size_t OffsetOf(Fn* Tessel_Plugin_Api::*member) {
    static const Tessel_Plugin_Api probe{};
    return static_cast<size_t>(reinterpret_cast<const char*>(&(probe.*member)) -
                               reinterpret_cast<const char*>(&probe));
  }

  Status CheckTable() const;
  Status Initialize() const;

  std::string path_;
  void* handle_;
  const Tessel_Plugin_Api* api_;
  const HostAbi* abi_;
};

}  // namespace tessel::plugin_host

#endif  // TESSEL_CORE_PLUGIN_HOST_LOADED_PLUGIN_H_
