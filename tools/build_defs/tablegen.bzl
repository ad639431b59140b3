"""MLIR TableGen rules: ODS/pass definitions in, generated C++ and docs out."""

def mlir_tablegen(name, td_file, outs, td_srcs = [], includes = []):
    """Runs mlir-tblgen-22 once per requested output.

    Args:
      name: name of a filegroup holding every generated file.
      td_file: the top-level .td file.
      outs: list of (flags, output file) pairs, e.g.
        [(["-gen-op-decls"], "TileOps.h.inc")].
      td_srcs: other .td files the top-level file includes.
      includes: extra include directories, relative to the workspace root.
    """
    generated = []
    include_flags = " ".join(
        ["-I external/llvm/include", "-I $(GENDIR)", "-I ."] +
        ["-I " + inc for inc in includes],
    )
    for flags, out in outs:
        rule_name = name + "_" + out.replace("/", "_").replace(".", "_")
        native.genrule(
            name = rule_name,
            srcs = [td_file] + [s for s in td_srcs if s != td_file] + ["@llvm//:mlir_td_files"],
            outs = [out],
            tools = ["@llvm//:bin/mlir-tblgen"],
            cmd = "$(location @llvm//:bin/mlir-tblgen) {flags} {incs} $(location {td}) -o $@".format(
                flags = " ".join(flags),
                incs = include_flags,
                td = td_file,
            ),
        )
        generated.append(out)
    native.filegroup(name = name, srcs = generated)
