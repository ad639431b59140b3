/* A plugin shared object whose function table is whatever the fuzzer hands
 * it: the fuzzer dlopens it, installs a table built from fuzz bytes with
 * tessel_abi_fuzz_set_table(), and lets the host load the same object. The
 * host then negotiates, checks and calls that table as it would a vendor's.
 * Strict C99, like the other test plugins. */
#include "tessel/plugin_api.h"

static const Tessel_Plugin_Api* fuzz_table;

TESSEL_PLUGIN_EXPORT void tessel_abi_fuzz_set_table(const Tessel_Plugin_Api* table) {
  fuzz_table = table;
}

TESSEL_PLUGIN_EXPORT const Tessel_Plugin_Api* tessel_plugin_get_api(
    uint32_t host_abi_major, uint32_t host_abi_minor) {
  (void)host_abi_major;
  (void)host_abi_minor;
  return fuzz_table;
}
