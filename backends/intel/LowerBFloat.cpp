//===- LowerBFloat.cpp - bf16 as 16-bit integers for SPIR-V ---------------===//

#include "backends/intel/LowerBFloat.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

namespace tessel::intel {
namespace {

bool hasBFloat(llvm::Type *type) {
  if (type->isBFloatTy())
    return true;
  if (auto *f = llvm::dyn_cast<llvm::FunctionType>(type))
    return hasBFloat(f->getReturnType()) || llvm::any_of(f->params(), hasBFloat);
  if (auto *v = llvm::dyn_cast<llvm::VectorType>(type))
    return v->getElementType()->isBFloatTy();
  if (auto *a = llvm::dyn_cast<llvm::ArrayType>(type))
    return hasBFloat(a->getElementType());
  if (auto *s = llvm::dyn_cast<llvm::StructType>(type))
    return llvm::any_of(s->elements(), hasBFloat);
  return false;
}

/// `type` with every bfloat replaced by `to` (i16 or float).
llvm::Type *replaceBFloat(llvm::Type *type, llvm::Type *to) {
  if (type->isBFloatTy())
    return to;
  if (auto *v = llvm::dyn_cast<llvm::VectorType>(type))
    return v->getElementType()->isBFloatTy() ? llvm::VectorType::get(to, v) : type;
  if (auto *a = llvm::dyn_cast<llvm::ArrayType>(type))
    return llvm::ArrayType::get(replaceBFloat(a->getElementType(), to),
                                a->getNumElements());
  if (auto *s = llvm::dyn_cast<llvm::StructType>(type)) {
    if (!s->isLiteral() || !hasBFloat(s))
      return type;
    llvm::SmallVector<llvm::Type *> elements;
    for (llvm::Type *e : s->elements())
      elements.push_back(replaceBFloat(e, to));
    return llvm::StructType::get(type->getContext(), elements, s->isPacked());
  }
  return type;
}

/// A type of `like`'s shape (scalar or vector) with element `element`.
llvm::Type *shaped(llvm::Type *like, llvm::Type *element) {
  if (auto *v = llvm::dyn_cast<llvm::VectorType>(like))
    return llvm::VectorType::get(element, v);
  return element;
}

class Rewriter {
public:
  explicit Rewriter(llvm::Module &module)
      : module(module), ctx(module.getContext()), i16(llvm::Type::getInt16Ty(ctx)),
        i32(llvm::Type::getInt32Ty(ctx)), f32(llvm::Type::getFloatTy(ctx)) {}

