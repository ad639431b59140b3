//===- PromoteIntegers.cpp - Odd integer widths to SPIR-V's ---------------===//

#include "backends/intel/PromoteIntegers.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

namespace tessel::intel {
namespace {

bool isOdd(llvm::Type *type) {
  auto *i = llvm::dyn_cast<llvm::IntegerType>(type);
  if (i == nullptr)
    return false;
  unsigned w = i->getBitWidth();
  return w != 1 && w != 8 && w != 16 && w != 32 && w != 64;
}

unsigned promotedWidth(unsigned w) {
  return w <= 8 ? 8 : w <= 16 ? 16 : w <= 32 ? 32 : 64;
}

std::string print(const llvm::Instruction &inst) {
  std::string text;
  llvm::raw_string_ostream os(text);
  inst.print(os);
  return text;
}

class Promoter {
public:
  explicit Promoter(llvm::Function &f) : f(f) {}

  std::string run() {
    std::vector<llvm::Instruction *> work;
    for (llvm::Instruction &inst : llvm::instructions(f)) {
      bool odd = isOdd(inst.getType()) ||
                 llvm::any_of(inst.operands(),
                              [](const llvm::Use &u) { return isOdd(u->getType()); });
      if (!odd)
        continue;
      if (hasUnsupportedOdd(inst))
        return print(inst);
      work.push_back(&inst);
    }
    if (work.empty())
      return "";
    // Record every width before retyping: the rewrite needs w.
    for (llvm::Instruction *inst : work) {
      if (isOdd(inst->getType()))
        width[inst] = inst->getType()->getIntegerBitWidth();
      auto &widths = operandWidths[inst];
      for (llvm::Use &u : inst->operands()) {
        llvm::Type *t = u->getType();
        widths.push_back(t->isIntegerTy() ? t->getIntegerBitWidth() : 0);
      }
    }
    for (llvm::Instruction *inst : work)
      retype(*inst);
    for (llvm::Instruction *inst : work)
      fix(*inst);
    for (llvm::Instruction *dead : erased)
      dead->eraseFromParent();
    return "";
  }

private:
  /// Odd widths the rewrite does not take: above 64 bits, in vectors, in
  /// memory, across calls.
  bool hasUnsupportedOdd(llvm::Instruction &inst) {
    auto wide = [](llvm::Type *t) {
      llvm::Type *e = t->getScalarType();
      return e->isIntegerTy() &&
             (e->getIntegerBitWidth() > 64 || (t->isVectorTy() && isOdd(e)));
    };
    if (wide(inst.getType()) || llvm::any_of(inst.operands(), [&](const llvm::Use &u) {
          return wide(u->getType());
        }))
      return true;
    return llvm::isa<llvm::LoadInst, llvm::StoreInst, llvm::CallBase, llvm::AllocaInst,
                     llvm::AtomicRMWInst, llvm::AtomicCmpXchgInst>(inst);
  }

  void retype(llvm::Instruction &inst) {
    // Constants first, while their width is still visible.
    for (llvm::Use &u : inst.operands())
      if (auto *c = llvm::dyn_cast<llvm::ConstantInt>(u.get());
          c && isOdd(c->getType())) {
        unsigned w = c->getType()->getIntegerBitWidth();
        u.set(llvm::ConstantInt::get(c->getContext(),
                                     c->getValue().zext(promotedWidth(w))));
      } else if (llvm::isa<llvm::UndefValue>(u.get()) && isOdd(u->getType())) {
        u.set(llvm::UndefValue::get(llvm::IntegerType::get(
            u->getContext(), promotedWidth(u->getType()->getIntegerBitWidth()))));
      }
    if (isOdd(inst.getType()))
      inst.mutateType(llvm::IntegerType::get(
          inst.getContext(), promotedWidth(inst.getType()->getIntegerBitWidth())));
  }

  /// The width operand `i` of `inst` had before retyping.
  unsigned widthOf(llvm::Instruction &inst, unsigned i) {
    return operandWidths[&inst][i];
  }

  llvm::Value *mask(llvm::IRBuilder<> &b, llvm::Value *v, unsigned w) {
    unsigned W = v->getType()->getIntegerBitWidth();
    if (w >= W)
      return v;
    return b.CreateAnd(
        v, llvm::ConstantInt::get(v->getType(), llvm::APInt::getLowBitsSet(W, w)));
  }

