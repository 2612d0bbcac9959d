// Fuzzes the lexicon loader (Lexicon::FromJson and merging over the
// built-in lexicon). Properties: no crash, no exception, no sanitizer
// report; a lexicon that loads compiles into a Parser that reads a
// sentence without crashing.
#include <string_view>

#include "atoms/atoms.h"
#include "tests/fuzz/fuzz_target.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data,
                                      std::size_t size) {
  const std::string_view json(reinterpret_cast<const char*>(data), size);
  auto lexicon = factline::Lexicon::FromJson(json);
  if (lexicon.ok()) {
    for (const auto& def : lexicon->relations()) {
      FUZZ_CHECK(lexicon->Find(def.id) != nullptr);
    }
    auto parser = factline::Parser::Create(*lexicon);
    if (parser.ok()) {
      (void)parser->ParseSentence("The capital of France is Paris.");
      (void)parser->ParseQuestion("Where was Ann born?");
    }
  }
  (void)factline::Lexicon::Builtin().MergeJson(json);
  return 0;
}
