#include <catch2/catch.hpp>

#include "atoms/atoms.h"
#include "tests/atoms/parse_util.h"

namespace factline {
namespace {

using testing::Parse;
using testing::TheParser;

TEST_CASE("Parser: lexicon templates yield keyed atoms", "[atoms]") {
  ParsedFact f =
      Parse("goaltender is associated with the sport of ice hockey.");
  CHECK(f.subject == "goaltender");
  CHECK(f.relation == "P641");
  CHECK(f.value == "ice hockey");
  f = Parse("The capital of Papal States is Rome.");
  CHECK(f.relation == "P36");
  CHECK(f.subject == "Papal States");
  // MQuAKE's doubled period: the value keeps its own.
  f = Parse("The capital of United States of America is Washington, D.C..");
  CHECK(f.value == "Washington, D.C.");
  f = Parse(
      "The univeristy where Adam Putnam was educated is University of "
      "Florida.");
  CHECK(f.relation == "P69");
  CHECK(f.subject == "Adam Putnam");
}

TEST_CASE("Parser: capitalised words inside titles are not template text",
          "[atoms]") {
  ParsedFact f = Parse("The author of Tender Is the Night is Vladimir Lenin.");
  CHECK(f.subject == "Tender Is the Night");
  CHECK(f.relation == "P50");
  CHECK(f.value == "Vladimir Lenin");
  // A lower-case first letter still matches the template.
  CHECK(Parse("the capital of France is Paris.").relation == "P36");
}

TEST_CASE("Parser: the more specific template wins", "[atoms]") {
  CHECK(Parse("Beijing is located in the continent of Asia.").relation ==
        "P30");
  CHECK(Parse("Harvard is located in the country of USA.").relation == "P17");
  // P131 and P276 share a template; both key on P131.
  CHECK(Parse("Louvre is located in Paris.").relation == "P131");
}

TEST_CASE("Parser: generic shapes derive the relation from the phrase",
          "[atoms]") {
  ParsedFact f = Parse("The favourite colour of Alice is green.");
  CHECK(f.subject == "Alice");
  CHECK(f.relation == "favorite color");  // one spelling (WordNet synset)
  CHECK(f.value == "green");
  f = Parse("Bob's dentist is Dr. Moore.");
  CHECK(f.subject == "Bob");
  CHECK(f.relation == "dentist");
  CHECK(f.value == "Dr. Moore");
  f = Parse("Joseph works at KodeFoundry.");
  CHECK(f.subject == "Joseph");
  CHECK(f.value == "KodeFoundry");
  CHECK(f.relation == Lexicon::Builtin().CanonicalRelation("works at"));
  f = Parse("Sarah is the user's CTO.");
  CHECK(f.subject == "user");
  CHECK(f.relation == "cto");
  CHECK(f.value == "Sarah");
  f = Parse("Prefers dark mode in all apps.");
  CHECK(f.subject == "user");
  CHECK(f.value == "dark mode in all apps");
}

TEST_CASE("Parser: sentences with no atom are reported, bad input refused",
          "[atoms]") {
  auto none = TheParser().ParseSentence("Hello there.");
  REQUIRE_FALSE(none.ok());
  CHECK(none.status().IsNotFound());
  CHECK(TheParser().ParseSentence("   ").status().IsInvalidArgument());
  CHECK(TheParser().ParseSentence("a\xFF is b").status().IsInvalidArgument());
  std::string huge(kMaxFieldBytes + 1, 'a');
  CHECK(TheParser().ParseSentence(huge).status().IsInvalidArgument());
}

TEST_CASE("Parser: a negation left in the subject negates the statement",
          "[atoms]") {
  using testing::Unparsed;
  CHECK(Unparsed("Rosa Lind never played as a striker.").find("negated") !=
        std::string::npos);
  CHECK(Unparsed("Rosa Lind never works at Initech.").find("negated") !=
        std::string::npos);
  // Without the negation the same line is a fact; a title may hold the
  // capitalised word.
  CHECK(TheParser().ParseSentence("Rosa Lind played as a striker.").ok());
  auto title =
      TheParser().ParseSentence("Forever Never was performed by The Lindens.");
  REQUIRE(title.ok());
  CHECK(title->subject == "Forever Never");
}

TEST_CASE("Parser: questions map to (subject, relation)", "[atoms]") {
  auto q =
      TheParser().ParseQuestion("Which sport is goaltender associated with?");
  REQUIRE(q.ok());
  CHECK(q->subject == "goaltender");
  CHECK(q->relation == "P641");
  q = TheParser().ParseQuestion("What is the capital of Papal States?");
  REQUIRE(q.ok());
  CHECK(q->relation == "P36");
  q = TheParser().ParseQuestion("What is the favourite colour of Alice?");
  REQUIRE(q.ok());
  CHECK(q->subject == "Alice");
  CHECK(q->relation == "favorite color");
  q = TheParser().ParseQuestion("Who is Bob's dentist?");
  REQUIRE(q.ok());
  CHECK(q->subject == "Bob");
  CHECK(q->relation == "dentist");
}

}  // namespace
}  // namespace factline
