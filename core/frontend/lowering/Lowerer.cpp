//===- Lowerer.cpp - Kernel lowering driver -------------------------------===//

#include "core/frontend/lowering/Lowerer.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "core/frontend/Parser.h"
#include "core/frontend/lowering/Signature.h"
#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"

namespace tessel::frontend {

//===----------------------------------------------------------------------===//
// SemaValue
//===----------------------------------------------------------------------===//

bool SemaValue::isConstexpr() const {
  switch (kind) {
  case Kind::None:
  case Kind::Int:
  case Kind::Float:
  case Kind::Bool:
  case Kind::Str:
  case Kind::DTypeVal:
    return true;
  case Kind::Tuple:
  case Kind::Dict:
    for (const SemaValue &e : elements)
      if (!e.isConstexpr())
        return false;
    return true;
  default:
    return false;
  }
}

llvm::ArrayRef<int64_t> SemaValue::shape() const {
  if (kind == Kind::Tile)
    if (auto t = llvm::dyn_cast<mlir::RankedTensorType>(value.getType()))
      return t.getShape();
  return {};
}

static std::string shapeText(llvm::ArrayRef<int64_t> shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

std::string SemaValue::describe() const {
  switch (kind) {
  case Kind::None:
    return "None";
  case Kind::Int:
    return "constexpr int " + std::to_string(intValue);
  case Kind::Float:
    return "constexpr float";
  case Kind::Bool:
    return boolValue ? "constexpr True" : "constexpr False";
  case Kind::Str:
    return "string";
  case Kind::DTypeVal:
    return "dtype " + dtype.name();
  case Kind::Tuple:
    return "tuple of " + std::to_string(elements.size()) + " elements";
  case Kind::Tile:
    if (shape().empty())
      return "scalar of type " + dtype.name();
    return "tile of " + dtype.name() + " " + shapeText(shape());
  case Kind::Desc:
    return "tensor descriptor of " + dtype.name();
  case Kind::Namespace:
    return "module '" + str + "'";
  case Kind::Function:
    return "function '" + function->name + "'";
  case Kind::Builtin:
    return "builtin '" + str + "'";
  case Kind::Foreign:
    return "module '" + str + "'";
  case Kind::Dict:
    return "dict of " + std::to_string(elements.size()) + " entries";
  case Kind::BlockPtr:
    return "block pointer of " + dtype.name() + " " +
           (elements.empty() ? std::string("[]") : [this] {
             std::vector<int64_t> b;
             for (const SemaValue &e : elements[elements.size() - 2].elements)
               b.push_back(e.intValue);
             return shapeText(b);
           }());
  }
  return "value";
}

const SV *CallArgs::keyword(const std::string &name) const {
  for (const auto &[k, v] : keywords)
    if (k == name)
      return &v;
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Set-up
//===----------------------------------------------------------------------===//

/// Maps an imported module path to what it denotes inside kernels.
static SV importedModule(const std::string &path) {
  if (path == "triton.language" || path == "tessel.language")
    return SV::ofNamespace("tl");
  if (path == "triton.language.math" || path == "tessel.language.math")
    return SV::ofNamespace("tl.math");
  // libdevice, under each of the paths Triton 3.x has used for it.
  for (const char *root : {"triton.language.extra", "tessel.language.extra"}) {
    std::string r = root;
    if (path == r)
      return SV::ofNamespace("tl.extra");
    if (path == r + ".cuda" || path == r + ".hip")
      return SV::ofNamespace("tl.extra.cuda");
    if (path == r + ".libdevice" || path == r + ".cuda.libdevice" ||
        path == r + ".hip.libdevice")
      return SV::ofNamespace("libdevice");
  }
  if (path == "triton" || path == "tessel")
    return SV::ofNamespace(path);
  SV foreign;
  foreign.kind = SV::Kind::Foreign;
  foreign.str = path;
  return foreign;
}

Lowerer::Lowerer(const Module &module, const SourceManager &sources,
                 DiagnosticEngine &diags, mlir::MLIRContext &context)
    : module_(module), sources_(sources), diags_(diags), context_(context),
      builder_(&context) {
  for (const StmtPtr &s : module.imports) {
    if (const auto *imp = dyn_cast<ImportStmt>(s.get())) {
      for (const ImportAlias &alias : imp->names) {
        // `import a.b` binds `a`; `import a.b as c` binds c to a.b.
        std::string path = alias.asName.empty()
                               ? alias.name.substr(0, alias.name.find('.'))
                               : alias.name;
        globals_[alias.boundName()] = importedModule(path);
      }
    } else if (const auto *from = dyn_cast<ImportFromStmt>(s.get())) {
      for (const ImportAlias &alias : from->names) {
        std::string path =
            from->module.empty() ? alias.name : from->module + "." + alias.name;
        SV bound = importedModule(path);
        if (bound.kind == SV::Kind::Foreign &&
            (from->module == "triton.language" || from->module == "tessel.language"))
          bound = SV::ofBuiltin("tl." + alias.name);
        else if (bound.kind == SV::Kind::Foreign &&
                 (from->module == "triton" || from->module == "tessel"))
          bound = SV::ofBuiltin(from->module + "." + alias.name);
        else if (bound.kind == SV::Kind::Foreign && !from->module.empty()) {
          // `from triton.language.extra.libdevice import rsqrt`,
          // `from triton.language.math import rsqrt`: a member of a
          // namespace of the language.
          SV ns = importedModule(from->module);
          if (ns.kind == SV::Kind::Namespace)
            if (std::optional<SV> member = namespaceMember(ns.str, alias.name))
              bound = *member;
        }
        globals_[alias.boundName()] = bound;
      }
    }
  }
  for (const auto &fn : module.functions)
    globals_[fn->name] = SV::ofFunction(fn.get());
  for (const StmtPtr &s : module.globals) {
    if (const auto *assign = dyn_cast<AssignStmt>(s.get())) {
      for (const ExprPtr &t : assign->targets)
        if (const auto *n = dyn_cast<NameExpr>(t.get()))
          globalDefs_[n->name] = s.get();
    } else if (const auto *ann = dyn_cast<AnnAssignStmt>(s.get())) {
      if (const auto *n = dyn_cast<NameExpr>(ann->target.get()))
        globalDefs_[n->name] = s.get();
    }
  }
}

std::string hostCodeMessage(const std::string &name, const HostCode &host) {
  std::string line = std::to_string(host.range.begin.line);
  switch (host.kind) {
  case HostCode::Kind::Function:
    return "'" + name + "' is host code and cannot be called from a kernel; decorate it with "
           "@triton.jit (defined on line " + line + ")";
  case HostCode::Kind::Class:
    return "'" + name + "' is a class, which is host code and cannot be used in a kernel "
           "(defined on line " + line + ")";
  case HostCode::Kind::Import: {
    // Suggest the import a kernel sees, for names of the language.
    std::string instead;
    if (isLibdeviceFunction(name))
      instead = "; import it at module level: 'from triton.language.extra.libdevice import " +
                name + "'";
    else if (namespaceMember("tl", name))
      instead = "; use 'tl." + name + "'";
    return "'" + name + "' is imported by host code on line " + line +
           " (inside a function, an 'except' or 'else' branch, or another block that "
           "runs on the host), which kernels do not see" +
           (instead.empty() ? "; import it at module level" : instead);
  }
  case HostCode::Kind::Assignment:
  case HostCode::Kind::Statement:
    break;
  }
  return "'" + name + "' is set by host code on line " + line +
         " and cannot be used in a kernel; only module-level constants such as "
         "'BLOCK = 128' are visible to kernels";
}

std::nullopt_t Lowerer::error(SourceLoc loc, const std::string &message) {
  Diagnostic &d = diags_.error(loc, message);
  // Innermost call first, like a backtrace.
  for (auto it = frames_.rbegin(); it != frames_.rend(); ++it)
    if (it->callLoc.isValid())
      d.addNote(it->callLoc, "in a call to '" + it->fn->name + "' from here");
  return std::nullopt;
}

mlir::Location Lowerer::toLoc(SourceLoc loc) {
  if (!loc.isValid())
    return builder_.getUnknownLoc();
  return mlir::FileLineColLoc::get(&context_, std::string(sources_.name(loc.file)),
                                   loc.line, loc.col);
}

/// Parses a constexpr value given on a command line.
static std::optional<SV> parseConstexprText(const std::string &text) {
  if (text == "True" || text == "true")
    return SV::ofBool(true);
  if (text == "False" || text == "false")
    return SV::ofBool(false);
  if (text == "None")
    return SV::none();
  if (text.size() >= 2 && (text.front() == '"' || text.front() == '\'') &&
      text.back() == text.front())
    return SV::ofStr(text.substr(1, text.size() - 2));
  std::string dtypeText = text;
  for (const char *prefix : {"tl.", "triton.language."})
    if (dtypeText.rfind(prefix, 0) == 0)
      dtypeText = dtypeText.substr(std::string(prefix).size());
  if (std::optional<DType> t = dtypeForTlName(dtypeText))
    return SV::ofDType(*t);
  if (std::optional<DType> t = parseDType(dtypeText))
    return SV::ofDType(*t);
  if (text.empty())
    return std::nullopt;
  char *end = nullptr;
  errno = 0;
  long long i = std::strtoll(text.c_str(), &end, 0);
  if (errno == 0 && end && *end == '\0')
    return SV::ofInt(i);
  errno = 0;
  double d = std::strtod(text.c_str(), &end);
  if (errno == 0 && end && *end == '\0')
    return SV::ofFloat(d);
  return std::nullopt;
}

bool Lowerer::checkDeadline(SourceLoc loc) {
  if (!deadline_)
    return true;
  if (deadlineReported_)
    return false;
  if (std::chrono::steady_clock::now() < *deadline_)
    return true;
  deadlineReported_ = true;
  error(loc, "compile time limit of " + std::to_string(limits_.compileSeconds) +
                 " s exceeded while lowering " + kernelName_ +
                 " (TESSEL_LIMIT_COMPILE_SECONDS)");
  return false;
}

mlir::OwningOpRef<mlir::ModuleOp> Lowerer::lowerKernel(const KernelSpec &spec) {
  limits_ = spec.limits;
  kernelName_ = spec.kernel;
  if (limits_.compileSeconds > 0) {
    // Clamped so that the sum cannot overflow the clock's representation.
    uint64_t seconds = std::min<uint64_t>(limits_.compileSeconds, uint64_t(1) << 31);
    deadline_ = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  }
  const FunctionDef *kernel = module_.findFunction(spec.kernel);
  SourceLoc fileLoc{module_.file, 1, 1};
  // `kernel = triton.jit(_kernel)` and its autotune/heuristics variants bind
  // the kernel under another name.
  if (!kernel && globalDefs_.count(spec.kernel)) {
    NameExpr alias(SourceRange{fileLoc, fileLoc}, spec.kernel);
    OptSV v = lowerName(&alias);
    if (!v)
      return nullptr;
    if (v->kind == SV::Kind::Function)
      kernel = v->function;
  }
  const HostCode *host = module_.findHostCode(spec.kernel);
  if (!kernel && host && host->kind == HostCode::Kind::Function) {
    error(host->range.begin, "'" + spec.kernel +
                                 "' is host code, not a kernel: decorate it with "
                                 "@triton.jit (or @jit)");
    return nullptr;
  }
  if (!kernel) {
    std::string names;
    for (const FunctionDef *k : module_.kernels())
      names += (names.empty() ? "" : ", ") + k->name;
    error(fileLoc, "no kernel named '" + spec.kernel + "' in this file" +
                       (names.empty() ? " (it defines no @jit function)"
                                      : " (kernels: " + names + ")"));
    return nullptr;
  }
  if (!kernel->isJit()) {
    error(kernel->nameRange.begin, "'" + spec.kernel +
                                       "' is not a kernel: decorate it with "
                                       "@triton.jit (or @jit)");
    return nullptr;
  }

  std::string sigError;
  std::optional<std::vector<SignatureEntry>> signature =
      parseSignature(spec.signature, sigError);
  if (!signature) {
    error(kernel->nameRange.begin,
          "invalid signature for '" + spec.kernel + "': " + sigError);
    return nullptr;
  }

  // Split parameters into runtime arguments and constexprs.
  Env env;
  std::vector<const Param *> runtimeParams;
  std::set<std::string> usedConstexprs;
  // Parameters that a heuristic computes when -D does not give them.
  std::set<std::string> byHeuristic;
  for (const FunctionDef::Heuristic &h : kernel->heuristics)
    if (!spec.constexprs.count(h.param))
      byHeuristic.insert(h.param);
  for (const Param &p : kernel->params) {
    bool isConstexpr = p.isConstexpr() || byHeuristic.count(p.name);
    if (isConstexpr) {
      auto it = spec.constexprs.find(p.name);
      if (byHeuristic.count(p.name)) {
        continue;
      } else if (it != spec.constexprs.end()) {
        std::optional<SV> v = parseConstexprText(it->second);
        if (!v) {
          // A bare word is most often a string whose quotes the shell ate.
          bool word = !it->second.empty();
          for (char c : it->second)
            word = word && (std::isalnum(static_cast<unsigned char>(c)) || c == '_' ||
                            c == '-' || c == '.');
          error(p.range.begin,
                "cannot use '" + it->second + "' as the value of constexpr parameter '" +
                    p.name + "' (expected an int, float, bool, string or dtype)" +
                    (word ? "; a string is given in quotes that reach the compiler, "
                            "e.g. -D " + p.name + "=\"'" + it->second +
                                "'\" or '-D " + p.name + "=\"" + it->second + "\"'"
                          : std::string()));
          return nullptr;
        }
        env[p.name] = *v;
        usedConstexprs.insert(p.name);
      } else if (p.defaultValue) {
        Env empty;
        Env *saved = env_;
        env_ = &empty;
        OptSV v =
            lowerConstexpr(p.defaultValue.get(), "the default of '" + p.name + "'");
        env_ = saved;
        if (!v)
          return nullptr;
        env[p.name] = *v;
      } else {
        error(p.range.begin, "constexpr parameter '" + p.name +
                                 "' needs a value (give it with -D " + p.name +
                                 "=VALUE)");
        return nullptr;
      }
    } else {
      if (spec.constexprs.count(p.name)) {
        error(p.range.begin, "parameter '" + p.name +
                                 "' is not tl.constexpr, so it cannot be given "
                                 "with -D; it takes a signature entry");
        return nullptr;
      }
      runtimeParams.push_back(&p);
    }
  }
  if (!applyHeuristics(*kernel, env, byHeuristic))
    return nullptr;
  for (const auto &[name, value] : spec.constexprs) {
    (void)value;
    if (!usedConstexprs.count(name)) {
      error(kernel->nameRange.begin, "kernel '" + spec.kernel +
                                         "' has no constexpr parameter named '" + name +
                                         "'");
      return nullptr;
    }
  }
  if (runtimeParams.size() != signature->size()) {
    std::string params;
    for (const Param *p : runtimeParams)
      params += (params.empty() ? "" : ", ") + p->name;
    error(kernel->nameRange.begin, "signature has " +
                                       std::to_string(signature->size()) +
                                       " entries but kernel '" + spec.kernel +
                                       "' has " + std::to_string(runtimeParams.size()) +
                                       " non-constexpr parameters (" + params + ")");
    return nullptr;
  }

  // The function and its entry block.
  mlir::Location loc = toLoc(kernel->nameRange.begin);
  irModule_ = mlir::ModuleOp::create(loc);
  mlir::OwningOpRef<mlir::ModuleOp> owned(irModule_);
  builder_.setInsertionPointToEnd(irModule_.getBody());
  // A tensor-descriptor entry takes its base pointer, shape (i32) and strides
  // (i64) as arguments of their own (Signature.h); `firstArg` maps each
  // entry to its first argument.
  llvm::SmallVector<mlir::Type> argTypes;
  std::vector<unsigned> firstArg;
  for (const SignatureEntry &e : *signature) {
    firstArg.push_back(argTypes.size());
    argTypes.push_back(mlirType(e.type));
    for (size_t d = 0; d < e.blockShape.size(); ++d)
      argTypes.push_back(builder_.getI32Type());
    for (size_t d = 0; d < e.blockShape.size(); ++d)
      argTypes.push_back(builder_.getI64Type());
  }
  auto func = mlir::func::FuncOp::create(builder_, loc, spec.kernel,
                                         builder_.getFunctionType(argTypes, {}));
  for (auto [i, e] : llvm::enumerate(*signature))
    if (e.divisibility)
      func.setArgAttr(firstArg[i], tile::kDivisibilityAttrName,
                      builder_.getI32IntegerAttr(e.divisibility));
  mlir::Block *entry = func.addEntryBlock();
  builder_.setInsertionPointToStart(entry);
  for (auto [i, p] : llvm::enumerate(runtimeParams)) {
    const SignatureEntry &e = (*signature)[i];
    mlir::Value value = entry->getArgument(firstArg[i]);
    if (e.isTensorDesc()) {
      const size_t rank = e.blockShape.size();
      llvm::SmallVector<mlir::Value> shape, strides;
      for (size_t d = 0; d < rank; ++d) {
        shape.push_back(entry->getArgument(firstArg[i] + 1 + d));
        strides.push_back(entry->getArgument(firstArg[i] + 1 + rank + d));
      }
      DType elem = e.type.pointee();
      auto blockType = mlir::RankedTensorType::get(e.blockShape, mlirType(elem));
      auto descType = tile::TensorDescType::get(&context_, blockType);
      auto desc = tile::MakeTensorDescOp::create(builder_, toLoc(p->range.begin),
                                                 descType, value, shape, strides,
                                                 tile::PaddingOption::Zero);
      env[p->name] = SV::ofDesc(desc.getResult(), elem);
      continue;
    }
    // The argument stays in the launch signature; the body sees the 1 it
    // was promised, so that strides of 1 make contiguous accesses.
    if (e.equalsOne)
      value =
          mlir::arith::ConstantOp::create(builder_, toLoc(p->range.begin),
                                          builder_.getIntegerAttr(mlirType(e.type), 1));
    env[p->name] = SV::ofTile(value, e.type);
  }

  env_ = &env;
  frames_.push_back(Frame{kernel, SourceLoc{}, std::nullopt, false, 0});
  bool ok = lowerBlock(kernel->body) && takeFunctionResult(kernel);
  Frame frame = frames_.back();
  frames_.pop_back();
  env_ = nullptr;
  if (!ok)
    return nullptr;
  if (frame.returnValue && frame.returnValue->kind != SV::Kind::None) {
    error(kernel->nameRange.begin, "kernel '" + spec.kernel +
                                       "' returns a value; kernels write their "
                                       "results through pointers");
    return nullptr;
  }
  mlir::func::ReturnOp::create(builder_, toLoc(kernel->range.end));

  // The frontend should never produce invalid IR; if it does, say so with
  // the MLIR message rather than handing bad IR to a backend.
  std::string messages;
  {
    mlir::ScopedDiagnosticHandler handler(&context_, [&](mlir::Diagnostic &d) {
      messages += d.str();
      return mlir::success();
    });
    if (mlir::failed(mlir::verify(*owned))) {
      error(kernel->nameRange.begin,
            "internal compiler error: the tile IR generated for '" + spec.kernel +
                "' does not verify: " + messages);
      return nullptr;
    }
  }
  return owned;
}

//===----------------------------------------------------------------------===//
// Public entry points
//===----------------------------------------------------------------------===//

void loadFrontendDialects(mlir::MLIRContext &context) {
  context.loadDialect<tile::TileDialect, mlir::arith::ArithDialect,
                      mlir::math::MathDialect, mlir::scf::SCFDialect,
                      mlir::func::FuncDialect>();
}

mlir::OwningOpRef<mlir::ModuleOp>
lowerKernel(const Module &module, const SourceManager &sources, DiagnosticEngine &diags,
            mlir::MLIRContext &context, const KernelSpec &spec) {
  loadFrontendDialects(context);
  Lowerer lowerer(module, sources, diags, context);
  return lowerer.lowerKernel(spec);
}

mlir::OwningOpRef<mlir::ModuleOp>
compileKernelSource(const std::string &fileName, const std::string &text,
                    SourceManager &sources, DiagnosticEngine &diags,
                    mlir::MLIRContext &context, const KernelSpec &spec) {
  uint32_t file = sources.addFile(fileName, text);
  std::unique_ptr<Module> module = parseFile(sources, file, diags, spec.limits);
  if (!module || diags.hasErrors())
    return nullptr;
  return lowerKernel(*module, sources, diags, context, spec);
}

} // namespace tessel::frontend