  /// The value of `v` (w bits, zero-extended in its type) sign-extended
  /// from bit w-1 in its type.
  llvm::Value *signExtend(llvm::IRBuilder<> &b, llvm::Value *v, unsigned w) {
    unsigned W = v->getType()->getIntegerBitWidth();
    if (w >= W)
      return v;
    return b.CreateAShr(b.CreateShl(v, W - w), W - w);
  }

  /// `v` (of width `from` bits in its type) as an integer of type `to`,
  /// by truncation, zero extension or nothing.
  llvm::Value *resize(llvm::IRBuilder<> &b, llvm::Value *v, llvm::Type *to,
                      bool isSigned) {
    unsigned W = v->getType()->getIntegerBitWidth(), M = to->getIntegerBitWidth();
    if (W == M)
      return v;
    if (W > M)
      return b.CreateTrunc(v, to);
    return isSigned ? b.CreateSExt(v, to) : b.CreateZExt(v, to);
  }

  void replace(llvm::Instruction &inst, llvm::Value *with) {
    if (with == &inst)
      return;
    inst.replaceAllUsesWith(with);
    erased.push_back(&inst);
  }

  void fix(llvm::Instruction &inst) {
    llvm::IRBuilder<> b(&inst);
    if (llvm::isa<llvm::PHINode>(inst))
      return; // moves a canonical value
    unsigned resultWidth = width.count(&inst) ? width[&inst] : 0;
    if (auto *cast = llvm::dyn_cast<llvm::CastInst>(&inst)) {
      llvm::Value *src = cast->getOperand(0);
      unsigned w = widthOf(inst, 0);
      llvm::Value *value = src;
      bool isSigned = llvm::isa<llvm::SExtInst>(cast);
      if (isSigned)
        value = signExtend(b, value, w);
      llvm::Value *r = resize(b, value, inst.getType(), isSigned);
      // The result holds its own (odd) width zero-extended.
      if (resultWidth != 0)
        r = mask(b, r, resultWidth);
      if (r == value && value == src) {
        replace(inst, src);
        return;
      }
      replace(inst, r);
      return;
    }
    if (auto *op = llvm::dyn_cast<llvm::BinaryOperator>(&inst)) {
      unsigned w = resultWidth;
      llvm::Value *x = op->getOperand(0), *y = op->getOperand(1);
      switch (op->getOpcode()) {
      case llvm::Instruction::And:
      case llvm::Instruction::Or:
      case llvm::Instruction::Xor:
      case llvm::Instruction::LShr:
      case llvm::Instruction::UDiv:
      case llvm::Instruction::URem:
        op->dropPoisonGeneratingFlags();
        return; // canonical in, canonical out
      case llvm::Instruction::Add:
      case llvm::Instruction::Sub:
      case llvm::Instruction::Mul:
      case llvm::Instruction::Shl: {
        op->dropPoisonGeneratingFlags();
        b.SetInsertPoint(op->getNextNode());
        llvm::Value *masked = mask(b, op, w);
        op->replaceUsesWithIf(masked,
                              [&](llvm::Use &u) { return u.getUser() != masked; });
        return;
      }
      case llvm::Instruction::AShr:
      case llvm::Instruction::SDiv:
      case llvm::Instruction::SRem: {
        llvm::Value *r = b.CreateBinOp(
            op->getOpcode(), signExtend(b, x, w),
            op->getOpcode() == llvm::Instruction::AShr ? y : signExtend(b, y, w));
        replace(inst, mask(b, r, w));
        return;
      }
      default:
        return;
      }
    }
    if (auto *cmp = llvm::dyn_cast<llvm::ICmpInst>(&inst)) {
      if (!cmp->isSigned())
        return;
      unsigned w = widthOf(inst, 0);
      replace(inst,
              b.CreateICmp(cmp->getPredicate(), signExtend(b, cmp->getOperand(0), w),
                           signExtend(b, cmp->getOperand(1), w)));
      return;
    }
    // select, freeze, extract/insert of scalars: move canonical values.
  }

  llvm::Function &f;
  llvm::DenseMap<llvm::Value *, unsigned> width;
  llvm::DenseMap<llvm::Instruction *, llvm::SmallVector<unsigned, 3>> operandWidths;
  std::vector<llvm::Instruction *> erased;
};

} // namespace

std::string promoteOddIntegers(llvm::Module &module) {
  for (llvm::Function &f : module) {
    for (llvm::Argument &a : f.args())
      if (isOdd(a.getType()))
        return "the parameter '" + a.getName().str() + "' of '" + f.getName().str() +
               "'";
    if (f.isDeclaration())
      continue;
    std::string problem = Promoter(f).run();
    if (!problem.empty())
      return problem;
  }
  return "";
}

} // namespace tessel::intel
