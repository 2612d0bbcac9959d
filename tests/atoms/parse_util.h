// Parsing helpers shared by the atoms tests: one parser over the built-in
// lexicon, a sentence that must parse (or must not), and an atom check.
#ifndef FACTLINE_TESTS_ATOMS_PARSE_UTIL_H_
#define FACTLINE_TESTS_ATOMS_PARSE_UTIL_H_

#include <catch2/catch.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "atoms/atoms.h"

namespace factline::testing {

// Built once: the lexicon's templates and WordNet tables are costly.
inline const Parser& TheParser() {
  static Parser* parser =
      new Parser(Parser::Create(Lexicon::Builtin()).value());
  return *parser;
}

// The main statement of `s`; the test stops when there is none.
inline ParsedFact Parse(std::string_view s, ParseContext* ctx = nullptr) {
  ParseContext local;
  auto r = TheParser().ParseSentence(s, ctx ? ctx : &local);
  INFO(s << " -> " << r.status().ToString());
  REQUIRE(r.ok());
  return r.value();
}

// The reason `s` yields no statement; the test stops when it yields one.
inline std::string Unparsed(std::string_view s, ParseContext* ctx = nullptr) {
  ParseContext local;
  auto r = TheParser().ParseSentence(s, ctx ? ctx : &local);
  INFO(s);
  REQUIRE_FALSE(r.ok());
  CHECK(r.status().IsNotFound());
  return r.status().message();
}

// Every statement `s` yields: the main clause's, then its side statements.
inline std::vector<ParsedFact> Statements(std::string_view s) {
  ParseContext ctx;
  auto r = TheParser().ParseStatements(s, &ctx);
  INFO(s << " -> " << r.status().ToString());
  REQUIRE(r.ok());
  return r.value();
}

// Whether `facts` holds the atom (subject, relation, value).
inline bool Holds(const std::vector<ParsedFact>& facts,
                  std::string_view subject, std::string_view relation,
                  std::string_view value) {
  for (const ParsedFact& f : facts) {
    if (f.subject == subject && f.relation == relation && f.value == value) {
      return true;
    }
  }
  return false;
}

}  // namespace factline::testing

// (subject, relation, value) of a ParsedFact, which is evaluated once.
#define CHECK_ATOM(f, s, r, v) \
  do {                         \
    const ParsedFact f_ = (f); \
    CHECK(f_.subject == (s));  \
    CHECK(f_.relation == (r)); \
    CHECK(f_.value == (v));    \
  } while (0)

#endif  // FACTLINE_TESTS_ATOMS_PARSE_UTIL_H_
