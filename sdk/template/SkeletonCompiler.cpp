//===- SkeletonCompiler.cpp - The compiler half ---------------------------===//
//
// The compiler half of the skeleton plugin: every entry is UNIMPLEMENTED.
//
// Each entry runs inside tessel::sdk::Entry, which has already checked
// `args` and its struct_size and turns exceptions into errors, so the
// bodies may throw. Read a field added after 1.0 only after
// TESSEL_HAS_FIELD(&args, Type, field).
#include "SkeletonPlugin.h"
#include "tessel/plugin.hpp"

namespace skeleton {
namespace {

using tessel::sdk::Entry;
using tessel::sdk::Unimplemented;

Tessel_Error *getInfo(Tessel_Compiler_Get_Info_Args *args) {
  return Entry("compiler_get_info", args, [](Tessel_Compiler_Get_Info_Args &) {
    // TODO(vendor): point args.info at a static Tessel_Compiler_Info: the
    // targets you compile for (arch + accepted features), the IR formats you
    // read (TESSEL_IR_FORMAT_TILE_MLIRBC with the tile dialect versions),
    // and the artifact format you produce.
    return Unimplemented(kPluginName, "compiler_get_info");
  });
}

Tessel_Error *compile(Tessel_Compile_Args *args) {
  return Entry("compile", args, [](Tessel_Compile_Args &) {
    // TODO(vendor): check args.ir_format and the version against what you
    // read; deserialize args.ir (MLIR bytecode), lower it for
    // args.target->arch honouring args.options (NULL means defaults), and
    // return a new artifact owning the bytes and Tessel_Kernel_Metadata.
    return Unimplemented(kPluginName, "compile");
  });
}

Tessel_Error *artifactInspect(Tessel_Artifact_Inspect_Args *args) {
  return Entry("artifact_inspect", args, [](Tessel_Artifact_Inspect_Args &) {
    // TODO(vendor): expose the artifact's bytes and metadata; both must
    // live as long as the artifact.
    return Unimplemented(kPluginName, "artifact_inspect");
  });
}

Tessel_Error *artifactDestroy(Tessel_Artifact_Destroy_Args *args) {
  return Entry("artifact_destroy", args, [](Tessel_Artifact_Destroy_Args &) {
    // TODO(vendor): delete the artifact (NULL must be accepted).
    return Unimplemented(kPluginName, "artifact_destroy");
  });
}

Tessel_Error *validateArtifact(Tessel_Validate_Artifact_Args *args) {
  return Entry("validate_artifact", args, [](Tessel_Validate_Artifact_Args &) {
    // TODO(vendor): check the bytes without a device (parse the object,
    // run the vendor's validator) and report what is wrong, if anything.
    return Unimplemented(kPluginName, "validate_artifact");
  });
}

Tessel_Error *tuningSpaceGet(Tessel_Tuning_Space_Get_Args *args) {
  return Entry("tuning_space_get", args, [](Tessel_Tuning_Space_Get_Args &) {
    // TODO(vendor): your heuristics: default configurations (best first)
    // and candidate values for args.tunables on args.target.
    return Unimplemented(kPluginName, "tuning_space_get");
  });
}

Tessel_Error *tuningSpaceInspect(Tessel_Tuning_Space_Inspect_Args *args) {
  return Entry("tuning_space_inspect", args, [](Tessel_Tuning_Space_Inspect_Args &) {
    // TODO(vendor): expose the space's defaults and params.
    return Unimplemented(kPluginName, "tuning_space_inspect");
  });
}

Tessel_Error *tuningSpaceDestroy(Tessel_Tuning_Space_Destroy_Args *args) {
  return Entry("tuning_space_destroy", args, [](Tessel_Tuning_Space_Destroy_Args &) {
    // TODO(vendor): delete the space (NULL must be accepted).
    return Unimplemented(kPluginName, "tuning_space_destroy");
  });
}

} // namespace

void fillCompilerHalf(Tessel_Plugin_Api &api) {
  api.compiler_get_info = &getInfo;
  api.compile = &compile;
  api.artifact_inspect = &artifactInspect;
  api.artifact_destroy = &artifactDestroy;
  api.validate_artifact = &validateArtifact;
  api.tuning_space_get = &tuningSpaceGet;
  api.tuning_space_inspect = &tuningSpaceInspect;
  api.tuning_space_destroy = &tuningSpaceDestroy;
}

} // namespace skeleton
