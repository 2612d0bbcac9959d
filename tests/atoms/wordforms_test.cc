// WordNet lemmas, canonical relation signatures and time words in
// isolation.
#include "atoms/internal/wordforms.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <vector>

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

TEST_CASE("WordForms: senses, synset lemmas and pointers",
          "[atoms][wordforms]") {
  const WordForms& wf = WordForms::Get();
  if (!wf.loaded()) {
    WARN("WordNet not installed; skipped");
    return;
  }
  // Every sense, most frequent first; the first is FirstSynset's.
  const std::vector<std::uint32_t> bank = wf.Senses("bank", Pos::kNoun);
  REQUIRE(bank.size() > 5);
  CHECK(bank.front() == wf.FirstSynset("bank", Pos::kNoun));
  CHECK(wf.Senses("qwxzy", Pos::kNoun).empty());
  // Proper-noun multiword lemmas are found by their spaced lower-case form.
  const std::vector<std::uint32_t> nz = wf.Senses("new zealand", Pos::kNoun);
  REQUIRE_FALSE(nz.empty());
  const std::vector<std::string> nz_lemmas =
      wf.SynsetLemmas(nz.front(), Pos::kNoun);
  CHECK(std::find(nz_lemmas.begin(), nz_lemmas.end(), "new zealand") !=
        nz_lemmas.end());
  // Multiword lemmas come back spaced.
  bool pass_away = false;
  for (std::uint32_t s : wf.Senses("die", Pos::kVerb)) {
    for (const std::string& l : wf.SynsetLemmas(s, Pos::kVerb)) {
      pass_away = pass_away || l == "pass away";
    }
  }
  CHECK(pass_away);
  // An offset that is not a synset start yields nothing.
  CHECK(wf.SynsetLemmas(nz.front() + 1, Pos::kNoun).empty());
  CHECK(wf.Pointers(nz.front() + 1, Pos::kNoun, "@").empty());

  // Hypernym: physicist -> scientist.
  const std::uint32_t physicist = wf.FirstSynset("physicist", Pos::kNoun);
  bool scientist = false;
  for (const auto& [pos, off] : wf.Pointers(physicist, Pos::kNoun, "@")) {
    CHECK(pos == Pos::kNoun);
    for (const std::string& l : wf.SynsetLemmas(off, pos)) {
      scientist = scientist || l == "scientist";
    }
  }
  CHECK(scientist);
  // Instance hypernym: New Zealand is an instance of country.
  bool country = false;
  for (std::uint32_t s : nz) {
    for (const auto& [pos, off] : wf.Pointers(s, Pos::kNoun, "@i")) {
      for (const std::string& l : wf.SynsetLemmas(off, pos)) {
        country = country || l == "country";
      }
    }
  }
  CHECK(country);
  // Derivationally related: buddhist (noun) -> buddhism.
  bool buddhism = false;
  for (const auto& [pos, off] :
       wf.Pointers(wf.FirstSynset("buddhist", Pos::kNoun), Pos::kNoun, "+")) {
    if (pos != Pos::kNoun) continue;
    for (const std::string& l : wf.SynsetLemmas(off, pos)) {
      buddhism = buddhism || l == "buddhism";
    }
  }
  CHECK(buddhism);
  // Pertainym pointers from an adjective to its noun.
  const auto pert =
      wf.Pointers(wf.FirstSynset("italian", Pos::kAdj), Pos::kAdj, "\\");
  REQUIRE_FALSE(pert.empty());
  CHECK(pert.front().first == Pos::kNoun);
  const std::vector<std::string> italy =
      wf.SynsetLemmas(pert.front().second, Pos::kNoun);
  CHECK(std::find(italy.begin(), italy.end(), "italy") != italy.end());
}

TEST_CASE("WordForms: a missing WordNet directory finds nothing",
          "[atoms][wordforms]") {
  const WordForms wf("/nonexistent-wordnet-dir");
  CHECK_FALSE(wf.loaded());
  CHECK(wf.Senses("bank", Pos::kNoun).empty());
  CHECK(wf.SynsetLemmas(1740, Pos::kNoun).empty());
  CHECK(wf.Pointers(1740, Pos::kNoun, "@").empty());
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
  CHECK(t.text == "my manager is Priya");
  CHECK(t.replaced == "Dev");
  CHECK(t.valid_from == tx);
  // Capitalised words are names, not time words.
  t = ReadTimeWords("My favourite film is Apocalypse Now", tx);
  CHECK(t.found.empty());
  CHECK(CivilMicros(1970, 1, 2) == 86400LL * 1000000);
}

}  // namespace
}  // namespace factline::internal
