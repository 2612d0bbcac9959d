# Writes OUTPUT, a C++ file defining factline::internal::kBuiltinLexiconJson
# with the bytes of INPUT as a raw string literal.
file(READ ${INPUT} FACTLINE_JSON)
string(FIND "${FACTLINE_JSON}" ")factline_lexicon\"" FACTLINE_CLASH)
if(NOT FACTLINE_CLASH EQUAL -1)
  message(FATAL_ERROR "${INPUT} contains the raw-string delimiter")
endif()
file(WRITE ${OUTPUT}
  "// Generated from datasets/lexicon/relations.json. Do not edit.\n"
  "#include \"atoms/internal/builtin_lexicon.h\"\n"
  "namespace factline::internal {\n"
  "const std::string_view kBuiltinLexiconJson = R\"factline_lexicon(${FACTLINE_JSON})factline_lexicon\";\n"
  "}  // namespace factline::internal\n")
