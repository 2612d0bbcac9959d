// WordNet lemmas, canonical relation signatures and time words in
// isolation.
#include "atoms/internal/wordforms.h"

#include <catch2/catch.hpp>

#include "atoms/atoms.h"
#include "atoms/internal/canonical.h"
#include "atoms/internal/time_words.h"

namespace factline::internal {
namespace {

TEST_CASE("WordForms: morphy over WordNet's files", "[atoms][wordforms]") {
  const WordForms& wf = WordForms::Get();
  REQUIRE(wf.loaded());  // scripts/deps.sh installs wordnet-base
  CHECK(wf.Lemma("holds", Pos::kVerb) == "hold");
  CHECK(wf.Lemma("born", Pos::kVerb) == "bear");  // verb.exc
  CHECK(wf.Lemma("children", Pos::kNoun) == "child");
  CHECK(wf.Lemma("working", Pos::kVerb) == "work");
  CHECK(wf.Lemma("planned", Pos::kVerb) == "plan");
  CHECK(wf.Lemma("qwxzy", Pos::kNoun).empty());
  CHECK(wf.FirstSynset("e-mail", Pos::kNoun) ==
        wf.FirstSynset("email", Pos::kNoun));
  CHECK(wf.Pertainym("italian") == "Italy");
  CHECK(wf.Pertainym("french") == "France");
  CHECK(wf.Pertainym("green").empty());
}

TEST_CASE("Canonicalizer: signatures and mappings", "[atoms][canonical]") {
  using C = Canonicalizer;
  CHECK(C::Signature("is working at", PhraseKind::kVerb) == "work at");
  CHECK(C::Signature("worked at", PhraseKind::kVerb) == "work at");
  CHECK(C::Signature("e-mail", PhraseKind::kNoun) == "email");
  CHECK(C::Signature("favourite colour", PhraseKind::kNoun) ==
        C::Signature("favorite color", PhraseKind::kNoun));
  CHECK(C::Signature("email address", PhraseKind::kNoun) == "email");
  CHECK(C::Signature("phone numbers", PhraseKind::kNoun) == "phone");
  // An adjective before a light head keeps it ("first name").
  CHECK(C::Signature("first name", PhraseKind::kNoun) == "first name");

  const Canonicalizer canon(Lexicon::Builtin());
  Mapping m = canon.Map("citizenship", PhraseKind::kNoun, false);
  CHECK(m.key == "P27");
  CHECK(m.mapping == "lexicon");
  m = canon.Map("is a citizen of", PhraseKind::kVerb, false);
  CHECK(m.key == "P27");
  m = canon.Map("was born in", PhraseKind::kVerb, false);
  CHECK(m.key == "P19");
  m = canon.Map("represents", PhraseKind::kVerb, false);
  CHECK(m.key == "P264");
  CHECK(m.inverse);
  m = canon.Map("favourite colour", PhraseKind::kNoun, false);
  CHECK(m.mapping == "phrase");
  CHECK(m.key == "favorite color");
  m = canon.Map("Prime Minister", PhraseKind::kNoun, true);
  CHECK(m.key == "prime minister");
  CHECK(m.mapping == "phrase");
}

TEST_CASE("TimeWords: bounds and removal", "[atoms][time_words]") {
  const Timestamp tx = *ParseTimestamp("2026-06-15");
  TimeWords t = ReadTimeWords("I moved to Lisbon last month", tx);
  CHECK(t.text == "I moved to Lisbon");
  CHECK(t.valid_from == *ParseTimestamp("2026-05-15"));
  t = ReadTimeWords("Alice has worked at Acme since March 2019", tx);
  CHECK(t.text == "Alice has worked at Acme");
  CHECK(t.valid_from == *ParseTimestamp("2019-03-01"));
  t = ReadTimeWords("Bob lived in Rome until 2020", tx);
  CHECK(t.valid_to == *ParseTimestamp("2020-01-01"));
  t = ReadTimeWords("I started there 3 days ago", tx);
  CHECK(t.valid_from == tx - 3LL * 86400 * 1000000);
  t = ReadTimeWords("Alice no longer works at Acme", tx);
  CHECK(t.ends);
  CHECK(t.text == "Alice works at Acme");
  t = ReadTimeWords("Bob isn't in the band anymore", tx);
  CHECK(t.ends);
  CHECK(t.text == "Bob is in the band");
  t = ReadTimeWords("my manager is Priya now, not Dev", tx);
  CHECK(t.text == "my manager is Priya, not Dev");
  CHECK(t.valid_from == tx);
  // Capitalised words are names, not time words.
  t = ReadTimeWords("My favourite film is Apocalypse Now", tx);
  CHECK(t.found.empty());
  CHECK(CivilMicros(1970, 1, 2) == 86400LL * 1000000);
}

}  // namespace
}  // namespace factline::internal