  std::string run() {
    for (llvm::GlobalVariable &g : module.globals())
      if (hasBFloat(g.getValueType()))
        return "the bf16 global '" + g.getName().str() + "'";
    // Intrinsics are rewritten at their calls (computeInF32); kernels (and
    // other functions nothing calls) take the bits of a bf16 as an i16,
    // which is how OpenCL passes a 2-byte scalar.
    for (llvm::Function &f : llvm::make_early_inc_range(module)) {
      if (f.isIntrinsic() || !hasBFloat(f.getFunctionType()))
        continue;
      if (f.isDeclaration() || !f.use_empty() || hasBFloat(f.getReturnType()))
        return "the function '" + f.getName().str() +
               "' with a bf16 parameter or result";
      takeBitsOfBFloatParameters(f);
    }
    for (llvm::Function &f : module)
      for (llvm::Instruction &inst :
           llvm::make_early_inc_range(llvm::instructions(f))) {
        std::string problem = computeInF32(inst);
        if (!problem.empty())
          return problem;
      }
    for (llvm::Function &f : llvm::make_early_inc_range(module))
      if (f.isDeclaration() && f.use_empty() && hasBFloat(f.getFunctionType()))
        f.eraseFromParent();
    for (llvm::Function &f : module)
      for (llvm::Instruction &inst : llvm::instructions(f))
        retype(inst);
    // What remained of the widenings and narrowings: bitcasts of i16 to i16.
    for (llvm::Function &f : module)
      for (llvm::Instruction &inst : llvm::make_early_inc_range(llvm::instructions(f)))
        if (auto *cast = llvm::dyn_cast<llvm::BitCastInst>(&inst))
          if (cast->getSrcTy() == cast->getDestTy()) {
            cast->replaceAllUsesWith(cast->getOperand(0));
            cast->eraseFromParent();
          }
    return "";
  }

private:
  /// Rebuilds `f` with each bf16 parameter an i16; the body sees the
  /// parameter through a bitcast to bf16, retyped away below.
  void takeBitsOfBFloatParameters(llvm::Function &f) {
    llvm::SmallVector<llvm::Type *> params;
    for (llvm::Type *p : f.getFunctionType()->params())
      params.push_back(replaceBFloat(p, i16));
    auto *type = llvm::FunctionType::get(f.getReturnType(), params, f.isVarArg());
    llvm::Function *g =
        llvm::Function::Create(type, f.getLinkage(), f.getAddressSpace(), "", &module);
    g->copyAttributesFrom(&f);
    g->copyMetadata(&f, 0);
    g->splice(g->begin(), &f);
    llvm::IRBuilder<> b(&*g->getEntryBlock().getFirstInsertionPt());
    for (auto [from, to] : llvm::zip(f.args(), g->args())) {
      to.takeName(&from);
      from.replaceAllUsesWith(from.getType() == to.getType()
                                  ? static_cast<llvm::Value *>(&to)
                                  : b.CreateBitCast(&to, from.getType()));
    }
    g->takeName(&f);
    f.eraseFromParent();
  }

  /// bf16 (scalar or vector) -> f32, exactly: the bits moved up by 16.
  llvm::Value *widen(llvm::IRBuilder<> &b, llvm::Value *v) {
    llvm::Type *type = v->getType();
    llvm::Value *bits = b.CreateBitCast(v, shaped(type, i16));
    llvm::Value *wide = b.CreateShl(b.CreateZExt(bits, shaped(type, i32)), 16);
    return b.CreateBitCast(wide, shaped(type, f32));
  }

  /// f32 -> bf16, rounding to nearest even; NaN stays NaN (made quiet).
  llvm::Value *narrow(llvm::IRBuilder<> &b, llvm::Value *v, llvm::Type *bfType) {
    llvm::Type *type = v->getType();
    llvm::Type *ints = shaped(type, i32);
    llvm::Value *bits = b.CreateBitCast(v, ints);
    llvm::Value *lsb =
        b.CreateAnd(b.CreateLShr(bits, 16), llvm::ConstantInt::get(ints, 1));
    llvm::Value *bias = b.CreateAdd(lsb, llvm::ConstantInt::get(ints, 0x7FFF));
    llvm::Value *rounded = b.CreateLShr(b.CreateAdd(bits, bias), 16);
    llvm::Value *quiet =
        b.CreateOr(b.CreateLShr(bits, 16), llvm::ConstantInt::get(ints, 0x0040));
    llvm::Value *isNan = b.CreateFCmpUNO(v, v);
    llvm::Value *result =
        b.CreateTrunc(b.CreateSelect(isNan, quiet, rounded), shaped(type, i16));
    return b.CreateBitCast(result, bfType);
  }

  /// f64 -> f32 rounding to odd (toward zero, then the last bit set when
  /// inexact), so that a following narrowing to bf16 rounds only once.
  llvm::Value *toOddF32(llvm::IRBuilder<> &b, llvm::Value *d) {
    llvm::Type *type = d->getType();
    llvm::Type *floats = shaped(type, f32);
    llvm::Type *ints = shaped(type, i32);
    llvm::Value *nearest = b.CreateFPTrunc(d, floats);
    llvm::Value *back = b.CreateFPExt(nearest, type);
    llvm::Value *inexact = b.CreateFCmpONE(back, d);
    llvm::Value *tooFar =
        b.CreateFCmpOGT(b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, back),
                        b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, d));
    llvm::Value *bits = b.CreateBitCast(nearest, ints);
    llvm::Value *one = llvm::ConstantInt::get(ints, 1);
    bits = b.CreateSelect(b.CreateAnd(inexact, tooFar), b.CreateSub(bits, one), bits);
    bits = b.CreateSelect(inexact, b.CreateOr(bits, one), bits);
    return b.CreateBitCast(bits, floats);
  }

