//===- LoadedPlugin.cpp - A loaded, negotiated plugin ---------------------===//

#include "core/plugin_host/LoadedPlugin.h"

#include <dlfcn.h>

#include <cstring>
#include <fstream>
#include <sys/stat.h>

#include "core/plugin_host/ReturnedArray.h"
#include "tessel/struct_size.hpp"

namespace tessel::plugin_host {
namespace {

std::string quote(const std::string &path) { return "plugin '" + path + "'"; }

std::string abiString(uint32_t major, uint32_t minor) {
  return std::to_string(major) + "." + std::to_string(minor);
}

// Refuses what dlopen would reject with a less helpful message (or, for a
// static executable, might even run constructors of): anything that is not
// an ELF file of type ET_DYN.
Status checkSharedObjectFile(const std::string &path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) {
    return Status(TESSEL_ERROR_NOT_FOUND,
                  quote(path) + ": file not found (" + std::strerror(errno) + ")");
  }
  if (S_ISDIR(st.st_mode)) {
    return Status(TESSEL_ERROR_INVALID_ARGUMENT,
                  quote(path) + ": is a directory, not a shared object");
  }
  std::ifstream file(path, std::ios::binary);
  unsigned char header[18] = {};
  file.read(reinterpret_cast<char *>(header), sizeof(header));
  if (!file || std::memcmp(header,
                           "\x7f"
                           "ELF",
                           4) != 0) {
    return Status(TESSEL_ERROR_INVALID_ARGUMENT,
                  quote(path) + ": not a shared object (no ELF header)");
  }
  // e_type sits at offset 16, in the byte order EI_DATA (offset 5) names.
  const unsigned type =
      header[5] == 2 ? (header[16] << 8) | header[17] : header[16] | (header[17] << 8);
  constexpr unsigned kElfTypeDyn = 3;
  if (type != kElfTypeDyn) {
    return Status(TESSEL_ERROR_INVALID_ARGUMENT,
                  quote(path) + ": not a shared object (ELF type " +
                      std::to_string(type) + ", expected ET_DYN)");
  }
  return Status::success();
}

bool isValidPluginName(const char *name) {
  if (name == nullptr || *name == '\0')
    return false;
  for (const char *c = name; *c != '\0'; ++c) {
    if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '_')) {
      return false;
    }
  }
  return true;
}

} // namespace

const char *setupStageName(SetupStage stage) {
  switch (stage) {
  case SetupStage::kDlopen:
    return "loading (dlopen)";
  case SetupStage::kGetApi:
    return TESSEL_PLUGIN_GET_API_SYMBOL;
  case SetupStage::kCheckTable:
    return "reading the function table";
  case SetupStage::kInitialize:
    return "initialize";
  case SetupStage::kCompilerInfo:
    return "compiler info";
  case SetupStage::kDeviceEnumeration:
    return "device enumeration";
  }
  return "set-up";
}

StatusOr<std::shared_ptr<LoadedPlugin>> LoadedPlugin::load(const std::string &path,
                                                           const HostAbi &abi) {
  return load(path, abi, nullptr, nullptr);
}

StatusOr<std::shared_ptr<LoadedPlugin>> LoadedPlugin::load(const std::string &path,
                                                           const HostAbi &abi,
                                                           StageObserver observer,
                                                           void *context) {
  auto enter = [&](SetupStage stage) {
    if (observer != nullptr)
      observer(context, stage);
  };
  if (Status status = checkSharedObjectFile(path); !status.ok())
    return status;
  enter(SetupStage::kDlopen);

  // RTLD_NOW: a missing symbol fails here, naming the plugin, instead of at
  // some later call. RTLD_LOCAL: plugins must not resolve against each
  // other (two plugins may embed different LLVMs).
  void *handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char *why = ::dlerror();
    return Status(TESSEL_ERROR_INVALID_ARGUMENT,
                  quote(path) + ": cannot be loaded as a shared object: " +
                      (why != nullptr ? why : "unknown dlopen error"));
  }
  ::dlerror();
  void *symbol = ::dlsym(handle, TESSEL_PLUGIN_GET_API_SYMBOL);
  if (symbol == nullptr) {
    ::dlclose(handle);
    return Status(TESSEL_ERROR_NOT_FOUND,
                  quote(path) + ": does not export '" TESSEL_PLUGIN_GET_API_SYMBOL
                                "' (not a Tessel plugin)");
  }
  auto *getApi = reinterpret_cast<Tessel_Plugin_Get_Api *>(symbol);
  enter(SetupStage::kGetApi);
  const Tessel_Plugin_Api *api = getApi(abi.major, abi.minor);
  if (api == nullptr) {
    ::dlclose(handle);
    return Status(TESSEL_ERROR_FAILED_PRECONDITION,
                  quote(path) + ": " TESSEL_PLUGIN_GET_API_SYMBOL
                                " returned a NULL function table");
  }
  // From here on the destructor closes the handle on every error path.
  std::shared_ptr<LoadedPlugin> plugin(new LoadedPlugin(path, handle, api, &abi));
  enter(SetupStage::kCheckTable);
  if (Status status = plugin->checkTable(); !status.ok())
    return status;
  enter(SetupStage::kInitialize);
  if (Status status = plugin->initialize(); !status.ok())
    return status;
  return plugin;
}

