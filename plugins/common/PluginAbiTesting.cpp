//===- PluginAbiTesting.cpp - Tests of a plugin through its ABI -----------===//

#include "plugins/common/PluginAbiTesting.h"

#include <dlfcn.h>

#include <fstream>
#include <map>
#include <sstream>

#include <gtest/gtest.h>

#include "dialects/tile/Bytecode/Bytecode.h"
#include "dialects/tile/IR/TileDialect.h"
#include "dialects/tile/IR/TileVersion.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "tessel/plugin.hpp"

namespace tessel::abitest {

const Tessel_Plugin_Api *loadPlugin(const std::string &path) {
  static std::map<std::string, const Tessel_Plugin_Api *> loaded;
  if (auto it = loaded.find(path); it != loaded.end())
    return it->second;
  const Tessel_Plugin_Api *api = nullptr;
  if (void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL)) {
    auto get = reinterpret_cast<const Tessel_Plugin_Api *(*)(uint32_t, uint32_t)>(
        dlsym(handle, "tessel_plugin_get_api"));
    api = get ? get(TESSEL_PLUGIN_ABI_MAJOR, TESSEL_PLUGIN_ABI_MINOR) : nullptr;
    if (api == nullptr)
      ADD_FAILURE() << path << ": no plugin API";
  } else {
    ADD_FAILURE() << dlerror();
  }
  return loaded[path] = api;
}

std::string message(const Tessel_Plugin_Api *api, Tessel_Error *error) {
  if (error == nullptr)
    return "";
  auto inspect = sdk::Init<Tessel_Error_Inspect_Args>();
  inspect.error = error;
  api->error_inspect(&inspect);
  std::string text(inspect.message, inspect.message_size);
  auto destroy = sdk::Init<Tessel_Error_Destroy_Args>();
  destroy.error = error;
  api->error_destroy(&destroy);
  return text.empty() ? "(error without message)" : text;
}

std::string readTileBytecode(const std::string &path) {
  mlir::MLIRContext context;
  context.loadDialect<tile::TileDialect, mlir::arith::ArithDialect,
                      mlir::func::FuncDialect, mlir::math::MathDialect,
                      mlir::scf::SCFDialect>();
  std::ifstream in(path);
  if (!in) {
    ADD_FAILURE() << "cannot open " << path;
    return "";
  }
  std::stringstream text;
  text << in.rdbuf();
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(text.str(), &context);
  std::string bytes;
  if (!module || mlir::failed(tile::writeTileBytecode(*module, bytes))) {
    ADD_FAILURE() << "cannot read " << path;
    return "";
  }
  return bytes;
}

Tessel_Compile_Args makeCompileArgs(const Tessel_Target &target, const std::string &ir,
                                    const char *entry) {
  auto args = sdk::Init<Tessel_Compile_Args>();
  args.target = &target;
  args.ir_format = TESSEL_IR_FORMAT_TILE_MLIRBC;
  args.ir = reinterpret_cast<const uint8_t *>(ir.data());
  args.ir_size = ir.size();
  args.entry_name = entry;
  args.ir_version_major = tile::kTileVersion.major;
  args.ir_version_minor = tile::kTileVersion.minor;
  return args;
}

std::map<std::string, std::string>
compileStages(const Tessel_Plugin_Api *api, const Tessel_Target &target,
              const std::string &ir, const char *entry, uint32_t flags,
              std::map<std::string, std::string> *suffixes) {
  std::map<std::string, std::string> stages;
  Tessel_Compile_Stages_Request request{};
  request.base = {Tessel_Compile_Stages_Request_STRUCT_SIZE,
                  TESSEL_EXTENSION_COMPILE_STAGES, 0, nullptr};
  request.flags = flags;
  Tessel_Compile_Args args = makeCompileArgs(target, ir, entry);
  args.extension_start = &request.base;
  if (std::string error = message(api, api->compile(&args)); !error.empty()) {
    ADD_FAILURE() << error;
    return stages;
  }
  Tessel_Artifact_Stages kept{};
  kept.base = {Tessel_Artifact_Stages_STRUCT_SIZE, TESSEL_EXTENSION_ARTIFACT_STAGES, 0,
               nullptr};
  auto inspect = sdk::Init<Tessel_Artifact_Inspect_Args>();
  inspect.artifact = args.artifact;
  inspect.extension_start = &kept.base;
  EXPECT_EQ(message(api, api->artifact_inspect(&inspect)), "");
  for (size_t i = 0; i < kept.num_stages; ++i) {
    const Tessel_Artifact_Stage &s = kept.stages[i];
    stages[s.name] = std::string(reinterpret_cast<const char *>(s.data), s.size);
    if (suffixes != nullptr)
      (*suffixes)[s.name] = s.file_suffix;
  }
  auto destroy = sdk::Init<Tessel_Artifact_Destroy_Args>();
  destroy.artifact = args.artifact;
  api->artifact_destroy(&destroy);
  return stages;
}

} // namespace tessel::abitest
