// The clause grammar, relation canonicalisation, speaker/user and pronoun
// handling through Parser::ParseSentence (issue 8). Every sentence of the
// issue's "Why" list is here with the atom it must yield.
#include <catch2/catch.hpp>

#include "atoms/atoms.h"
#include "tests/atoms/parse_util.h"

namespace factline {
namespace {

using testing::Parse;
using testing::TheParser;
using testing::Unparsed;

TEST_CASE("Statements: the issue's sentences yield their atoms",
          "[atoms][statements]") {
  // Known relations in other words.
  CHECK_ATOM(Parse("Rubens Barrichello holds a citizenship of Italy."),
             "Rubens Barrichello", "P27", "Italy");
  CHECK_ATOM(Parse("Yves Mirande is originally from Lyon."), "Yves Mirande",
             "P19", "Lyon");
  // The catch-all "The [X] is __" no longer claims what the grammar reads.
  ParsedFact f = Parse("The user's favorite programming language is Go.");
  CHECK_ATOM(f, "user", "favorite programming language", "Go");
  CHECK(f.relation != "P1308");
  f = Parse("The project deadline is March 10.");
  CHECK_ATOM(f, "project", "deadline", "March 10");
  // One user entity, however it is named.
  CHECK(Parse("The user lives in Berlin.").subject == "user");
  CHECK_ATOM(Parse("User is allergic to peanuts."), "user", "allergic_to",
             "peanuts");
  CHECK(Parse("Prefers dark mode in all apps.").subject == "user");
  f = Parse("I moved to Lisbon last month.");
  CHECK_ATOM(f, "user", "lives_in", "Lisbon");
  CHECK(f.valid_from != kNoTime);
  // "email" and "email address" are one slot.
  CHECK(Parse("Maria's email is a@x.com.").relation ==
        Parse("Maria's email address is b@x.com.").relation);
  CHECK_ATOM(Parse("Maria's email address is b@x.com."), "Maria", "email",
             "b@x.com");
  CHECK_ATOM(Parse("My favorite programming language is Rust."), "user",
             "favorite programming language", "Rust");
  CHECK_ATOM(Parse("Our staging database runs PostgreSQL 15."),
             "staging database", "run", "PostgreSQL 15");
  // The chat chunk's two statements.
  CHECK_ATOM(Parse("I just switched teams, I'm now on the payments team."),
             "user", "team", "payments team");
  f = Parse("Also my manager is Priya now, not Dev.");
  CHECK(f.subject == "user");
  CHECK(f.value == "Priya");
  CHECK(f.relation == Lexicon::Builtin().FindByAlias("manager")->id);
}

TEST_CASE("Statements: clause shapes", "[atoms][statements]") {
  // Possessive and of-phrase copulas, both directions.
  CHECK_ATOM(Parse("Danielle Darrieux's native language is French."),
             "Danielle Darrieux", "P1412", "French");
  CHECK_ATOM(Parse("The mother tongue of Danielle Darrieux is French."),
             "Danielle Darrieux", "P1412", "French");
  CHECK_ATOM(Parse("Priya is my manager."), "user", "P1037", "Priya");
  CHECK_ATOM(
      Parse("Italy is the country of citizenship of Rubens Barrichello."),
      "Rubens Barrichello", "P27", "Italy");
  // Passive and active of one relation meet.
  CHECK_ATOM(Parse("Sony Music represents Taylor Swift."), "Taylor Swift",
             "P264", "Sony Music");
  CHECK_ATOM(Parse("Steve Jobs founded Apple."), "Apple", "P112", "Steve Jobs");
  CHECK_ATOM(Parse("Toyota makes the Corolla."), "Corolla", "P176", "Toyota");
  CHECK_ATOM(Parse("Corolla was built by Toyota."), "Corolla", "P176",
             "Toyota");
  // Adjectival forms.
  CHECK_ATOM(Parse("Yves Mirande is a Lyon-born person."), "Yves Mirande",
             "P19", "Lyon");
  CHECK_ATOM(Parse("Le Monde is a French-language work."), "Le Monde", "P407",
             "French");
  CHECK_ATOM(Parse("Rubens Barrichello is an Italian citizen."),
             "Rubens Barrichello", "P27", "Italy");
  // Has-phrases.
  CHECK_ATOM(Parse("Alice has Bob as her dentist."), "Alice", "dentist", "Bob");
  // Tense and auxiliaries do not change the key.
  const std::string works = Parse("Joseph works at KodeFoundry.").relation;
  CHECK(Parse("Joseph is working at KodeFoundry.").relation == works);
  CHECK(Parse("Joseph worked for KodeFoundry.").relation == works);
  CHECK(Parse("Joseph has been working at KodeFoundry.").relation == works);
  // A title stays a phrase (MQuAKE's officeholder lines keep their keys).
  CHECK(Parse("The Prime Minister of Sweden is Ulf Kristersson.").relation ==
        "prime minister");
  // The catch-all still reads what the grammar cannot.
  CHECK(Parse("The Dalai Lama is Tenzin Gyatso.").relation == "P1308");
}

TEST_CASE("Statements: mappings carry their evidence", "[atoms][statements]") {
  ParsedFact f = Parse("Rubens Barrichello holds a citizenship of Italy.");
  CHECK(f.mapping == "lexicon");
  CHECK(f.score >= 0.8);
  CHECK(f.evidence.find("citizenship") != std::string::npos);
  CHECK(f.pattern.rfind("grammar:", 0) == 0);
  f = Parse("Bob's dentist is Dr. Moore.");
  CHECK(f.mapping == "phrase");
  CHECK(f.relation == "dentist");
  f = Parse("The capital of France is Paris.");
  CHECK(f.mapping == "template");
  // A phrase several relations share is weak when the types of subject
  // and value cannot choose (neither name is a WordNet noun): it is not
  // keyed on any of them and names what it may be.
  f = Parse("Zorblax comes from Quuxland.");
  CHECK(f.mapping == "weak");
  CHECK_FALSE(f.suggested.empty());
  CHECK(f.relation != f.suggested);
}

TEST_CASE("Statements: speaker, addressee and pronouns",
          "[atoms][statements]") {
  ParseContext assistant;
  assistant.speaker = ParseContext::Speaker::kAssistant;
  CHECK_ATOM(Parse("You live in Porto.", &assistant), "user", "lives_in",
             "Porto");
  CHECK_ATOM(Parse("Your sister is called Ana.", &assistant), "user", "sister",
             "Ana");
  // "I" in an assistant line is the assistant; "you" in a user line too.
  Unparsed("I live in Porto.", &assistant);
  Unparsed("You live in Porto.");
  ParseContext custom;
  custom.user = "maria";
  CHECK(Parse("I live in Porto.", &custom).subject == "maria");
  CHECK(Parse("The user lives in Porto.", &custom).subject == "maria");

  ParseContext chunk;
  Parse("Alice works at Acme.", &chunk);
  ParsedFact f = Parse("She lives in Paris.", &chunk);
  CHECK_ATOM(f, "Alice", "lives_in", "Paris");
  CHECK(f.subject_ref.find("Alice") != std::string::npos);
  Parse("Bob lives in Rome.", &chunk);
  CHECK(Unparsed("He likes jazz.", &chunk).find("ambiguous") !=
        std::string::npos);
  ParseContext empty;
  CHECK(Unparsed("She likes jazz.", &empty).find("no earlier subject") !=
        std::string::npos);
}

TEST_CASE("Statements: time words bound the valid interval",
          "[atoms][statements]") {
  ParseContext ctx;
  ctx.tx_time = *ParseTimestamp("2026-06-15");
  ParsedFact f = Parse("I have lived in Berlin since 2019.", &ctx);
  CHECK_ATOM(f, "user", "lives_in", "Berlin");
  CHECK(f.valid_from == *ParseTimestamp("2019-01-01"));
  f = Parse("Alice worked at Acme until March 2024.", &ctx);
  CHECK(f.value == "Acme");
  CHECK(f.valid_to == *ParseTimestamp("2024-03-01"));
  f = Parse("I moved to Lisbon last month.", &ctx);
  CHECK(f.value == "Lisbon");
  CHECK(f.valid_from == *ParseTimestamp("2026-05-15"));
  // Seasons: "this season" has no calendar (the line's time); "last
  // spring" said in June is this year's, "last autumn" last year's.
  f = Parse("Kyle Dawson joined Riverside Rovers this season.", &ctx);
  CHECK(f.value == "Riverside Rovers");
  CHECK(f.valid_from == *ParseTimestamp("2026-06-15"));
  f = Parse("Priya Raman joined Northwind Freight last spring.", &ctx);
  CHECK(f.value == "Northwind Freight");
  CHECK(f.valid_from == *ParseTimestamp("2026-03-01"));
  f = Parse("Priya Raman joined Northwind Freight last autumn.", &ctx);
  CHECK(f.valid_from == *ParseTimestamp("2025-09-01"));
  // A month without a year: "last May" is the latest May before the
  // line's month; "in May" and "in the spring" at the clause's end say
  // when it happened and leave the value.
  f = Parse("Priya Raman joined Northwind Freight last May.", &ctx);
  CHECK(f.value == "Northwind Freight");
  CHECK(f.valid_from == *ParseTimestamp("2026-05-01"));
  f = Parse("Priya Raman joined Northwind Freight last August.", &ctx);
  CHECK(f.valid_from == *ParseTimestamp("2025-08-01"));
  f = Parse("Priya Raman joined Northwind Freight in May.", &ctx);
  CHECK(f.value == "Northwind Freight");
  f = Parse("Priya Raman joined Northwind Freight in the spring.", &ctx);
  CHECK(f.value == "Northwind Freight");
  // A day of a month after the value, either order, likewise.
  f = Parse("Priya Raman joined Northwind Freight on 1 March.", &ctx);
  CHECK(f.value == "Northwind Freight");
  f = Parse("Priya Raman joined Northwind Freight on March 1.", &ctx);
  CHECK(f.value == "Northwind Freight");
  CHECK(Parse("The launch date is on March 10.", &ctx).value == "March 10");
  f = Parse("Alice no longer works at Acme.", &ctx);
  CHECK_ATOM(f, "Alice", Lexicon::Builtin().CanonicalRelation("works at"),
             "Acme");
  CHECK(f.ends);
  f = Parse("Alice doesn't work at Acme anymore.", &ctx);
  CHECK(f.ends);
  CHECK(f.value == "Acme");
  // A date that is the value stays the value.
  CHECK(Parse("The project deadline is March 10.", &ctx).value == "March 10");
}

TEST_CASE("Statements: a day, a month or 'since' with no date leave the value",
          "[atoms][statements]") {
  ParseContext ctx;
  ctx.tx_time = *ParseTimestamp("2026-06-17");  // a Wednesday
  CHECK_ATOM(
      Parse("Yusuf Demir took over as coach of FC Lindenau on Monday.", &ctx),
      "FC Lindenau", "P286", "Yusuf Demir");
  CHECK(Parse("Ana moved to Porto in March.", &ctx).value == "Porto");
  ParsedFact f = Parse("Marcus Bell has since joined the Rowing Club.", &ctx);
  CHECK(f.subject == "Marcus Bell");
  CHECK(f.relation == "P463");
  // "last Monday" is the Monday before the line's Wednesday.
  f = Parse("I moved to Lisbon last Monday.", &ctx);
  CHECK(f.value == "Lisbon");
  CHECK(f.valid_from == *ParseTimestamp("2026-06-15"));
  // A month that is the value, and a lower-case "may", stay.
  CHECK(Parse("The conference is in March.", &ctx).value.find("March") !=
        std::string::npos);
}

TEST_CASE("Statements: lower-case modifiers before a name leave the value",
          "[atoms][statements]") {
  // A person noun before the name, or a name WordNet knows as a place.
  CHECK_ATOM(Parse("Pierre Curie's wife was the physicist Marie Curie."),
             "Pierre Curie", "P26", "Marie Curie");
  CHECK_ATOM(Parse("Angkor Wat lies in northern Cambodia."), "Angkor Wat",
             "P17", "Cambodia");
  // A title of office before a name of two or more words.
  CHECK_ATOM(Parse("India is governed by Prime Minister Narendra Modi."),
             "India", "P6", "Narendra Modi");
  CHECK(Parse("The head of state of Spain is King Felipe VI.").value ==
        "Felipe VI");
  // Names after a title holder, and names that only start like a title.
  CHECK(Parse("Ana was born at Queen Elizabeth Hospital.").value ==
        "Queen Elizabeth Hospital");
  CHECK(Parse("Ana works for General Motors Company.").value ==
        "General Motors Company");
  // "throughout his life" is an adjunct, not part of the value.
  CHECK_ATOM(Parse("Mahatma Gandhi remained a follower of Hinduism throughout "
                   "his life."),
             "Mahatma Gandhi", "P140", "Hinduism");
  // A modifier far from every value kind is part of a title, not a value
  // ("senior software" is no notable work); a sport is near.
  CHECK(Parse("Ana is a senior software engineer.").relation != "P800");
  CHECK_ATOM(Parse("Serena Williams is an ice hockey player."),
             "Serena Williams", "P641", "ice hockey");
  // No capitalised name after lower-case words: the value stays whole.
  CHECK(Parse("My favorite editor is dark mode Vim.").value == "dark mode Vim");
  CHECK(Parse("Daft Punk's genre is French house.").value == "French house");
}

TEST_CASE("Statements: titles, value-first clauses and degree words",
          "[atoms][statements]") {
  // A capitalised preposition opens a title; it is not the verb's.
  CHECK_ATOM(Parse("Harper Lee wrote To Kill a Mockingbird."),
             "To Kill a Mockingbird", "P50", "Harper Lee");
  CHECK(Parse("My favorite book is In Cold Blood.").value == "In Cold Blood");
  CHECK(Parse("Ana moved to Porto.").value == "Porto");
  // The type noun of "V is the N where S R" is left out when the phrase
  // with it names nothing ("born in town" -> "born in").
  CHECK_ATOM(
      Parse("Stratford-upon-Avon is the town where William Shakespeare was "
            "born."),
      "William Shakespeare", "P19", "Stratford-upon-Avon");
  // "the N prep which S R": the preposition goes with the verb.
  CHECK_ATOM(Parse("Antarctica is the continent on which Mount Erebus stands."),
             "Mount Erebus", "P30", "Antarctica");
  // Degree words do not change the relation noun.
  CHECK_ATOM(Parse("Herman Melville's most famous work is Moby-Dick."),
             "Herman Melville", "P800", "Moby-Dick");
}

TEST_CASE("Statements: ways to say who employs someone",
          "[atoms][statements]") {
  CHECK_ATOM(Parse("Marco Bellini has a job at Ferrari."), "Marco Bellini",
             "P108", "Ferrari");
  CHECK_ATOM(Parse("Omar Haddad is on the payroll at Deloitte."), "Omar Haddad",
             "P108", "Deloitte");
  CHECK_ATOM(Parse("Margaret Hamilton was on the staff of MIT."),
             "Margaret Hamilton", "P108", "MIT");
}

TEST_CASE("Statements: a courtesy title is no part of a name",
          "[atoms][statements]") {
  CHECK_ATOM(Parse("Dr. Hana Okafor lives in Bergen."), "Hana Okafor",
             "lives_in", "Bergen");
  CHECK(Parse("Ingrid's dentist is Dr Amara Osei.").value == "Amara Osei");
  // What would be left is no full name: a title, kept whole.
  CHECK(Parse("Dr. No is a film.").subject == "Dr. No");
}

TEST_CASE("Statements: a person's role of an owner keys as the owner's role",
          "[atoms][statements]") {
  // "X is President of T" and "T's president is X" name one slot.
  const ParsedFact a = Parse("Anton Varga is President of Tessaly.");
  const ParsedFact b = Parse("Tessaly's president is Mirela Kos.");
  CHECK(a.subject == "Tessaly");
  CHECK(a.value == "Anton Varga");
  CHECK(a.relation == b.relation);
  // One of several stays as it is said.
  CHECK(Parse("Bo is a friend of Leo.").subject == "Bo");
}

TEST_CASE("Statements: an attribute of a thing, and its change",
          "[atoms][statements]") {
  // "the R for S" is S's R, as "the R of S".
  CHECK_ATOM(Parse("The deadline for Project Atlas is July 15."),
             "Project Atlas", "deadline", "July 15");
  // A change of an owned attribute states the new value of that slot.
  CHECK_ATOM(Parse("The deadline for the project has moved to March 24."),
             "project", "deadline", "March 24");
  CHECK_ATOM(Parse("Our design system has been renamed to Spectrum."),
             "design system", "name", "Spectrum");
  // A residence is a person's: a company or a meeting that moved keeps its
  // verb (the write path keys the change on what the subject holds).
  for (const char* s :
       {"The company moved to Berlin.", "The meeting moved to Friday."}) {
    INFO(s);
    CHECK(Parse(s).relation != "lives_in");
  }
  CHECK(Parse("My sister moved to Oslo.").relation == "lives_in");
}

TEST_CASE("Statements: emphasis adverbs say nothing; hedges are no fact",
          "[atoms][statements]") {
  CHECK_ATOM(Parse("Guernica is arguably Pablo Picasso's most famous work."),
             "Pablo Picasso", "P800", "Guernica");
  CHECK_ATOM(Parse("Paris is certainly the capital of France."), "France",
             "P36", "Paris");
  // "probably" is the speaker unsure: not stored as a plain fact.
  Unparsed("Paris is probably the capital of France.");
}

TEST_CASE("Statements: lines with no statement are unparsed with a reason",
          "[atoms][statements]") {
  CHECK_FALSE(Unparsed("Hello there.").empty());
  CHECK_FALSE(Unparsed("Thanks!").empty());
  CHECK_FALSE(Unparsed("... is ...").empty());
  CHECK_FALSE(Unparsed("Here is a list of facts:").empty());
  CHECK_FALSE(Unparsed("User might be moving to Lisbon.").empty());
  // Never an empty or punctuation-only field.
  for (const char* s :
       {"'s is .", "The of is", "Bob's is Alice.", "!!! works at ???"}) {
    ParseContext ctx;
    auto r = TheParser().ParseSentence(s, &ctx);
    if (!r.ok()) continue;
    INFO(s);
    CHECK(NormalizeKey(r->subject).find_first_not_of(" .,;:!?'\"") !=
          std::string::npos);
    CHECK(NormalizeKey(r->relation).find_first_not_of(" .,;:!?'\"") !=
          std::string::npos);
    CHECK(NormalizeKey(r->value).find_first_not_of(" .,;:!?'\"") !=
          std::string::npos);
  }
}

TEST_CASE(
    "Statements: a field of punctuation or invisible characters only "
    "is no field",
    "[atoms][statements]") {
  // Non-ASCII punctuation used to count as letters: (Ann, lives_in, …).
  for (const char* s : {"Ann lives in \u2026.", "Foo is the \u2014 of Bar.",
                        "\u2026 is the author of Bar.", "Ann lives in \u00a0.",
                        "Ann lives in \u200b.", "Ann lives in \u3002.",
                        "Ann lives in \ufeff\u2060."}) {
    CHECK(Unparsed(s).find("no letters or digits") != std::string::npos);
  }
  // Letters of every script stay letters, and digits count ("1984" alone
  // would be a date, refused as a place: tests/atoms/discourse_test.cc).
  for (const char* s : {"Ann lives in Z\u00fcrich.",
                        "Ann lives in \u0391\u03b8\u03ae\u03bd\u03b1.",
                        "Ann lives in \u041c\u043e\u0441\u043a\u0432\u0430.",
                        "Ann lives in \u6771\u4eac.", "Ann lives in 9"}) {
    ParseContext ctx;
    auto r = TheParser().ParseSentence(s, &ctx);
    INFO(s << " -> " << r.status().ToString());
    CHECK(r.ok());
  }
}

TEST_CASE("Statements: control characters are refused naming the byte",
          "[atoms][statements]") {
  ParseContext ctx;
  auto nul =
      TheParser().ParseSentence(std::string("Ann lives in Pa\0ris.", 20), &ctx);
  REQUIRE_FALSE(nul.ok());
  CHECK(nul.status().IsInvalidArgument());
  CHECK(nul.status().message() == "control character 0x00 at byte 15");
  auto bel = TheParser().ParseSentence("Bob\x07 lives in Rome.", &ctx);
  CHECK(bel.status().message() == "control character 0x07 at byte 3");
  // Tabs and carriage returns are spaces in a sentence.
  CHECK_FALSE(TheParser()
                  .ParseSentence("Bob\tlives in Rome.\r", &ctx)
                  .status()
                  .IsInvalidArgument());
}

TEST_CASE("Statements: two coordinated names share a symmetric relation",
          "[atoms][statements]") {
  // Spouse and twin town hold between the two names; what followed the
  // verb ("in 2004") is no value.
  CHECK_ATOM(Parse("Ines Duarte and Karl Weber got married in 2004."),
             "Ines Duarte", "P26", "Karl Weber");
  CHECK_ATOM(Parse("Ines Duarte and Karl Weber are married."), "Ines Duarte",
             "P26", "Karl Weber");
  CHECK_ATOM(Parse("Porto Vello and Kastrup are twinned."), "Porto Vello",
             "P190", "Kastrup");
  // The pronoun context names the first of them, as the atom does.
  ParseContext ctx;
  Parse("Ines Duarte and Karl Weber got married in 2004.", &ctx);
  CHECK_ATOM(Parse("She was born in Braga.", &ctx), "Ines Duarte", "P19",
             "Braga");
  // A relation that is not symmetric keeps the coordinated subject.
  CHECK(Parse("Ines Duarte and Karl Weber founded Lumen Forge.").relation ==
        "P112");
}

TEST_CASE("Statements: a template value that opens with a preposition",
          "[atoms][statements]") {
  // "[X] married __" would read "to Karl Weber"; the grammar reads the
  // whole verb phrase, and the role before the name is no part of it.
  CHECK_ATOM(Parse("Ines Duarte was married to the architect Karl Weber."),
             "Ines Duarte", "P26", "Karl Weber");
}

TEST_CASE("Statements: coming to have a citizenship is having it",
          "[atoms][statements]") {
  CHECK_ATOM(Parse("Ines Duarte took Canadian citizenship."), "Ines Duarte",
             "P27", "Canada");
  CHECK_ATOM(Parse("Ines Duarte obtained French nationality in 2019."),
             "Ines Duarte", "P27", "France");
  // Anything else taken is no has-phrase.
  CHECK(Parse("Ines Duarte took the train to Paris.").relation != "train");
  CHECK(Parse("Ines Duarte took Spanish lessons.").relation != "lessons");
}

}  // namespace
}  // namespace factline
