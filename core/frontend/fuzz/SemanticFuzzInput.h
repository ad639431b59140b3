#ifndef TESSEL_CORE_FRONTEND_FUZZ_SEMANTICFUZZINPUT_H
#define TESSEL_CORE_FRONTEND_FUZZ_SEMANTICFUZZINPUT_H

#include <cstddef>
#include <cstdint>

namespace tessel::frontend::fuzz {

/// Runs one input through the whole frontend: parse, then lower the first
/// kernel of the file with a specialization made up from its parameters
/// (pointers for names that look like pointers, i32 otherwise, 16 for
/// constexprs without a default). Traps if the frontend crashes its own
/// invariants: IR returned together with errors, or an error that calls
/// itself internal.
void runSemanticInput(const uint8_t *data, size_t size);

} // namespace tessel::frontend::fuzz

#endif // TESSEL_CORE_FRONTEND_FUZZ_SEMANTICFUZZINPUT_H
