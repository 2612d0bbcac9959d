// The lexicon JSON compiled into the library (generated from
// datasets/lexicon/relations.json by atoms/CMakeLists.txt).
#ifndef FACTLINE_ATOMS_INTERNAL_BUILTIN_LEXICON_H_
#define FACTLINE_ATOMS_INTERNAL_BUILTIN_LEXICON_H_

#include <string_view>

namespace factline::internal {
extern const std::string_view kBuiltinLexiconJson;
}  // namespace factline::internal

#endif  // FACTLINE_ATOMS_INTERNAL_BUILTIN_LEXICON_H_
