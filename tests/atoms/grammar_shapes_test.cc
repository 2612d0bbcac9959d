// Clause shapes of the grammar (atoms/internal/grammar.h), read directly so
// that the expected (subject, relation phrase, value) does not depend on how
// the canonicaliser later maps the phrase (issue 8).
#include <catch2/catch.hpp>

#include "atoms/internal/grammar.h"

namespace factline::internal {
namespace {

// The parser hands the grammar a sentence without its final period.
Clause Read(std::string_view s) {
  if (!s.empty() && s.back() == '.') s.remove_suffix(1);
  ParseContext ctx;
  auto r = ReadSentence(s, ctx);
  INFO(s << " -> " << r.status().ToString());
  REQUIRE(r.ok());
  return r.value();
}

#define CHECK_CLAUSE(c, s, r, v) \
  do {                           \
    Clause c_ = (c);             \
    INFO(c_.shape);              \
    CHECK(c_.subject == (s));    \
    CHECK(c_.relation == (r));   \
    CHECK(c_.value == (v));      \
  } while (0)

TEST_CASE("Grammar: value-first clefts and relative clauses",
          "[atoms][grammar]") {
  CHECK_CLAUSE(Read("Lisbon is where Ada Byron studied."), "Ada Byron",
               "studied in", "Lisbon");
  CHECK_CLAUSE(Read("Harvard is where Tom Smith got his degree."), "Tom Smith",
               "got degree in", "Harvard");
  // The type noun follows the clause's verb phrase as extra evidence.
  CHECK_CLAUSE(Read("Europe is the continent that Malta belongs to."), "Malta",
               "belongs to continent", "Europe");
  CHECK_CLAUSE(Read("Peru is the country where Cusco is located."), "Cusco",
               "located in country", "Peru");
  // A contact clause without "that": the type noun may hold "of".
  CHECK_CLAUSE(Read("Jazz is the style of music Miles Davis played."),
               "Miles Davis", "played style of music", "Jazz");
  CHECK_CLAUSE(Read("Tennis is the sport Ana Lopez competes in."), "Ana Lopez",
               "competes in sport", "Tennis");
  // A relative pronoun that is the clause's subject: the value-first noun
  // does what the clause says.
  CHECK_CLAUSE(Read("Bavaria is the state that contains Munich."), "Bavaria",
               "contains", "Munich");
  CHECK_CLAUSE(Read("Sega is the company that manufactured the Dreamcast."),
               "Sega", "manufactured", "Dreamcast");
}

TEST_CASE("Grammar: has-phrases whose object names the relation",
          "[atoms][grammar]") {
  CHECK_CLAUSE(Read("Honda has its head office in Tokyo."), "Honda",
               "head office", "Tokyo");
  CHECK_CLAUSE(Read("Ana Lopez has a job at Globex."), "Ana Lopez", "job",
               "Globex");
  CHECK_CLAUSE(Read("Acme has its headquarters located in Lyon."), "Acme",
               "headquarters", "Lyon");
  CHECK_CLAUSE(Read("Ana Lopez has Chilean citizenship."), "Ana Lopez",
               "citizenship", "Chile");
}

TEST_CASE("Grammar: type nouns before a value name", "[atoms][grammar]") {
  CHECK_CLAUSE(Read("Chad is located on the continent of Africa."), "Chad",
               "located on continent", "Africa");
  CHECK_CLAUSE(Read("Skopje lies in the country of North Macedonia."), "Skopje",
               "lies in country", "North Macedonia");
  CHECK_CLAUSE(Read("Laos is governed from its capital Vientiane."), "Laos",
               "governed from capital", "Vientiane");
}

TEST_CASE("Grammar: predicate nominals with a preposition",
          "[atoms][grammar]") {
  CHECK_CLAUSE(Read("Bran Castle is a castle in Romania."), "Bran Castle",
               "castle in", "Romania");
  CHECK_CLAUSE(Read("Emma is a novel by Jane Austen."), "Emma", "novel by",
               "Jane Austen");
  CHECK_CLAUSE(Read("Queen is the band behind Bohemian Rhapsody."), "Queen",
               "band behind", "Bohemian Rhapsody");
  // A passive with a phrase before "by": the agent is the value.
  CHECK_CLAUSE(Read("Acme is led on weekdays by manager Tom Lee."), "Acme",
               "led by manager", "Tom Lee");
  // Without a preposition it stays a kind statement with the whole phrase.
  CHECK_CLAUSE(Read("Roger Federer is a tennis player."), "Roger Federer",
               "is a", "tennis player");
}

TEST_CASE("Grammar: 'S is a R of V' keeps S as the subject",
          "[atoms][grammar]") {
  CHECK_CLAUSE(Read("Ana Lopez is a member of the Chess Club."), "Ana Lopez",
               "member of", "Chess Club");
  // With "the" the noun phrase names V's relation, as before.
  CHECK_CLAUSE(Read("Ana Lopez is the mother of Tom Lopez."), "Tom Lopez",
               "mother", "Ana Lopez");
}

TEST_CASE("Grammar: fronted owners, locative values, 'do' as main verb",
          "[atoms][grammar]") {
  CHECK_CLAUSE(Read("In Peru the official currency is the sol."), "Peru",
               "official currency", "sol");
  CHECK_CLAUSE(Read("Chile's membership is in the Pacific Alliance."), "Chile",
               "membership", "Pacific Alliance");
  CHECK_CLAUSE(Read("Ana Lopez does karate."), "Ana Lopez", "does", "karate");
  CHECK_CLAUSE(Read("Acme is led by chief executive Ana Lopez."), "Acme",
               "led by chief executive", "Ana Lopez");
}

TEST_CASE("Grammar: 'as my R', 'among his R', 'would rather'",
          "[atoms][grammar]") {
  CHECK_CLAUSE(Read("I use fish as my shell."), "user", "shell", "fish");
  CHECK_CLAUSE(Read("Ana Lopez has Dune among her favourite books."),
               "Ana Lopez", "favourite books", "Dune");
  CHECK_CLAUSE(Read("Ana Lopez would rather use Emacs."), "Ana Lopez", "prefer",
               "Emacs");
  // Other modals still state no fact.
  CHECK_FALSE(ReadSentence("Ana Lopez might use Emacs", ParseContext{}).ok());
}

TEST_CASE("Grammar: negation, openers, capitalised modals",
          "[atoms][grammar]") {
  // The negation stays in the relation phrase: never read as "like".
  CHECK_CLAUSE(Read("I don't like green tea."), "user", "not like",
               "green tea");
  CHECK_CLAUSE(Read("Ana Lopez does not eat fish."), "Ana Lopez", "not eat",
               "fish");
  CHECK_CLAUSE(Read("Now my manager is Tom."), "user", "manager", "Tom");
  CHECK_CLAUSE(Read("These days I usually drink tea."), "user", "drink", "tea");
  // "May" after the copula is a month, not a modal.
  CHECK_CLAUSE(Read("My anniversary is May 9."), "user", "anniversary",
               "May 9");
}

TEST_CASE("Grammar: a verb right after a subject pronoun", "[atoms][grammar]") {
  CHECK_CLAUSE(Read("I like rock climbing."), "user", "like", "rock climbing");
}

TEST_CASE("Grammar: verb idioms whose object belongs to the verb",
          "[atoms][grammar]") {
  CHECK_CLAUSE(Read("The summit took place in Oslo."), "summit",
               "took place in", "Oslo");
  CHECK_CLAUSE(Read("Victor Hugo breathed his last in Paris."), "Victor Hugo",
               "breathed last in", "Paris");
  CHECK_CLAUSE(Read("Ana Lopez makes her living as a painter."), "Ana Lopez",
               "makes living as", "painter");
  CHECK_CLAUSE(Read("Ana Lopez was by profession a surgeon."), "Ana Lopez",
               "by profession", "surgeon");
  // A plain verb with a preposition is unchanged.
  CHECK_CLAUSE(Read("Ana Lopez moved to Quito."), "Ana Lopez", "moved to",
               "Quito");
}

TEST_CASE("Grammar: names that contain 'of' or a possessive",
          "[atoms][grammar]") {
  CHECK_CLAUSE(Read("The Book of Durrow is kept at Trinity College."),
               "The Book of Durrow", "kept at", "Trinity College");
  CHECK_CLAUSE(Read("Ada Byron was educated at St John's College, Oxford."),
               "Ada Byron", "educated at", "St John's College, Oxford");
  // A lower-case relation before "of" is still "the R of S".
  CHECK_CLAUSE(Read("The capital of Peru is Lima."), "Peru", "capital", "Lima");
}

}  // namespace
}  // namespace factline::internal