LoadedPlugin::~LoadedPlugin() {
  if (dlHandle != nullptr)
    ::dlclose(dlHandle);
}

std::string LoadedPlugin::describe() const { return quote(pluginPath); }

std::string LoadedPlugin::version() const {
  return apiTable->info->version != nullptr ? apiTable->info->version : "";
}

std::string LoadedPlugin::description() const {
  return apiTable->info->description != nullptr ? apiTable->info->description : "";
}

bool LoadedPlugin::provides(Half half) const {
  switch (half) {
  case Half::kCommon:
    return true;
  case Half::kCompiler:
    return (halves() & TESSEL_PLUGIN_HALF_COMPILER) != 0;
  case Half::kRuntime:
    return (halves() & TESSEL_PLUGIN_HALF_RUNTIME) != 0;
  }
  return false;
}

Status LoadedPlugin::checkTable() const {
  const std::string who = describe();
  // Only struct_size may be read before it is known to cover the header.
  if (apiTable->struct_size < TESSEL_PLUGIN_API_HEADER_SIZE) {
    return Status(TESSEL_ERROR_FAILED_PRECONDITION,
                  who + ": function table struct_size " +
                      std::to_string(apiTable->struct_size) +
                      " is too small: smaller than the table header (" +
                      std::to_string(TESSEL_PLUGIN_API_HEADER_SIZE) + " bytes)");
  }
  if (apiTable->abi_major != abi->major) {
    return Status(TESSEL_ERROR_FAILED_PRECONDITION,
                  who +
                      ": ABI major version mismatch: the plugin implements "
                      "ABI " +
                      abiString(apiTable->abi_major, apiTable->abi_minor) +
                      ", this host implements ABI " +
                      abiString(abi->major, abi->minor));
  }
  // A plugin newer than the host is read up to the host's minor; an older
  // one must cover every entry of the minor it claims.
  const uint32_t coveredMinor = std::min(apiTable->abi_minor, abi->minor);
  const size_t required = abi->requiredTableSize(coveredMinor);
  if (apiTable->struct_size < required) {
    return Status(
        TESSEL_ERROR_FAILED_PRECONDITION,
        who + ": function table struct_size " + std::to_string(apiTable->struct_size) +
            " is too small for the ABI " +
            abiString(apiTable->abi_major, apiTable->abi_minor) +
            " it claims (needs at least " + std::to_string(required) + " bytes)");
  }
  constexpr uint32_t kKnownHalves =
      TESSEL_PLUGIN_HALF_COMPILER | TESSEL_PLUGIN_HALF_RUNTIME;
  if ((apiTable->halves & kKnownHalves) == 0) {
    return Status(TESSEL_ERROR_FAILED_PRECONDITION,
                  who +
                      ": declares neither the compiler nor the runtime half "
                      "(halves = " +
                      std::to_string(apiTable->halves) + ")");
  }
  const Tessel_Plugin_Info *info = apiTable->info;
  if (info == nullptr) {
    return Status(TESSEL_ERROR_FAILED_PRECONDITION,
                  who + ": Tessel_Plugin_Info is NULL");
  }
  if (info->struct_size < Tessel_Plugin_Info_STRUCT_SIZE_MIN) {
    return Status(TESSEL_ERROR_FAILED_PRECONDITION,
                  who + ": Tessel_Plugin_Info struct_size " +
                      std::to_string(info->struct_size) +
                      " is too small (needs at least " +
                      std::to_string(Tessel_Plugin_Info_STRUCT_SIZE_MIN) + " bytes)");
  }
  if (!isValidPluginName(info->name)) {
    return Status(TESSEL_ERROR_FAILED_PRECONDITION,
                  who + ": plugin name '" +
                      (info->name != nullptr ? info->name : "(null)") +
                      "' is not a valid name ([a-z0-9_]+)");
  }
  for (const EntryInfo &entry : abi->entries) {
    if (entry.minor > coveredMinor || !provides(entry.half))
      continue;
    GenericFn fn = nullptr;
    std::memcpy(&fn, reinterpret_cast<const char *>(apiTable) + entry.offset,
                sizeof(fn));
    if (fn == nullptr) {
      return Status(TESSEL_ERROR_FAILED_PRECONDITION,
                    who + ": entry '" + entry.name + "' of the " +
                        halfName(entry.half) +
                        " half is NULL (an unfinished entry must return "
                        "UNIMPLEMENTED instead)");
    }
  }
  return Status::success();
}

