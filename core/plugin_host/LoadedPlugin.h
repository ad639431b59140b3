//===- LoadedPlugin.h - A loaded, negotiated plugin -------------*- C++ -*-===//
//
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
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_PLUGIN_HOST_LOADEDPLUGIN_H
#define TESSEL_CORE_PLUGIN_HOST_LOADEDPLUGIN_H

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "core/plugin_host/HostAbi.h"
#include "core/plugin_host/Status.h"
#include "tessel/plugin_api.h"

namespace tessel::plugin_host {

/// The plugin code a host runs before any work, in order. Loading runs the
/// first four; hosts that list targets or devices run the others. Errors of
/// isolated set-up (PluginProbe.h) name the stage a plugin crashed or hung in.
enum class SetupStage {
  kDlopen,            ///< dlopen: the plugin's static constructors
  kGetApi,            ///< tessel_plugin_get_api
  kCheckTable,        ///< reading the function table and plugin info
  kInitialize,        ///< plugin_initialize
  kCompilerInfo,      ///< compiler_get_info
  kDeviceEnumeration, ///< device_enumerate
};

/// "loading (dlopen)", "tessel_plugin_get_api", "initialize", ...
const char *setupStageName(SetupStage stage);

class LoadedPlugin {
public:
  using GenericFn = void (*)(void);
  /// Told each stage just before loading enters it.
  using StageObserver = void (*)(void *context, SetupStage stage);

  /// Loads and negotiates the plugin at `path` against `abi` (which must
  /// outlive the result).
  static StatusOr<std::shared_ptr<LoadedPlugin>>
  load(const std::string &path, const HostAbi &abi = HostAbi::current());
  /// The same, telling `observer` each stage as it starts.
  static StatusOr<std::shared_ptr<LoadedPlugin>> load(const std::string &path,
                                                      const HostAbi &abi,
                                                      StageObserver observer,
                                                      void *context);

  ~LoadedPlugin();
  LoadedPlugin(const LoadedPlugin &) = delete;
  LoadedPlugin &operator=(const LoadedPlugin &) = delete;

  const std::string &path() const { return pluginPath; }
  /// "plugin '<path>'": the prefix of every message about this plugin.
  std::string describe() const;

  /// From Tessel_Plugin_Info (validated at load).
  std::string name() const { return apiTable->info->name; }
  std::string version() const;
  std::string description() const;

  uint32_t abiMajor() const { return apiTable->abi_major; }
  uint32_t abiMinor() const { return apiTable->abi_minor; }
  uint32_t halves() const { return apiTable->halves; }
  bool provides(Half half) const;
  const HostAbi &hostAbi() const { return *abi; }

  /// The function behind `entry`, or an error: the plugin's ABI minor
  /// predates the entry ("requires ABI 1.N"), the plugin does not provide
  /// the entry's half, or the entry is NULL.
  StatusOr<GenericFn> resolve(const EntryInfo &entry) const;

  /// Calls the table entry `member` (e.g. &Tessel_Plugin_Api::compile) with
  /// `args` and turns its error, if any, into a Status.
  template <typename Fn, typename Args>
  Status call(Fn *Tessel_Plugin_Api::*member, Args *args) const {
    const EntryInfo *entry = abi->findByOffset(offsetOf(member));
    if (entry == nullptr) {
      return Status(TESSEL_ERROR_INTERNAL, describe() + ": entry at offset " +
                                               std::to_string(offsetOf(member)) +
                                               " is unknown to this host");
    }
    StatusOr<GenericFn> fn = resolve(*entry);
    if (!fn.ok())
      return fn.status();
    return takeError(reinterpret_cast<Fn *>(*fn)(args), entry->name);
  }

  /// Converts a plugin error into a Status naming this plugin and `entry`,
  /// and destroys it. NULL gives OK.
  Status takeError(Tessel_Error *error, const std::string &entry) const;

  /// The raw table, for code that knows what it is doing (tests).
  const Tessel_Plugin_Api &api() const { return *apiTable; }

private:
  LoadedPlugin(std::string path, void *handle, const Tessel_Plugin_Api *api,
               const HostAbi *abi)
      : pluginPath(std::move(path)), dlHandle(handle), apiTable(api), abi(abi) {}

  template <typename Fn> static size_t offsetOf(Fn *Tessel_Plugin_Api::*member) {
    static const Tessel_Plugin_Api kProbe{};
    return static_cast<size_t>(reinterpret_cast<const char *>(&(kProbe.*member)) -
                               reinterpret_cast<const char *>(&kProbe));
  }

  Status checkTable() const;
  Status initialize() const;

  std::string pluginPath;
  void *dlHandle;
  const Tessel_Plugin_Api *apiTable;
  const HostAbi *abi;
};

} // namespace tessel::plugin_host

#endif // TESSEL_CORE_PLUGIN_HOST_LOADEDPLUGIN_H
