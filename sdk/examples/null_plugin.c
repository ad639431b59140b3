/*===- null_plugin.c - A Tessel plugin in plain C, from sdk/include alone ---===
 *
 * The smallest complete plugin: a runtime half that drives no hardware. It
 * shows what the C ABI asks of a plugin written without the C++ helpers of
 * tessel/plugin.hpp: the table and its negotiation, error objects the host
 * inspects and releases, a device list (empty here) with the reason it is
 * empty (Tessel_Device_Absence, ABI 1.3), and an answer from every entry of
 * the half it declares. `tessel plugins --plugin libtessel_null.so` lists it:
 *
 *   devices:    0 (the null plugin drives no hardware: it shows the C ABI ...)
 *
 * Build: `make` in this folder (C99, no other source), or see BUILD.bazel.
 *===----------------------------------------------------------------------===*/

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tessel/plugin_api.h"

/* The host only sees Tessel_Error through error_inspect / error_destroy:
 * its layout is the plugin's. */
struct Tessel_Error {
  int32_t code;
  char message[256];
};

static Tessel_Error *make_error(int32_t code, const char *entry, const char *what) {
  Tessel_Error *e = (Tessel_Error *)malloc(sizeof *e);
  if (e == NULL)
    return NULL; /* nothing better to say without memory */
  e->code = code;
  snprintf(e->message, sizeof e->message, "null: %s: %s", entry, what);
  return e;
}

static void error_destroy(Tessel_Error_Destroy_Args *args) {
  if (args != NULL)
    free(args->error);
}

static void error_inspect(Tessel_Error_Inspect_Args *args) {
  if (args == NULL || args->error == NULL)
    return;
  args->message = args->error->message;
  args->message_size = strlen(args->error->message);
  args->code = args->error->code;
}

static Tessel_Error *plugin_initialize(Tessel_Plugin_Initialize_Args *args) {
  if (args == NULL || args->struct_size < Tessel_Plugin_Initialize_Args_STRUCT_SIZE_MIN)
    return make_error(TESSEL_ERROR_INVALID_ARGUMENT, "plugin_initialize",
                      "args too short");
  return NULL;
}

static const char kWhyNoDevice[] =
    "the null plugin drives no hardware: it shows the C ABI (sdk/examples)";

static Tessel_Error *device_enumerate(Tessel_Device_Enumerate_Args *args) {
  if (args == NULL || args->struct_size < Tessel_Device_Enumerate_Args_STRUCT_SIZE_MIN)
    return make_error(TESSEL_ERROR_INVALID_ARGUMENT, "device_enumerate",
                      "args too short");
  args->devices = NULL;
  args->num_devices = 0;
  /* Only the out fields of an extension are written, and only when it is
   * long enough to hold them; unknown types are skipped. */
  Tessel_Device_Absence *absence = (Tessel_Device_Absence *)Tessel_Find_Extension(
      args->extension_start, TESSEL_EXTENSION_DEVICE_ABSENCE);
  if (absence != NULL && absence->base.struct_size >= Tessel_Device_Absence_STRUCT_SIZE_MIN)
    absence->reason = kWhyNoDevice;
  return NULL;
}

/* With no device, every other runtime entry has nothing to act on: each says
 * so, naming itself. */
#define TESSEL_NO_DEVICE_ENTRY(name, Args)                                              \
  static Tessel_Error *name(Args *args) {                                              \
    (void)args;                                                                        \
    return make_error(TESSEL_ERROR_FAILED_PRECONDITION, #name,                         \
                      "the null plugin has no device");                                \
  }
TESSEL_NO_DEVICE_ENTRY(buffer_alloc, Tessel_Buffer_Alloc_Args)
TESSEL_NO_DEVICE_ENTRY(buffer_free, Tessel_Buffer_Free_Args)
TESSEL_NO_DEVICE_ENTRY(buffer_copy_to_device, Tessel_Buffer_Copy_To_Device_Args)
TESSEL_NO_DEVICE_ENTRY(buffer_copy_to_host, Tessel_Buffer_Copy_To_Host_Args)
TESSEL_NO_DEVICE_ENTRY(module_load, Tessel_Module_Load_Args)
TESSEL_NO_DEVICE_ENTRY(module_unload, Tessel_Module_Unload_Args)
TESSEL_NO_DEVICE_ENTRY(launch, Tessel_Launch_Args)
TESSEL_NO_DEVICE_ENTRY(device_synchronize, Tessel_Device_Synchronize_Args)
TESSEL_NO_DEVICE_ENTRY(event_create, Tessel_Event_Create_Args)
TESSEL_NO_DEVICE_ENTRY(event_destroy, Tessel_Event_Destroy_Args)
TESSEL_NO_DEVICE_ENTRY(event_record, Tessel_Event_Record_Args)
TESSEL_NO_DEVICE_ENTRY(event_elapsed, Tessel_Event_Elapsed_Args)
TESSEL_NO_DEVICE_ENTRY(buffer_wrap, Tessel_Buffer_Wrap_Args)
#undef TESSEL_NO_DEVICE_ENTRY

static const Tessel_Plugin_Info kInfo = {
    Tessel_Plugin_Info_STRUCT_SIZE, NULL, "null", "1.0.0",
    "a runtime half in plain C that drives no hardware (the SDK's C example)"};

static Tessel_Plugin_Api table;

TESSEL_PLUGIN_EXPORT const Tessel_Plugin_Api *tessel_plugin_get_api(uint32_t host_abi_major,
                                                                   uint32_t host_abi_minor) {
  (void)host_abi_minor; /* any 1.x host reads the prefix of the table it knows */
  if (host_abi_major != TESSEL_PLUGIN_ABI_MAJOR)
    return NULL;
  /* The same table every time; filled on the first call (the host calls
   * this before anything else, from one thread). */
  if (table.struct_size == 0) {
    table.struct_size = Tessel_Plugin_Api_STRUCT_SIZE;
    table.abi_major = TESSEL_PLUGIN_ABI_MAJOR;
    table.abi_minor = TESSEL_PLUGIN_ABI_MINOR;
    table.halves = TESSEL_PLUGIN_HALF_RUNTIME;
    table.info = &kInfo;
    table.error_destroy = error_destroy;
    table.error_inspect = error_inspect;
    table.plugin_initialize = plugin_initialize;
    table.device_enumerate = device_enumerate;
    table.buffer_alloc = buffer_alloc;
    table.buffer_free = buffer_free;
    table.buffer_copy_to_device = buffer_copy_to_device;
    table.buffer_copy_to_host = buffer_copy_to_host;
    table.module_load = module_load;
    table.module_unload = module_unload;
    table.launch = launch;
    table.device_synchronize = device_synchronize;
    table.event_create = event_create;
    table.event_destroy = event_destroy;
    table.event_record = event_record;
    table.event_elapsed = event_elapsed;
    table.buffer_wrap = buffer_wrap;
  }
  return &table;
}