Status LoadedPlugin::initialize() const {
  Tessel_Plugin_Initialize_Args args = sdk::Init<Tessel_Plugin_Initialize_Args>();
  // The message reads "plugin '<file>': plugin_initialize: <why>".
  return call(&Tessel_Plugin_Api::plugin_initialize, &args);
}

StatusOr<LoadedPlugin::GenericFn> LoadedPlugin::resolve(const EntryInfo &entry) const {
  if (entry.minor > apiTable->abi_minor ||
      entry.offset + sizeof(GenericFn) > apiTable->struct_size) {
    return Status(TESSEL_ERROR_UNIMPLEMENTED,
                  describe() + ": entry '" + entry.name + "' requires ABI " +
                      abiString(abi->major, entry.minor) +
                      ", but the plugin implements ABI " +
                      abiString(apiTable->abi_major, apiTable->abi_minor));
  }
  if (!provides(entry.half)) {
    return Status(TESSEL_ERROR_UNIMPLEMENTED,
                  describe() + ": entry '" + entry.name +
                      "' is not available: the plugin does not provide the " +
                      halfName(entry.half) + " half");
  }
  GenericFn fn = nullptr;
  std::memcpy(&fn, reinterpret_cast<const char *>(apiTable) + entry.offset, sizeof(fn));
  if (fn == nullptr) {
    return Status(TESSEL_ERROR_UNIMPLEMENTED,
                  describe() + ": entry '" + entry.name + "' is NULL");
  }
  return fn;
}

Status LoadedPlugin::takeError(Tessel_Error *error, const std::string &entry) const {
  if (error == nullptr)
    return Status::success();
  Tessel_Error_Inspect_Args inspect = sdk::Init<Tessel_Error_Inspect_Args>();
  inspect.error = error;
  apiTable->error_inspect(&inspect);
  std::string message;
  if (inspect.message == nullptr) {
    message = "(no message)";
  } else if (inspect.message_size > kMaxErrorMessageBytes) {
    // Not read: no plugin writes a message that long; the size is wrong.
    message = "(error_inspect returned message_size = " +
              std::to_string(inspect.message_size) + ", more than the " +
              std::to_string(kMaxErrorMessageBytes) + " the host reads)";
  } else {
    message = std::string(inspect.message, inspect.message_size);
  }
  int code = inspect.code;
  if (code <= 0 || code > TESSEL_ERROR_DATA_LOSS) {
    message += " [plugin error code " + std::to_string(code) + "]";
    code = TESSEL_ERROR_UNKNOWN;
  }
  Tessel_Error_Destroy_Args destroy = sdk::Init<Tessel_Error_Destroy_Args>();
  destroy.error = error;
  apiTable->error_destroy(&destroy);
  return Status(static_cast<Tessel_Error_Code>(code),
                describe() + ": " + entry + ": " + message);
}

} // namespace tessel::plugin_host
