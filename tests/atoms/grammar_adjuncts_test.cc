// Clause analysis that leaves no junk in subject, relation phrase or value
// (issue 8): verb groups leaking into a template's subject, time and
// purpose adjuncts after the value, sentence adverbs, verbs that read like
// the copula, clefts and relatives, and possessive titles. Sentences are
// written for these tests; each checks a general shape, not one phrasing.
#include <catch2/catch.hpp>

#include "atoms/atoms.h"
#include "atoms/internal/grammar.h"
#include "atoms/internal/time_words.h"
#include "tests/atoms/parse_util.h"

namespace factline {
namespace {

using testing::Parse;
using testing::TheParser;

internal::Clause Read(std::string_view s) {
  if (!s.empty() && s.back() == '.') s.remove_suffix(1);
  ParseContext ctx;
  auto r = internal::ReadSentence(s, ctx);
  INFO(s << " -> " << r.status().ToString());
  REQUIRE(r.ok());
  return r.value();
}

#define CHECK_CLAUSE(c, s, r, v) \
  do {                           \
    internal::Clause c_ = (c);   \
    INFO(c_.shape);              \
    CHECK(c_.subject == (s));    \
    CHECK(c_.relation == (r));   \
    CHECK(c_.value == (v));      \
  } while (0)

// The same fact with and without the extra words: same subject, relation
// and value.
void CheckSameFact(std::string_view noisy, std::string_view plain) {
  ParsedFact a = Parse(noisy);
  ParsedFact b = Parse(plain);
  INFO(noisy << " | " << a.pattern << " vs " << b.pattern);
  CHECK(a.subject == b.subject);
  CHECK(a.relation == b.relation);
  CHECK(a.value == b.value);
}

TEST_CASE("Grammar adjuncts: a verb group never joins a template's subject",
          "[atoms][grammar]") {
  CheckSameFact("Ingrid has moved to Tromso.", "Ingrid moved to Tromso.");
  CheckSameFact("I've moved to Porto.", "I moved to Porto.");
  CheckSameFact("Hiroshi just joined Fujitsu.", "Hiroshi joined Fujitsu.");
  CheckSameFact("Camille actually attended the Sorbonne.",
                "Camille attended the Sorbonne.");
  CheckSameFact("The user has relocated to Quito.",
                "The user relocated to Quito.");
  CHECK(Parse("I've moved to Porto.").subject == "user");
  // A negation is no part of the subject and never reads as the positive.
  ParsedFact never = Parse("Tomas has never worked at Initech.");
  CHECK(never.subject == "Tomas");
  CHECK(never.phrase.rfind("not ", 0) == 0);
}

TEST_CASE("Grammar adjuncts: dates and durations after the value",
          "[atoms][grammar]") {
  CheckSameFact("Golda Meir was born in Kyiv in 1898.",
                "Golda Meir was born in Kyiv.");
  CheckSameFact("Estonia joined NATO in 2004.", "Estonia joined NATO.");
  CheckSameFact("Golda Meir was born in 1898 in Kyiv.",
                "Golda Meir was born in Kyiv.");
  CheckSameFact("In 2004, Estonia joined NATO.", "Estonia joined NATO.");
  CheckSameFact("I have been living in Lima for two years.",
                "I have been living in Lima.");
  CheckSameFact("The orchestra was conducted by Simon Rattle for 16 years.",
                "The orchestra was conducted by Simon Rattle.");
  CheckSameFact("The band was managed by Ed Ross for decades.",
                "The band was managed by Ed Ross.");
  // An event date bounds nothing (it would place a later statement before
  // what the store already holds).
  CHECK(Parse("Estonia joined NATO in 2004.").valid_from == kNoTime);
  // A stated interval bounds the fact.
  ParsedFact ranged =
      Parse("The museum's curator from 2010 to 2018 was Lena Ortiz.");
  CHECK(ranged.subject == "museum");
  CHECK(ranged.value == "Lena Ortiz");
  CHECK(ranged.valid_from == internal::CivilMicros(2010, 1, 1));
  CHECK(ranged.valid_to == internal::CivilMicros(2018, 1, 1));
  // A date that is the value, or part of a name, stays.
  CHECK(Parse("Windows 98 was released in 1998.").value == "1998");
  CHECK(Parse("I was born on 4 March 1990.").value == "4 March 1990");
  CHECK(Parse("Apollo 11 landed in 1969.").subject == "Apollo 11");
}

TEST_CASE("Grammar adjuncts: sentence adverbs and replaced values",
          "[atoms][grammar]") {
  CheckSameFact("Dracula's author is actually Bram Stoker.",
                "Dracula's author is Bram Stoker.");
  CheckSameFact("Today Tallinn lies in Estonia.", "Tallinn lies in Estonia.");
  CheckSameFact("These days Omar lives in Doha.", "Omar lives in Doha.");
  CheckSameFact("My favourite dish these days is ramen.",
                "My favourite dish is ramen.");
  CheckSameFact("Constantinople was later renamed Istanbul.",
                "Constantinople was renamed Istanbul.");
  internal::TimeWords tw = internal::ReadTimeWords(
      "I drink tea instead of coffee", internal::CivilMicros(2026, 1, 1));
  CHECK(tw.text == "I drink tea");
  CHECK(tw.replaced == "coffee");
  tw = internal::ReadTimeWords("We are going to Madeira instead",
                               internal::CivilMicros(2026, 1, 1));
  CHECK(tw.text == "We are going to Madeira");
  CHECK(tw.replaced.empty());
  tw = internal::ReadTimeWords("My manager is Priya, not Dev",
                               internal::CivilMicros(2026, 1, 1));
  CHECK(tw.text == "My manager is Priya");
  CHECK(tw.replaced == "Dev");
  // Words that look like adjuncts inside a name or a value stay.
  tw = internal::ReadTimeWords("Yves is originally from Lyon",
                               internal::CivilMicros(2026, 1, 1));
  CHECK(tw.text == "Yves is originally from Lyon");
}

TEST_CASE("Grammar adjuncts: verbs that read like the copula",
          "[atoms][grammar]") {
  CHECK_CLAUSE(Read("Indra Nooyi became the chief executive of PepsiCo."),
               "PepsiCo", "chief executive", "Indra Nooyi");
  CHECK_CLAUSE(Read("Rosa became the team lead."), "Rosa", "is a", "team lead");
  CHECK_CLAUSE(Read("Luis got promoted to staff engineer."), "Luis", "is a",
               "staff engineer");
  CHECK_CLAUSE(Read("Olaf acts as the treasurer of the club."), "club",
               "treasurer", "Olaf");
  CHECK_CLAUSE(Read("Mark Rutte was appointed secretary general of NATO."),
               "Mark Rutte", "secretary general of", "NATO");
}

TEST_CASE("Grammar adjuncts: clefts, relatives and naming phrases",
          "[atoms][grammar]") {
  CHECK_CLAUSE(Read("Fado is what Mariza sings."), "Mariza", "sings", "Fado");
  CHECK_CLAUSE(Read("HBO is the network that first aired The Wire."), "HBO",
               "aired", "The Wire");
  CHECK_CLAUSE(Read("Anna had a son named Felix."), "Anna", "son", "Felix");
  CHECK_CLAUSE(Read("Kim has a dog called Rex."), "Kim", "dog", "Rex");
  CHECK_CLAUSE(Read("Tom has a new dentist, Dr. Alvarez."), "Tom",
               "new dentist", "Dr. Alvarez");
  CHECK_CLAUSE(Read("Lyon and Turin are twin cities."), "Lyon", "twin city",
               "Turin");
  CHECK_CLAUSE(Read("Bosch's headquarters are in Gerlingen."), "Bosch",
               "headquarters", "Gerlingen");
  CHECK_CLAUSE(Read("My daughter's name is Mia."), "user", "daughter", "Mia");
  CHECK_CLAUSE(Read("The name of my cat is Tom."), "user", "cat", "Tom");
  CHECK_CLAUSE(Read("Darwin's wife's name was Emma."), "Darwin", "wife",
               "Emma");
  CHECK_CLAUSE(Read("ASEAN counts Laos as a member."), "Laos", "member of",
               "ASEAN");
  CHECK_CLAUSE(Read("The league counts Ajax among its founders."), "Ajax",
               "founder of", "league");
  CHECK_CLAUSE(Read("The language spoken by Ingrid Bergman was Swedish."),
               "Ingrid Bergman", "spoken language", "Swedish");
  CHECK_CLAUSE(Read("Lisa Park runs Acme as chief executive."), "Acme",
               "chief executive", "Lisa Park");
}

TEST_CASE("Grammar adjuncts: offices, hosts and owners of passives",
          "[atoms][grammar]") {
  // An office named with a capital is the subject; its holder the value.
  CHECK_CLAUSE(
      Read("Ana Brnabic holds the office of Prime Minister of Serbia."),
      "Prime Minister of Serbia", "office holder", "Ana Brnabic");
  CHECK_CLAUSE(Read("The post of Mayor of Lyon is held by Gregory Doucet."),
               "Mayor of Lyon", "office holder", "Gregory Doucet");
  CHECK_CLAUSE(
      Read(
          "The current holder of the office of Mayor of Oslo is Anne Lindboe."),
      "Mayor of Oslo", "office holder", "Anne Lindboe");
  // A lower-case office is a role, not a named office.
  CHECK(Read("Zara holds the title of support lead.").relation !=
        "office holder");
  // "V is home to the R of S".
  CHECK_CLAUSE(Read("Leiden is home to the headquarters of Acme."), "Acme",
               "headquarters", "Leiden");
  // A passive after a relational noun phrase: the owner is the subject.
  CHECK_CLAUSE(Read("The board of Globex is chaired by Ines Ortiz."), "Globex",
               "board chaired by", "Ines Ortiz");
  CHECK_CLAUSE(Read("Initech's board is chaired by Raj Rao."), "Initech",
               "board chaired by", "Raj Rao");
  // A reason after the object is no part of the value.
  CHECK_CLAUSE(Read("Oscar avoids dairy because of an intolerance."), "Oscar",
               "avoids", "dairy");
  // A type noun may open with an adjective.
  CHECK_CLAUSE(Read("Norway is governed by prime minister Jonas Store."),
               "Norway", "governed by prime minister", "Jonas Store");
}

TEST_CASE("Grammar adjuncts: subjects keep names, lose type nouns",
          "[atoms][grammar]") {
  // A possessive whose "relation" is a capitalised word followed by a verb
  // phrase is one title.
  CHECK(Read("Schindler's List was filmed in Krakow.").subject ==
        "Schindler's List");
  CHECK(Read("Orwell's Animal Farm was published by Secker.").subject ==
        "Orwell's Animal Farm");
  CHECK_CLAUSE(Read("The billing service is written in Kotlin."),
               "billing service", "written in", "Kotlin");
  CHECK(Read("The television series Dark was produced in German.").subject ==
        "Dark");
  CHECK(Read("The API gateway runs Envoy.").subject == "API gateway");
  CHECK(Read("The Night Watch hangs in Amsterdam.").subject ==
        "The Night Watch");
}

TEST_CASE("Grammar adjuncts: coordinated verbs and trailing adjuncts",
          "[atoms][grammar]") {
  CHECK_CLAUSE(Read("Aisha left Initech and works at Hooli."), "Aisha",
               "works at", "Hooli");
  CHECK_CLAUSE(Read("Rumi wrote and spoke in Persian."), "Rumi", "spoke in",
               "Persian");
  CHECK_CLAUSE(Read("I use Fastly for my side projects."), "user", "use",
               "Fastly");
  CHECK_CLAUSE(Read("Mia likes green tea best."), "Mia", "prefer", "green tea");
  CHECK_CLAUSE(Read("Porto is twinned with Vigo as a sister city."), "Porto",
               "twinned with", "Vigo");
  // "likes cats and dogs": a noun after "and" is no verb phrase.
  CHECK_CLAUSE(Read("Mia likes cats and dogs."), "Mia", "likes",
               "cats and dogs");
}

TEST_CASE("Grammar adjuncts: a place of the subject's locates it by name",
          "[atoms][grammar]") {
  // "his home in X": the owner is in X; the place noun is no relation.
  ParsedFact f = Parse("The painter died at her home in Giverny.");
  CHECK(f.relation == "P20");
  CHECK(f.value == "Giverny");
  f = Parse("Jean Sibelius lived at his villa near Jarvenpaa.");
  CHECK(f.subject == "Jean Sibelius");
  CHECK(f.relation == "lives_in");
  CHECK(f.value == "Jarvenpaa");
  CheckSameFact("Ada Lind passed away at her house in Uppsala.",
                "Ada Lind passed away in Uppsala.");
}

TEST_CASE("Grammar adjuncts: a slot moved to a new value", "[atoms][grammar]") {
  CHECK_CLAUSE(Read("My allergy is to latex."), "user", "allergy", "latex");
  CHECK_CLAUSE(Read("Ana's phone number changed to 555-0100."), "Ana",
               "phone number", "555-0100");
  CHECK_CLAUSE(Read("The launch date of Apollo was pushed to May 3."), "Apollo",
               "launch date", "May 3");
  CHECK_CLAUSE(Read("I moved my photos to Dropbox as my backup service."),
               "user", "backup service", "Dropbox");
  CHECK_CLAUSE(Read("I switched banks to Monzo."), "user", "switched banks to",
               "Monzo");
  // A clause after a comma whose subject is the speaker stands alone.
  CHECK_CLAUSE(Read("I got promoted, I'm a staff engineer."), "user", "is a",
               "staff engineer");
  // A name cut at its comma is no clause of its own.
  CHECK(Read("Globex, Inc. is based in Paris.").subject == "Globex, Inc.");
  // A name before a head noun no relation has is a kind, not a value.
  ParseContext ctx;
  auto known = [](const std::string& noun) { return noun == "native"; };
  auto qa = internal::ReadSentence("Omar is a QA engineer", ctx, known);
  REQUIRE(qa.ok());
  CHECK(qa->relation == "is a");
  CHECK(qa->value == "QA engineer");
  auto native = internal::ReadSentence("Omar is a Lyon native", ctx, known);
  REQUIRE(native.ok());
  CHECK(native->relation == "native");
  CHECK(native->value == "Lyon");
}

}  // namespace
}  // namespace factline
