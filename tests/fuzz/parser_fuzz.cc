// Fuzzes the sentence reader (Parser::ParseSentence, with and without a
// chunk context). Properties: no crash, no sanitizer report; a parsed fact
// never has an empty subject, relation or value (issue 10: one odd line
// must not yield an atom the write path rejects).
#include <string_view>

#include "atoms/atoms.h"
#include "tests/fuzz/fuzz_target.h"

namespace {

const factline::Parser& TheParser() {
  static const factline::Parser* parser = new factline::Parser(
      factline::Parser::Create(factline::Lexicon::Builtin()).value());
  return *parser;
}

void CheckFact(const factline::Result<factline::ParsedFact>& fact) {
  if (!fact.ok()) return;
  FUZZ_CHECK(!fact->subject.empty());
  FUZZ_CHECK(!fact->relation.empty());
  FUZZ_CHECK(!fact->value.empty());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data,
                                      std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const factline::Parser& parser = TheParser();
  CheckFact(parser.ParseSentence(text));
  factline::ParseContext ctx;
  ctx.tx_time = 1'700'000'000'000'000;
  ctx.subjects.push_back("Alice");
  CheckFact(parser.ParseSentence(text, &ctx));
  return 0;
}
