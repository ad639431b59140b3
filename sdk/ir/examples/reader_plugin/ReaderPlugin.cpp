//===- ReaderPlugin.cpp - A compiler half that reads the tile IR ----------===//
//
// The smallest plugin that compiles a kernel: its compile entry reads the
// tile IR bytecode the host sends with the tile IR kit, on whatever MLIR the
// kit was built against, verifies it, and returns as its artifact a text
// summary of what it read ("tile-summary": the dialect version, the ops in
// order, the module). It has no runtime half: nothing it makes can run.
//
// It is where a vendor's compiler half starts: replace the summary by a
// lowering of the module to the vendor's code. Built by the kit's CMake
// project (sdk/ir/CMakeLists.txt), from sdk/ alone.
//
//===----------------------------------------------------------------------===//

#include <memory>
#include <string>

#include "dialects/tile/Bytecode/Bytecode.h"
#include "dialects/tile/IR/TileDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "tessel/plugin.hpp"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/raw_ostream.h"

// The artifact, opaque to the host: the summary and its metadata.
struct Tessel_Artifact {
  std::string bytes;
  std::string entry;
  Tessel_Kernel_Metadata metadata;
};

namespace {

constexpr const char kPluginName[] = "tilereader";
constexpr const char kArtifactFormat[] = "tile-summary";
constexpr const char kMagic[] = "tile-summary 1\n";

using tessel::sdk::Entry;
using tessel::sdk::MakeError;
using tessel::sdk::MakeErrorF;

const Tessel_Target_Desc kText = {
    Tessel_Target_Desc_STRUCT_SIZE,
    nullptr,
    "text",
    "a text summary of the tile IR as this plugin read it",
    nullptr,
    0};
const Tessel_Target_Desc *const kTargets[] = {&kText};

// The dialect versions this build of the kit reads: major 1, every minor up
// to its own (docs/tile-ir.md, compatibility promise).
const Tessel_Ir_Format kTileIr = {Tessel_Ir_Format_STRUCT_SIZE,
                                  nullptr,
                                  TESSEL_IR_FORMAT_TILE_MLIRBC,
                                  tessel::tile::kTileVersion.major,
                                  0,
                                  tessel::tile::kTileVersion.minor,
                                  0};
const Tessel_Ir_Format *const kIrFormats[] = {&kTileIr};

Tessel_Compiler_Info makeInfo() {
  Tessel_Compiler_Info info = tessel::sdk::Init<Tessel_Compiler_Info>();
  info.targets = kTargets;
  info.num_targets = 1;
  info.ir_formats = kIrFormats;
  info.num_ir_formats = 1;
  info.artifact_format = kArtifactFormat;
  return info;
}

Tessel_Error *getInfo(Tessel_Compiler_Get_Info_Args *args) {
  return Entry("compiler_get_info", args, [](Tessel_Compiler_Get_Info_Args &a) {
    static const Tessel_Compiler_Info info = makeInfo();
    a.info = &info;
    return tessel::sdk::Ok();
  });
}

// Reads `ir` with the kit and writes the summary of the function `entry`.
Tessel_Error *summarize(const Tessel_Compile_Args &a, std::string &out) {
  mlir::MLIRContext context(mlir::MLIRContext::Threading::DISABLED);
  context.loadDialect<tessel::tile::TileDialect>();
  std::string diagnostics;
  mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &d) {
    diagnostics += d.str() + "\n";
    for (const mlir::Diagnostic &note : d.getNotes())
      diagnostics += "  note: " + note.str() + "\n";
    return mlir::success();
  });
  llvm::StringRef bytes(reinterpret_cast<const char *>(a.ir), a.ir_size);
  mlir::FailureOr<tessel::tile::ReadModule> read =
      tessel::tile::readTileBytecode(bytes, &context);
  if (mlir::failed(read) || mlir::failed(mlir::verify(*read->module)))
    return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "%s: cannot read the tile IR: %s",
                      kPluginName, diagnostics.c_str());
  auto func = read->module->lookupSymbol<mlir::func::FuncOp>(a.entry_name);
  if (!func)
    return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "%s: no function '%s' in the IR",
                      kPluginName, a.entry_name);
  llvm::raw_string_ostream os(out);
  os << kMagic << "kernel " << a.entry_name << "\n"
     << "read with MLIR " << LLVM_VERSION_STRING << "\n";
  if (read->tileVersion)
    os << "tile " << read->tileVersion->major << "." << read->tileVersion->minor
       << "\n";
  func.walk<mlir::WalkOrder::PreOrder>([&](mlir::Operation *op) {
    os << "  " << op->getName().getStringRef();
    for (mlir::Type t : op->getResultTypes())
      os << " " << t;
    os << "\n";
  });
  os << "---\n";
  func.print(os);
  os << "\n";
  return tessel::sdk::Ok();
}

