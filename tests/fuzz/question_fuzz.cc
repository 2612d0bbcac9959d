// Fuzzes the question reader (Parser::ParseQuestion). Properties: no
// crash, no sanitizer report; a parsed question names a subject and a
// relation.
#include <string_view>

#include "atoms/atoms.h"
#include "tests/fuzz/fuzz_target.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data,
                                      std::size_t size) {
  static const factline::Parser* parser = new factline::Parser(
      factline::Parser::Create(factline::Lexicon::Builtin()).value());
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto q = parser->ParseQuestion(text);
  if (q.ok()) {
    FUZZ_CHECK(!q->subject.empty());
    FUZZ_CHECK(!q->relation.empty());
  }
  return 0;
}
