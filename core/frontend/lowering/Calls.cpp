//===- Calls.cpp - Calls: inlined functions and builtins ------------------===//

#include <set>

#include "core/frontend/lowering/Lowerer.h"

namespace tessel::frontend {

OptSV Lowerer::lowerCall(const CallExpr *e) {
  OptSV callee = lowerExpr(e->callee.get());
  if (!callee)
    return std::nullopt;
  CallArgs args;
  args.callLoc = e->loc();
  for (const ExprPtr &a : e->args) {
    OptSV v = lowerExpr(a.get());
    if (!v)
      return std::nullopt;
    args.positional.push_back(*v);
    args.positionalLocs.push_back(a->loc());
  }
  for (const Keyword &k : e->keywords) {
    OptSV v = lowerExpr(k.value.get());
    if (!v)
      return std::nullopt;
    args.keywords.emplace_back(k.name, *v);
    args.keywordLocs.push_back(k.nameRange.begin);
  }
  return callValue(*callee, args, e);
}

OptSV Lowerer::callValue(const SV &callee, CallArgs &args, const CallExpr *call) {
  switch (callee.kind) {
  case SV::Kind::Function:
    return callFunction(callee.function, args, call->loc());
  case SV::Kind::Builtin:
    return callBuiltin(callee.str, callee.receiver.get(), args);
  case SV::Kind::DTypeVal:
    return callDType(callee.dtype, args);
  case SV::Kind::Foreign:
    return error(call->loc(),
                 "module '" + callee.str + "' cannot be used inside a kernel");
  default:
    return error(call->loc(), callee.describe() + " is not callable");
  }
}

bool Lowerer::bindArgs(const std::string &fnName, CallArgs &args,
                       const std::vector<std::string> &params, size_t required,
                       std::map<std::string, SV> &out,
                       std::map<std::string, SourceLoc> &locs) {
  if (args.positional.size() > params.size()) {
    error(args.positionalLocs[params.size()],
          fnName + "() takes at most " + std::to_string(params.size()) +
              (params.size() == 1 ? " positional argument but " : " positional arguments but ") +
              std::to_string(args.positional.size()) + " were given");
    return false;
  }
  for (size_t i = 0; i < args.positional.size(); ++i) {
    out[params[i]] = args.positional[i];
    locs[params[i]] = args.positionalLocs[i];
  }
  for (size_t i = 0; i < args.keywords.size(); ++i) {
    const auto &[name, value] = args.keywords[i];
    bool known = false;
    for (const std::string &p : params)
      known = known || p == name;
    if (!known) {
      error(args.keywordLocs[i],
            fnName + "() got an unexpected keyword argument '" + name + "'");
      return false;
    }
    if (out.count(name)) {
      error(args.keywordLocs[i],
            fnName + "() got multiple values for argument '" + name + "'");
      return false;
    }
    out[name] = value;
    locs[name] = args.keywordLocs[i];
  }
  for (size_t i = 0; i < required; ++i)
    if (!out.count(params[i])) {
      error(args.callLoc, fnName + "() missing required argument '" + params[i] + "'");
      return false;
    }
  return true;
}

void Lowerer::forgetEnv(const Env *env) {
  for (auto it = partlyDefined_.begin(); it != partlyDefined_.end();)
    it = it->first.first == env ? partlyDefined_.erase(it) : std::next(it);
}

OptSV Lowerer::callFunction(const FunctionDef *fn, CallArgs &args, SourceLoc callLoc) {
  for (const Frame &f : frames_)
    if (f.fn == fn)
      return error(callLoc, "recursive call to '" + fn->name +
                                "': kernels inline their calls, so recursion is "
                                "not supported");
  if (frames_.size() > 64)
    return error(callLoc, "calls nested more than 64 deep");

  std::vector<std::string> params;
  size_t required = 0;
  for (const Param &p : fn->params) {
    params.push_back(p.name);
    if (!p.defaultValue)
      required = params.size();
  }
  std::map<std::string, SV> bound;
  std::map<std::string, SourceLoc> locs;
  if (!bindArgs(fn->name, args, params, required, bound, locs))
    return std::nullopt;

  Env callee;
  for (const Param &p : fn->params) {
    auto it = bound.find(p.name);
    SV v;
    if (it != bound.end()) {
      v = it->second;
    } else {
      Env empty;
      Env *saved = env_;
      env_ = &empty;
      OptSV d = lowerConstexpr(p.defaultValue.get(), "the default of '" + p.name + "'");
      env_ = saved;
      if (!d)
        return std::nullopt;
      v = *d;
    }
    // Triton ignores a tl.constexpr annotation on the parameters of an
    // inlined call: a runtime value is bound as it is.
    callee[p.name] = v;
  }

  Env *saved = env_;
  env_ = &callee;
  frames_.push_back(Frame{fn, callLoc, std::nullopt, false, 0});
  bool ok = lowerBlock(fn->body) && takeFunctionResult(fn);
  Frame frame = frames_.back();
  frames_.pop_back();
  env_ = saved;
  forgetEnv(&callee);
  if (!ok)
    return std::nullopt;
  return frame.returnValue ? *frame.returnValue : SV::none();
}

} // namespace tessel::frontend
