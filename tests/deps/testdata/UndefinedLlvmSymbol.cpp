// A shared object that calls into LLVM without linking it: an undefined
// llvm:: symbol, and no LLVM library among its NEEDED entries, so that only
// the symbol check of check_no_llvm.sh can see the dependency.
namespace llvm {
void llvm_shutdown();
}  // namespace llvm

extern "C" __attribute__((visibility("default"))) void tessel_test_calls_llvm() {
  llvm::llvm_shutdown();
}
