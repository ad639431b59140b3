//===- Lowerer.h - State of one kernel lowering (internal) --------*- C++ -*-===//
//
// The Lowerer walks the AST of a kernel, evaluating constexpr expressions in
// C++ and emitting tile IR for everything else. Variables live in an
// environment of SemaValues; control flow on runtime values becomes scf ops
// whose results are the variables the body changes. Failures are reported to
// the DiagnosticEngine at once and propagate as empty optionals / false, so
// lowering stops at the first error without throwing.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_FRONTEND_LOWERING_LOWERER_H
#define TESSEL_CORE_FRONTEND_LOWERING_LOWERER_H

#include <chrono>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/frontend/AST.h"
#include "core/frontend/Diagnostics.h"
#include "core/frontend/lowering/KernelLowering.h"
#include "core/frontend/lowering/SemaValue.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace tessel::frontend {

using SV = SemaValue;

/// "[2, 3]" for diagnostics.
std::string shapeString(llvm::ArrayRef<int64_t> shape);
/// The numpy-style broadcast of two shapes, or nullopt if incompatible.
std::optional<llvm::SmallVector<int64_t>> broadcastShapes(llvm::ArrayRef<int64_t> a,
                                                          llvm::ArrayRef<int64_t> b);
using OptSV = std::optional<SemaValue>;
using Env = std::map<std::string, SemaValue>;

/// True if `name` is a libdevice function the frontend implements.
bool isLibdeviceFunction(const std::string &name);
/// What `ns.attr` denotes for a namespace of the language (`tl`, `tl.math`,
/// `tl.extra`, `libdevice`, `triton`), or nullopt if it has no such member.
std::optional<SemaValue> namespaceMember(const std::string &ns, const std::string &attr);

/// Why a kernel cannot use `name`, bound by host code `host`.
std::string hostCodeMessage(const std::string &name, const HostCode &host);

/// Arguments of a call, evaluated.
struct CallArgs {
  std::vector<SV> positional;
  std::vector<SourceLoc> positionalLocs;
  std::vector<std::pair<std::string, SV>> keywords;
  std::vector<SourceLoc> keywordLocs;
  SourceLoc callLoc;

  /// The keyword `name`, or null.
  const SV *keyword(const std::string &name) const;
};

class Lowerer {
public:
  Lowerer(const Module &module, const SourceManager &sources, DiagnosticEngine &diags,
          mlir::MLIRContext &context);

  //===--- Limits (docs/limits.md) ----------------------------------------===//
  const FrontendLimits &limits() const { return limits_; }
  /// Reports the compile time limit at `loc` once the deadline has passed.
  /// Called at safe points: every statement and every unrolled iteration.
  bool checkDeadline(SourceLoc loc);

  mlir::OwningOpRef<mlir::ModuleOp> lowerKernel(const KernelSpec &spec);
  /// Computes the `pending` constexprs of `kernel` from its heuristics and
  /// the constexprs in `env` (Heuristics.cpp); false after reporting.
  bool applyHeuristics(const FunctionDef &kernel, Env &env,
                       const std::set<std::string> &pending);

  //===--- Diagnostics ----------------------------------------------------===//
  /// Reports an error at `loc` with the inlining call stack as notes; returns
  /// nullopt so callers can `return error(...)`.
  std::nullopt_t error(SourceLoc loc, const std::string &message);
  mlir::Location toLoc(SourceLoc loc);

  //===--- Expressions (LowerExpr.cpp) ------------------------------------===//
  OptSV lowerExpr(const Expr *e);
  OptSV lowerName(const NameExpr *e);
  OptSV lowerAttribute(const AttributeExpr *e);
  OptSV lowerUnary(const UnaryExpr *e);
  OptSV lowerBinary(const BinaryExpr *e);
  OptSV lowerCompare(const CompareExpr *e);
  OptSV lowerLogical(const LogicalExpr *e);
  OptSV lowerIfElse(const IfElseExpr *e);
  OptSV lowerSubscript(const SubscriptExpr *e);
  OptSV lowerCall(const CallExpr *e);
  /// `lhs op rhs` on evaluated operands (also used by augmented assignment).
  OptSV binaryOp(BinaryOp op, const SV &lhs, const SV &rhs, SourceLoc loc);
  OptSV compareOp(CmpOp op, const SV &lhs, const SV &rhs, SourceLoc loc);
  /// Python semantics on two constexprs.
  OptSV foldBinary(BinaryOp op, const SV &lhs, const SV &rhs, SourceLoc loc);
  /// Evaluates `e` and requires a constexpr.
  OptSV lowerConstexpr(const Expr *e, const std::string &what);
  /// Truthiness of a constexpr.
  bool truthy(const SV &v) const;