Tessel_Error *compile(Tessel_Compile_Args *args) {
  return Entry("compile", args, [](Tessel_Compile_Args &a) -> Tessel_Error * {
    if (a.ir_format == nullptr ||
        std::string(a.ir_format) != TESSEL_IR_FORMAT_TILE_MLIRBC)
      return MakeError(TESSEL_ERROR_INVALID_ARGUMENT,
                       "tilereader: only tile-mlirbc IR is read");
    if (a.target == nullptr || a.target->arch == nullptr ||
        std::string(a.target->arch) != "text")
      return MakeError(TESSEL_ERROR_INVALID_ARGUMENT,
                       "tilereader: the only target is tilereader:text");
    if (a.entry_name == nullptr)
      return MakeError(TESSEL_ERROR_INVALID_ARGUMENT, "tilereader: no entry name");
    if (a.ir == nullptr || a.ir_size == 0)
      return MakeError(TESSEL_ERROR_INVALID_ARGUMENT, "tilereader: no IR bytes");
    auto artifact = std::make_unique<Tessel_Artifact>();
    if (Tessel_Error *error = summarize(a, artifact->bytes))
      return error;
    artifact->entry = a.entry_name;
    artifact->metadata = tessel::sdk::Init<Tessel_Kernel_Metadata>();
    artifact->metadata.entry_name = artifact->entry.c_str();
    // Nothing of it is launched: no arguments, one "warp" of one thread.
    artifact->metadata.num_warps = 1;
    artifact->metadata.warp_size = 1;
    artifact->metadata.threads_per_block = 1;
    artifact->metadata.cluster_dims[0] = artifact->metadata.cluster_dims[1] =
        artifact->metadata.cluster_dims[2] = 1;
    a.artifact = artifact.release();
    return tessel::sdk::Ok();
  });
}

Tessel_Error *artifactInspect(Tessel_Artifact_Inspect_Args *args) {
  return Entry("artifact_inspect", args, [](Tessel_Artifact_Inspect_Args &a) {
    if (a.artifact == nullptr)
      return MakeError(TESSEL_ERROR_INVALID_ARGUMENT, "tilereader: artifact is NULL");
    a.bytes = reinterpret_cast<const uint8_t *>(a.artifact->bytes.data());
    a.size = a.artifact->bytes.size();
    a.metadata = &a.artifact->metadata;
    return tessel::sdk::Ok();
  });
}

Tessel_Error *artifactDestroy(Tessel_Artifact_Destroy_Args *args) {
  return Entry("artifact_destroy", args, [](Tessel_Artifact_Destroy_Args &a) {
    delete a.artifact;
    return tessel::sdk::Ok();
  });
}

Tessel_Error *validateArtifact(Tessel_Validate_Artifact_Args *args) {
  return Entry("validate_artifact", args, [](Tessel_Validate_Artifact_Args &a) {
    if (a.artifact == nullptr || a.artifact_size == 0)
      return MakeError(TESSEL_ERROR_INVALID_ARGUMENT, "tilereader: empty artifact");
    std::string bytes(reinterpret_cast<const char *>(a.artifact), a.artifact_size);
    if (bytes.rfind(kMagic, 0) != 0 || bytes.find("\nkernel ") == std::string::npos ||
        bytes.find("\n---\n") == std::string::npos)
      return MakeError(TESSEL_ERROR_INVALID_ARGUMENT,
                       "tilereader: not a tile-summary artifact");
    return tessel::sdk::Ok();
  });
}

// No tuning space: a summary has nothing to tune. The host then compiles
// with the options it is given; a real compiler half answers with its
// per-target defaults here (see the template).
Tessel_Error *tuningSpaceGet(Tessel_Tuning_Space_Get_Args *args) {
  return Entry("tuning_space_get", args, [](Tessel_Tuning_Space_Get_Args &) {
    return tessel::sdk::Unimplemented(kPluginName, "tuning_space_get");
  });
}

Tessel_Error *tuningSpaceInspect(Tessel_Tuning_Space_Inspect_Args *args) {
  return Entry("tuning_space_inspect", args, [](Tessel_Tuning_Space_Inspect_Args &) {
    return tessel::sdk::Unimplemented(kPluginName, "tuning_space_inspect");
  });
}

Tessel_Error *tuningSpaceDestroy(Tessel_Tuning_Space_Destroy_Args *args) {
  return Entry("tuning_space_destroy", args,
               [](Tessel_Tuning_Space_Destroy_Args &) { return tessel::sdk::Ok(); });
}

Tessel_Error *initialize(Tessel_Plugin_Initialize_Args *args) {
  return Entry("plugin_initialize", args,
               [](Tessel_Plugin_Initialize_Args &) { return tessel::sdk::Ok(); });
}

const Tessel_Plugin_Info kInfo = {
    Tessel_Plugin_Info_STRUCT_SIZE, nullptr, kPluginName, "0.1.0",
    "reads tile IR with the tile IR kit (MLIR " LLVM_VERSION_STRING
    ") and summarizes it"};

Tessel_Plugin_Api buildApi() {
  Tessel_Plugin_Api api = tessel::sdk::MakeApi(TESSEL_PLUGIN_HALF_COMPILER, &kInfo);
  api.plugin_initialize = &initialize;
  api.compiler_get_info = &getInfo;
  api.compile = &compile;
  api.artifact_inspect = &artifactInspect;
  api.artifact_destroy = &artifactDestroy;
  api.validate_artifact = &validateArtifact;
  api.tuning_space_get = &tuningSpaceGet;
  api.tuning_space_inspect = &tuningSpaceInspect;
  api.tuning_space_destroy = &tuningSpaceDestroy;
  return api;
}

} // namespace

extern "C" TESSEL_PLUGIN_EXPORT const Tessel_Plugin_Api *
tessel_plugin_get_api(uint32_t, uint32_t) {
  static const Tessel_Plugin_Api api = buildApi();
  return &api;
}