  /// The f32 (scalar or vector) of `v`, which has a bf16 type.
  llvm::Value *asF32(llvm::IRBuilder<> &b, llvm::Value *v) {
    return hasBFloat(v->getType()) ? widen(b, v) : v;
  }

  void replace(llvm::Instruction &inst, llvm::Value *with) {
    inst.replaceAllUsesWith(with);
    inst.eraseFromParent();
  }

  /// Replaces a bf16 computation by the same one in f32; "" or a problem.
  std::string computeInF32(llvm::Instruction &inst) {
    llvm::Type *type = inst.getType();
    bool resultBf = hasBFloat(type);
    bool operandBf = llvm::any_of(
        inst.operands(), [](const llvm::Use &u) { return hasBFloat(u->getType()); });
    if (!resultBf && !operandBf)
      return "";
    llvm::IRBuilder<> b(&inst);
    if (auto *ext = llvm::dyn_cast<llvm::FPExtInst>(&inst)) {
      llvm::Value *f = widen(b, ext->getOperand(0));
      replace(inst, f->getType() == type ? f : b.CreateFPExt(f, type));
      return "";
    }
    if (auto *trunc = llvm::dyn_cast<llvm::FPTruncInst>(&inst)) {
      llvm::Value *src = trunc->getOperand(0);
      if (src->getType()->getScalarType()->isDoubleTy())
        src = toOddF32(b, src);
      else if (!src->getType()->getScalarType()->isFloatTy())
        src = b.CreateFPExt(src, shaped(type, f32)); // from f16: exact
      replace(inst, narrow(b, src, type));
      return "";
    }
    if (llvm::isa<llvm::SIToFPInst, llvm::UIToFPInst>(inst)) {
      // Through f64: exact for 32-bit integers, then one rounding.
      llvm::Type *doubles = shaped(type, llvm::Type::getDoubleTy(ctx));
      llvm::Value *d = llvm::isa<llvm::SIToFPInst>(inst)
                           ? b.CreateSIToFP(inst.getOperand(0), doubles)
                           : b.CreateUIToFP(inst.getOperand(0), doubles);
      replace(inst, narrow(b, toOddF32(b, d), type));
      return "";
    }
    if (auto *cast = llvm::dyn_cast<llvm::CastInst>(&inst)) {
      if (llvm::isa<llvm::FPToSIInst, llvm::FPToUIInst>(cast)) {
        replace(inst,
                b.CreateCast(cast->getOpcode(), widen(b, cast->getOperand(0)), type));
        return "";
      }
      return ""; // bitcasts move bits: retyped below
    }
    if (auto *op = llvm::dyn_cast<llvm::UnaryOperator>(&inst)) {
      llvm::Value *r = b.CreateUnOp(op->getOpcode(), asF32(b, op->getOperand(0)));
      if (auto *ri = llvm::dyn_cast<llvm::Instruction>(r))
        ri->copyIRFlags(op);
      replace(inst, narrow(b, r, type));
      return "";
    }
    if (auto *op = llvm::dyn_cast<llvm::BinaryOperator>(&inst)) {
      llvm::Value *r = b.CreateBinOp(op->getOpcode(), asF32(b, op->getOperand(0)),
                                     asF32(b, op->getOperand(1)));
      if (auto *ri = llvm::dyn_cast<llvm::Instruction>(r))
        ri->copyIRFlags(op);
      replace(inst, narrow(b, r, type));
      return "";
    }
    if (auto *cmp = llvm::dyn_cast<llvm::FCmpInst>(&inst)) {
      replace(inst, b.CreateFCmp(cmp->getPredicate(), asF32(b, cmp->getOperand(0)),
                                 asF32(b, cmp->getOperand(1))));
      return "";
    }
    if (auto *call = llvm::dyn_cast<llvm::IntrinsicInst>(&inst)) {
      llvm::SmallVector<llvm::Value *> args;
      llvm::SmallVector<llvm::Type *> argTypes;
      for (llvm::Value *a : call->args()) {
        args.push_back(asF32(b, a));
        argTypes.push_back(args.back()->getType());
      }
      llvm::Type *resultType = replaceBFloat(type, f32);
      llvm::Function *callee = llvm::Intrinsic::getOrInsertDeclaration(
          &module, call->getIntrinsicID(), resultType, argTypes);
      if (callee == nullptr || callee->getReturnType() != resultType)
        return "the bf16 intrinsic '" + call->getCalledFunction()->getName().str() +
               "'";
      llvm::CallInst *r = b.CreateCall(callee, args);
      r->copyFastMathFlags(call);
      replace(inst, resultBf ? narrow(b, r, type) : r);
      return "";
    }
    if (llvm::isa<llvm::AtomicRMWInst, llvm::AtomicCmpXchgInst>(inst))
      return "a bf16 atomic operation";
    if (auto *call = llvm::dyn_cast<llvm::CallInst>(&inst)) {
      llvm::Function *callee = call->getCalledFunction();
      return "the call of '" + (callee ? callee->getName().str() : "?") +
             "' with bf16 operands";
    }
    return ""; // moves bf16 values: retyped below
  }