  //===--- Values and conversions (Values.cpp) ----------------------------===//
  /// Turns a number constexpr into an IR scalar of `type`, or returns a Tile
  /// unchanged. Fails on non-numeric values.
  OptSV materialize(const SV &v, SourceLoc loc,
                    std::optional<DType> type = std::nullopt);
  /// Materializes whichever of `a` and `b` is a number literal, typed by the
  /// other operand (literalTypeNextTo). False after reporting an error.
  bool materializePair(SV &a, SV &b, SourceLoc aLoc, SourceLoc bLoc);
  /// The dtype a constexpr takes when it meets `other` in arithmetic
  /// (Triton's weak typing of Python literals).
  DType literalTypeNextTo(const SV &literal, const SV &other) const;
  /// Converts a Tile to `to` (value conversion: int<->float, widths).
  SV convert(const SV &v, DType to, SourceLoc loc, bool bitcast = false);
  /// Broadcasts a Tile to `shape` (splat for scalars; expand leading dims).
  OptSV broadcastTo(const SV &v, llvm::ArrayRef<int64_t> shape, SourceLoc loc);
  /// Brings two Tiles to a common shape, numpy style.
  bool broadcastPair(SV &a, SV &b, SourceLoc loc);
  /// Constant tile (or scalar when shape is empty) of `type` filled with `value`.
  SV constantTile(const SV &value, DType type, llvm::ArrayRef<int64_t> shape,
                  SourceLoc loc);
  mlir::Type tileType(DType t, llvm::ArrayRef<int64_t> shape);
  mlir::Type mlirType(DType t) { return t.toMLIR(&context_); }

  //===--- Statements and control flow (LowerStmt.cpp) --------------------===//
  bool lowerBlock(const Block &block);
  /// The statements of `block` from `first` on; after one that may have
  /// left (break/continue/return on a runtime condition), the rest runs
  /// under a guard (ControlFlow.cpp).
  bool lowerStmtsFrom(const Block &block, size_t first);
  bool lowerStmt(const Stmt *s);
  /// `break`, `continue`, or a `return` under runtime control flow: sets
  /// the exit flag (ControlFlow.h).
  bool lowerExit(const Stmt *s);
  /// Moves the value returned under runtime control flow into the frame at
  /// the end of `fn`'s body; false after reporting a path without return.
  bool takeFunctionResult(const FunctionDef *fn);
  bool lowerStaticFor(const ForStmt *s, const std::string &target, int64_t first,
                      int64_t by, uint64_t trips);
  bool lowerAssign(const AssignStmt *s);
  bool lowerAugAssign(const AugAssignStmt *s);
  bool assignTarget(const Expr *target, const SV &value);
  bool lowerIf(const IfStmt *s);
  bool lowerFor(const ForStmt *s);
  bool lowerWhile(const WhileStmt *s);
  bool lowerAssert(const AssertStmt *s);

  //===--- Calls (Calls.cpp) ----------------------------------------------===//
  OptSV callValue(const SV &callee, CallArgs &args, const CallExpr *call);
  OptSV callFunction(const FunctionDef *fn, CallArgs &args, SourceLoc callLoc);
  /// Dispatches builtins: `tl.*`, Python builtins, tensor methods.
  OptSV callBuiltin(const std::string &name, const SV *receiver, CallArgs &args);

