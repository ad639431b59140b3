//===- SkeletonAbi_test.cpp - The template plugin through its C ABI -------===//
//
// A host test built from sdk/include alone (no Tessel host library, no test
// framework), as a vendor builds it with `make check`: loads the plugin
// given on the command line the way a host does (dlopen, then
// tessel_plugin_get_api), checks its ABI version, name and halves, and calls
// every entry of its table with an empty argument struct: each must answer
// with an UNIMPLEMENTED error naming the entry, never crash. Replace the
// expectations here as the plugin's entries come to life.
//
//   SkeletonAbi_test build/libtessel_skeleton.so
//
//===----------------------------------------------------------------------===//

#include <dlfcn.h>

#include <cstdio>
#include <cstring>
#include <string>

#include "tessel/plugin_api.h"

namespace {

int failures = 0;

void check(bool ok, const std::string &what) {
  if (!ok) {
    std::fprintf(stderr, "FAIL: %s\n", what.c_str());
    ++failures;
  }
}

const Tessel_Plugin_Api *api = nullptr;

// The code and message of `error`, which is then released.
std::string take(Tessel_Error *error, int32_t *code) {
  Tessel_Error_Inspect_Args inspect{};
  inspect.struct_size = sizeof inspect;
  inspect.error = error;
  api->error_inspect(&inspect);
  std::string message(inspect.message, inspect.message_size);
  *code = inspect.code;
  Tessel_Error_Destroy_Args destroy{};
  destroy.struct_size = sizeof destroy;
  destroy.error = error;
  api->error_destroy(&destroy);
  return message;
}

// Calls `entry` with a zeroed argument struct of its own type.
template <typename Args>
void expectUnimplemented(const char *name, Tessel_Error *(*entry)(Args *)) {
  check(entry != nullptr, std::string(name) + " is NULL in the table");
  if (entry == nullptr)
    return;
  Args args{};
  args.struct_size = sizeof args;
  Tessel_Error *error = entry(&args);
  check(error != nullptr, std::string(name) + " succeeded on empty arguments");
  if (error == nullptr)
    return;
  int32_t code = 0;
  const std::string message = take(error, &code);
  check(code == TESSEL_ERROR_UNIMPLEMENTED,
        std::string(name) + ": code " + std::to_string(code) + ", expected UNIMPLEMENTED");
  check(message == std::string("skeleton: ") + name + " is not implemented",
        std::string(name) + ": message '" + message + "'");
}

// Entries returning void (the error entries) are the host's tools, not
// subjects: they are used above.
template <typename Args> void expectUnimplemented(const char *, void (*)(Args *)) {}

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s PLUGIN.so\n", argv[0]);
    return 2;
  }
  void *handle = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    std::fprintf(stderr, "FAIL: dlopen: %s\n", dlerror());
    return 1;
  }
  auto *get = reinterpret_cast<Tessel_Plugin_Get_Api *>(
      dlsym(handle, TESSEL_PLUGIN_GET_API_SYMBOL));
  check(get != nullptr, "the plugin does not export " TESSEL_PLUGIN_GET_API_SYMBOL);
  if (get == nullptr)
    return 1;
  api = get(TESSEL_PLUGIN_ABI_MAJOR, TESSEL_PLUGIN_ABI_MINOR);
  check(api != nullptr, "tessel_plugin_get_api returned NULL");
  if (api == nullptr)
    return 1;
  check(api->abi_major == TESSEL_PLUGIN_ABI_MAJOR &&
            api->abi_minor == TESSEL_PLUGIN_ABI_MINOR,
        "ABI " + std::to_string(api->abi_major) + "." + std::to_string(api->abi_minor) +
            ", expected this header's");
  check(api->struct_size == Tessel_Plugin_Api_STRUCT_SIZE,
        "the table's struct_size is " + std::to_string(api->struct_size));
  check(api->info != nullptr && std::strcmp(api->info->name, "skeleton") == 0,
        "the plugin is not named 'skeleton'");
  check(api->halves == (TESSEL_PLUGIN_HALF_COMPILER | TESSEL_PLUGIN_HALF_RUNTIME),
        "the plugin does not declare both halves");

  Tessel_Plugin_Initialize_Args init{};
  init.struct_size = sizeof init;
  Tessel_Error *error = api->plugin_initialize(&init);
  int32_t code = 0;
  check(error == nullptr, "plugin_initialize failed: " +
                              (error ? take(error, &code) : std::string()));

  int entries = 0;
#define TESSEL_CALL_ENTRY(field, half, minor)                                          \
  ++entries;                                                                           \
  if (std::strcmp(#field, "plugin_initialize") != 0)                                   \
    expectUnimplemented(#field, api->field);
  TESSEL_PLUGIN_API_ENTRIES(TESSEL_CALL_ENTRY)
#undef TESSEL_CALL_ENTRY

  if (failures == 0)
    std::printf("PASS: %s loads at ABI %u.%u, %d entries, each UNIMPLEMENTED\n", argv[1],
                api->abi_major, api->abi_minor, entries);
  return failures == 0 ? 0 : 1;
}