  llvm::Constant *retypeConstant(llvm::Constant *c) {
    llvm::Type *to = replaceBFloat(c->getType(), i16);
    if (auto *fp = llvm::dyn_cast<llvm::ConstantFP>(c))
      return llvm::ConstantInt::get(to, fp->getValueAPF().bitcastToAPInt());
    if (llvm::isa<llvm::PoisonValue>(c))
      return llvm::PoisonValue::get(to);
    if (llvm::isa<llvm::UndefValue>(c))
      return llvm::UndefValue::get(to);
    if (c->isNullValue())
      return llvm::Constant::getNullValue(to);
    if (llvm::isa<llvm::ConstantDataVector, llvm::ConstantVector>(c)) {
      auto *vector = llvm::cast<llvm::FixedVectorType>(c->getType());
      llvm::SmallVector<llvm::Constant *> elements;
      for (unsigned i = 0; i < vector->getNumElements(); ++i)
        elements.push_back(retypeConstant(c->getAggregateElement(i)));
      return llvm::ConstantVector::get(elements);
    }
    return nullptr;
  }

  void retype(llvm::Instruction &inst) {
    for (llvm::Use &u : inst.operands())
      if (auto *c = llvm::dyn_cast<llvm::Constant>(u.get()))
        if (!llvm::isa<llvm::GlobalValue>(c) && hasBFloat(c->getType()))
          if (llvm::Constant *r = retypeConstant(c))
            u.set(r);
    if (auto *gep = llvm::dyn_cast<llvm::GetElementPtrInst>(&inst)) {
      gep->setSourceElementType(replaceBFloat(gep->getSourceElementType(), i16));
      gep->setResultElementType(replaceBFloat(gep->getResultElementType(), i16));
    }
    if (auto *alloca = llvm::dyn_cast<llvm::AllocaInst>(&inst))
      alloca->setAllocatedType(replaceBFloat(alloca->getAllocatedType(), i16));
    if (hasBFloat(inst.getType()))
      inst.mutateType(replaceBFloat(inst.getType(), i16));
  }

  llvm::Module &module;
  llvm::LLVMContext &ctx;
  llvm::Type *i16, *i32, *f32;
};

} // namespace

std::string lowerBFloatToI16(llvm::Module &module) { return Rewriter(module).run(); }

} // namespace tessel::intel