  // Builtin families (Builtins*.cpp). Each returns nullopt after reporting.
  OptSV builtinCreation(const std::string &name, CallArgs &args, bool &handled);
  OptSV builtinMemory(const std::string &name, CallArgs &args, bool &handled);
  OptSV builtinMath(const std::string &name, CallArgs &args, bool &handled);
  OptSV builtinReduce(const std::string &name, CallArgs &args, bool &handled);
  OptSV builtinShape(const std::string &name, CallArgs &args, bool &handled);
  OptSV builtinPython(const std::string &name, CallArgs &args, bool &handled);
  /// tl.inline_asm_elementwise (Builtins.cpp): a tile.inline_asm.
  OptSV inlineAsmElementwise(CallArgs &args);
  /// tl.join/split/interleave/flip/gather/histogram/sort (BuiltinsPermute.cpp).
  OptSV builtinPermute(const std::string &name, CallArgs &args, bool &handled);
  /// tl.umulhi and the Philox random numbers (BuiltinsRandom.cpp).
  OptSV builtinRandom(const std::string &name, CallArgs &args, bool &handled);
  /// tl.softmax, tl.swizzle2d, tl.pointer_type, no-op hints (BuiltinsStandard.cpp).
  OptSV builtinStandard(const std::string &name, CallArgs &args, bool &handled);
  /// tl.dot_scaled (BuiltinsScaledDot.cpp).
  OptSV builtinScaledDot(const std::string &name, CallArgs &args, bool &handled);
  /// `tl.float32(x)`: a dtype called as a cast.
  OptSV callDType(DType type, CallArgs &args);
  /// `x.type`: the dtype of a scalar, the block type of a tile.
  OptSV tileTypeOf(const SV &tile);
  /// `x.type.element_ty`, `.shape`, `.numel`, `.is_block()` of a block type.
  OptSV blockTypeAttribute(const SV &type, const std::string &attr, SourceLoc loc);
  /// tl.make_block_ptr, tl.advance, isinstance folding (BuiltinsBlockPtr.cpp).
  OptSV builtinBlockPtr(const std::string &name, CallArgs &args, bool &handled);
  /// `libdevice.<fn>` (BuiltinsLibdevice.cpp).
  OptSV builtinLibdevice(const std::string &name, CallArgs &args, bool &handled);

  /// Binds call arguments to named parameters: positional first, then
  /// keywords; reports missing / unexpected / duplicate arguments. Optional
  /// parameters not given are left unset.
  bool bindArgs(const std::string &fnName, CallArgs &args,
                const std::vector<std::string> &params, size_t required,
                std::map<std::string, SV> &out, std::map<std::string, SourceLoc> &locs);

  //===--- State ----------------------------------------------------------===//
  const Module &module_;
  const SourceManager &sources_;
  DiagnosticEngine &diags_;
  mlir::MLIRContext &context_;
  mlir::OpBuilder builder_;
  mlir::ModuleOp irModule_;

  /// Variables of the function being lowered.
  Env *env_ = nullptr;
  /// Module-level names: functions, imports, globals (evaluated lazily).
  Env globals_;
  std::map<std::string, const Stmt *> globalDefs_;
  std::set<std::string> evaluatingGlobals_;

  struct Frame {
    const FunctionDef *fn;
    SourceLoc callLoc;
    std::optional<SV> returnValue;
    bool returned = false;
    /// Number of runtime control-flow constructs being lowered around the
    /// current statement; `return` is only allowed outside them.
    unsigned runtimeNesting = 0;
    /// Runtime loops and unrolled static loops around the current statement.
    unsigned loopNesting = 0;
    unsigned staticLoopNesting = 0;
  };
  /// Grows while a call's body is lowered, which may call further: never
  /// hold a reference to an element across lowering (use currentFrame()).
  std::vector<Frame> frames_;
  Frame &currentFrame() { return frames_.back(); }

  FrontendLimits limits_;
  std::string kernelName_;
  std::optional<std::chrono::steady_clock::time_point> deadline_;
  bool deadlineReported_ = false;
  /// Blocks being lowered, counting those of inlined calls.
  uint64_t blockDepth_ = 0;
  /// Product of the trip counts of the tl.static_range loops being unrolled.
  uint64_t unrollProduct_ = 1;
  /// Variables that a runtime `if` bound on one path only, with the if's
  /// location, per environment: using one afterwards gets a message that
  /// says why it is undefined.
  std::map<std::pair<const Env *, std::string>, SourceLoc> partlyDefined_;
  /// Drops what partlyDefined_ records about `env`, which goes out of scope
  /// (another environment may later be created at the same address).
  void forgetEnv(const Env *env);
};

} // namespace tessel::frontend

#endif // TESSEL_CORE_FRONTEND_LOWERING_LOWERER_H
