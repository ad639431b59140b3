//===- PluginHpp_test.cpp - Tests of the C++ plugin helpers ---------------===//
//
// The C++ helpers a plugin uses: struct_size checks first, exceptions never
// escape, errors carry code and message, the table header is filled.
//
//===----------------------------------------------------------------------===//

#include "tessel/plugin.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace {

using tessel::sdk::Entry;
using ::testing::HasSubstr;

struct Inspected {
  int32_t code;
  std::string message;
};

// Reads and destroys `error` through the entries a host would call.
Inspected consume(Tessel_Error *error) {
  EXPECT_NE(error, nullptr);
  if (error == nullptr)
    return {0, ""};
  auto inspect = tessel::sdk::Init<Tessel_Error_Inspect_Args>();
  inspect.error = error;
  tessel::sdk::ErrorInspect(&inspect);
  Inspected out{inspect.code, std::string(inspect.message, inspect.message_size)};
  auto destroy = tessel::sdk::Init<Tessel_Error_Destroy_Args>();
  destroy.error = error;
  tessel::sdk::ErrorDestroy(&destroy);
  return out;
}

TEST(PluginHppTest, EntryRunsBodyWithCheckedArgs) {
  auto args = tessel::sdk::Init<Tessel_Event_Elapsed_Args>();
  Tessel_Error *error = Entry("event_elapsed", &args, [](Tessel_Event_Elapsed_Args &a) {
    a.milliseconds = 1.5;
    return tessel::sdk::Ok();
  });
  EXPECT_EQ(error, nullptr);
  EXPECT_EQ(args.milliseconds, 1.5);
}

TEST(PluginHppTest, EntryRefusesNullArgs) {
  bool ran = false;
  Inspected e = consume(Entry("compile", static_cast<Tessel_Compile_Args *>(nullptr),
                              [&](Tessel_Compile_Args &) {
                                ran = true;
                                return tessel::sdk::Ok();
                              }));
  EXPECT_FALSE(ran);
  EXPECT_EQ(e.code, TESSEL_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(e.message, "compile: args is NULL");
}

TEST(PluginHppTest, EntryRefusesShortStructSize) {
  auto args = tessel::sdk::Init<Tessel_Compile_Args>();
  args.struct_size = Tessel_Compile_Args_STRUCT_SIZE_MIN - 8;
  bool ran = false;
  Inspected e = consume(Entry("compile", &args, [&](Tessel_Compile_Args &) {
    ran = true;
    return tessel::sdk::Ok();
  }));
  EXPECT_FALSE(ran);
  EXPECT_EQ(e.code, TESSEL_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(e.message, "compile: args struct_size 72 is smaller than the minimum 80");
}

TEST(PluginHppTest, EntryAcceptsLongerStructFromNewerCaller) {
  // A caller built against a later minor sends a longer struct.
  auto args = tessel::sdk::Init<Tessel_Compile_Args>();
  args.struct_size = Tessel_Compile_Args_STRUCT_SIZE + 16;
  EXPECT_EQ(
      Entry("compile", &args, [](Tessel_Compile_Args &) { return tessel::sdk::Ok(); }),
      nullptr);
}

TEST(PluginHppTest, ExceptionsBecomeErrors) {
  auto args = tessel::sdk::Init<Tessel_Compile_Args>();
  Inspected runtime =
      consume(Entry("compile", &args, [](Tessel_Compile_Args &) -> Tessel_Error * {
        throw std::runtime_error("lowering failed");
      }));
  EXPECT_EQ(runtime.code, TESSEL_ERROR_INTERNAL);
  EXPECT_EQ(runtime.message, "compile: uncaught exception: lowering failed");

  Inspected oom =
      consume(Entry("compile", &args, [](Tessel_Compile_Args &) -> Tessel_Error * {
        throw std::bad_alloc();
      }));
  EXPECT_EQ(oom.code, TESSEL_ERROR_RESOURCE_EXHAUSTED);

  Inspected other = consume(Entry(
      "compile", &args, [](Tessel_Compile_Args &) -> Tessel_Error * { throw 42; }));
  EXPECT_EQ(other.code, TESSEL_ERROR_INTERNAL);
  EXPECT_THAT(other.message, HasSubstr("unknown type"));
}

TEST(PluginHppTest, UnimplementedNamesPluginAndEntry) {
  Inspected e = consume(tessel::sdk::Unimplemented("acme", "launch"));
  EXPECT_EQ(e.code, TESSEL_ERROR_UNIMPLEMENTED);
  EXPECT_EQ(e.message, "acme: launch is not implemented");
}

TEST(PluginHppTest, MakeErrorF) {
  Inspected e = consume(
      tessel::sdk::MakeErrorF(TESSEL_ERROR_OUT_OF_RANGE, "grid %u too big", 7u));
  EXPECT_EQ(e.code, TESSEL_ERROR_OUT_OF_RANGE);
  EXPECT_EQ(e.message, "grid 7 too big");
}

TEST(PluginHppTest, ErrorDestroyAcceptsNull) {
  auto destroy = tessel::sdk::Init<Tessel_Error_Destroy_Args>();
  tessel::sdk::ErrorDestroy(&destroy); // must not crash
}

TEST(PluginHppTest, MakeApiFillsHeaderAndErrorEntries) {
  static const Tessel_Plugin_Info kInfo = {Tessel_Plugin_Info_STRUCT_SIZE, nullptr,
                                           "acme", "1.0", ""};
  const Tessel_Plugin_Api api =
      tessel::sdk::MakeApi(TESSEL_PLUGIN_HALF_RUNTIME, &kInfo);
  EXPECT_EQ(api.struct_size, Tessel_Plugin_Api_STRUCT_SIZE);
  EXPECT_EQ(api.abi_major, static_cast<uint32_t>(TESSEL_PLUGIN_ABI_MAJOR));
  EXPECT_EQ(api.abi_minor, static_cast<uint32_t>(TESSEL_PLUGIN_ABI_MINOR));
  EXPECT_EQ(api.halves, static_cast<uint32_t>(TESSEL_PLUGIN_HALF_RUNTIME));
  EXPECT_EQ(api.info, &kInfo);
  EXPECT_NE(api.error_destroy, nullptr);
  EXPECT_NE(api.error_inspect, nullptr);
  EXPECT_EQ(api.compile, nullptr);
}

} // namespace
