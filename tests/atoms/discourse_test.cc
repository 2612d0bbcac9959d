// What a line says around its statement: lead-ins and datelines, closing
// tags and attributions, questions with their answers, reports without
// "that", dates where a place or class belongs, and adjuncts after a value
// (atoms/spans.cc, atoms/parser.cc, atoms/time_words.cc).
#include <catch2/catch.hpp>

#include "atoms/atoms.h"
#include "tests/atoms/parse_util.h"

namespace factline {
namespace {

using testing::Parse;
using testing::TheParser;
using testing::Unparsed;

TEST_CASE("Discourse: a lead-in or dateline before a spaced dash goes",
          "[atoms][discourse]") {
  CHECK_ATOM(Parse("Quick note - Johnny Cash married June Carter."),
             "Johnny Cash", "P26", "June Carter");
  CHECK_ATOM(Parse("NEW YORK (AP) \u2014 Jeff Bezos founded Amazon."), "Amazon",
             "P112", "Jeff Bezos");
  CHECK_ATOM(
      Parse("LONDON (Reuters) - Sadiq Khan was re-elected as Mayor of London."),
      "London", "P6", "Sadiq Khan");
  // Two dashes set off an aside; a name before one dash is no lead-in.
  ParsedFact f = Parse(
      "Ada Lovelace \u2014 a mathematician \u2014 was born "
      "in London.");
  CHECK(f.subject == "Ada Lovelace");
  CHECK(Parse("Real Madrid - Barcelona moved to Montjuic.").subject !=
        "Barcelona");
}

TEST_CASE("Discourse: closing tags and attributions go", "[atoms][discourse]") {
  CHECK_ATOM(Parse("Ada Lovelace was a mathematician, if I remember "
                   "correctly."),
             "Ada Lovelace", "P106", "mathematician");
  CHECK_ATOM(Parse("Hey, Ada Lovelace was a mathematician, right?"),
             "Ada Lovelace", "P106", "mathematician");
  CHECK_ATOM(Parse("Jeff Bezos founded Amazon in 1994, the company said."),
             "Amazon", "P112", "Jeff Bezos");
  // A last comma part that says something else stays the grammar's.
  CHECK(Parse("Ada Lovelace was born in London, England.").value != "");
}

TEST_CASE("Discourse: a question with its answer states the answer",
          "[atoms][discourse]") {
  CHECK_ATOM(Parse("Who wrote Dracula? Bram Stoker."), "Dracula", "P50",
             "Bram Stoker");
  CHECK_ATOM(Parse("Who wrote Dracula? Answer: Bram Stoker."), "Dracula", "P50",
             "Bram Stoker");
  CHECK_ATOM(Parse("Quiz: the capital of Mongolia? Ulaanbaatar."), "Mongolia",
             "P36", "Ulaanbaatar");
  CHECK_ATOM(Parse("Q: Who was Johnny Cash married to? A: June Carter."),
             "Johnny Cash", "P26", "June Carter");
  // An answer with a verb of its own is a sentence, not an answer.
  Unparsed("Who knows? Nobody ever asked.");
}

TEST_CASE("Discourse: reports and openers around the clause",
          "[atoms][discourse]") {
  CHECK_ATOM(Parse("Just found out Mary Shelley wrote Frankenstein."),
             "Frankenstein", "P50", "Mary Shelley");
  CHECK_ATOM(Parse("Turns out Frankenstein was written by Mary Shelley."),
             "Frankenstein", "P50", "Mary Shelley");
  CHECK_ATOM(Parse("According to my notes, Frankenstein was written by Mary "
                   "Shelley."),
             "Frankenstein", "P50", "Mary Shelley");
  CHECK_ATOM(Parse("Did you know that Johnny Cash married June Carter?"),
             "Johnny Cash", "P26", "June Carter");
  CHECK_ATOM(Parse("OK so Ada Lovelace was a mathematician."), "Ada Lovelace",
             "P106", "mathematician");
  // A name whose first word is also a verb keeps it.
  CHECK(Parse("Yip Harburg is a citizen of Canada.").subject == "Yip Harburg");
  CHECK(Parse("Reading Fightin Phils is associated with the sport of "
              "baseball.")
            .subject == "Reading Fightin Phils");
}

TEST_CASE("Discourse: a date is never a place or a class",
          "[atoms][discourse]") {
  CHECK(Unparsed("Nina Simone died in 2003.").find("is a date") !=
        std::string::npos);
  Unparsed("Spotify launched in 2008.");
  // With a place beside it the place is the value.
  CHECK_ATOM(Parse("Nina Simone died in 2003 in Carry-le-Rouet."),
             "Nina Simone", "P20", "Carry-le-Rouet");
  // Dates before the agent of a passive, and "back in" a year.
  CHECK_ATOM(Parse("Amazon was founded in 1994 by Jeff Bezos."), "Amazon",
             "P112", "Jeff Bezos");
  CHECK_ATOM(Parse("Back in 1985, Radiohead formed in Abingdon."), "Radiohead",
             "P740", "Abingdon");
  // A work may be named by a year.
  CHECK(Parse("George Orwell is best known for 1984.").value == "1984");
}

TEST_CASE("Discourse: where, when and how after a value are not the value",
          "[atoms][discourse]") {
  CHECK_ATOM(Parse("Bob Marley recorded for Island Records throughout the "
                   "1970s."),
             "Bob Marley", "P264", "Island Records");
  CHECK_ATOM(Parse("Priya Sharma competed in badminton at national level."),
             "Priya Sharma", "P641", "badminton");
  // Inner words of a name stay; a work's title keeps everything.
  CHECK(Parse("Ana Ruiz works for Bank of America.").value ==
        "Bank of America");
  CHECK(Parse("Agatha Christie is best known for Murder on the Orient "
              "Express.")
            .value == "Murder on the Orient Express");
  // "replaced X with Y": Y came in.
  CHECK_ATOM(Parse("Kessaly has replaced English with Kessalian as its sole "
                   "official language."),
             "Kessaly", "P37", "Kessalian");
}

TEST_CASE("Discourse: classes, persons and former names around a value",
          "[atoms][discourse]") {
  // A class value without its article: "works as a nurse" and "is a nurse"
  // name one value.
  CHECK_ATOM(Parse("Amara Obi works as a lawyer."), "Amara Obi", "P106",
             "lawyer");
  CHECK_ATOM(Parse("Lionel Messi plays as a forward."), "Lionel Messi", "P413",
             "forward");
  // How old or how good is no part of the class.
  CHECK_ATOM(Parse("Tiger Woods took up golf at the age of two."),
             "Tiger Woods", "P641", "golf");
  // A widening refused for its value leaves the value's own class.
  CHECK_ATOM(Parse("Bob Dylan turned to Christianity in 1979."), "Bob Dylan",
             "P140", "Christianity");
  // A person noun states a person: no relation said of shows.
  CHECK(
      Parse("Ronald Reagan worked as a sports broadcaster in Iowa.").relation !=
      "P449");
  // ", née Wieck," is a former name; "and first published" a second verb.
  CHECK_ATOM(
      Parse("The composer Clara Schumann, n\u00e9e Wieck, was married to "
            "Robert Schumann."),
      "Clara Schumann", "P26", "Robert Schumann");
  CHECK_ATOM(Parse("The Alchemist was written by Paulo Coelho and first "
                   "published in 1988."),
             "The Alchemist", "P50", "Paulo Coelho");
  // A lone participle left by its date is a fronted participle.
  CHECK_ATOM(Parse("Published in 1967, One Hundred Years of Solitude is the "
                   "most famous book of Gabriel Garc\u00eda M\u00e1rquez."),
             "Gabriel Garc\u00eda M\u00e1rquez", "P800",
             "One Hundred Years of Solitude");
}

TEST_CASE("Discourse: a subject made of a noun and a relative clause",
          "[atoms][discourse]") {
  // The value fills the clause's subject gap ...
  CHECK_ATOM(Parse("The studio that developed Minecraft is Mojang."),
             "Minecraft", "P178", "Mojang");
  CHECK_ATOM(Parse("The person who wrote Dracula is Bram Stoker."), "Dracula",
             "P50", "Bram Stoker");
  CHECK_ATOM(Parse("The woman who married Johnny Cash was June Carter."),
             "June Carter", "P26", "Johnny Cash");
  // ... its object gap, or after "where" its place.
  CHECK_ATOM(Parse("The sport that Wayne Gretzky played was ice hockey."),
             "Wayne Gretzky", "P641", "ice hockey");
  CHECK(Parse("The city where the Mona Lisa is kept is Paris.").value ==
        "Paris");
  // A lexicon template that reads the line as it stands keeps it.
  CHECK_ATOM(Parse("The company that produced Big Mac is McDonald's."),
             "Big Mac", "P176", "McDonald's");
}

TEST_CASE("Discourse: kinds and owners before a name, subjects and values",
          "[atoms][discourse]") {
  CHECK_ATOM(Parse("The genre of Miles Davis's album Kind of Blue is modal "
                   "jazz."),
             "Kind of Blue", "P136", "modal jazz");
  CHECK(
      Parse("The main genre of the TV show The Wire is crime drama.").subject ==
      "The Wire");
  CHECK_ATOM(Parse("Bohemian Rhapsody's performer is the British rock band "
                   "Queen."),
             "Bohemian Rhapsody", "P175", "Queen");
  // Names that open with a capitalised word before lower-case ones stay.
  CHECK(Parse("Ana Ruiz works for Bank of America.").value ==
        "Bank of America");
}

// Found by a review of the rules above: ordinary sentences they must leave
// alone.
TEST_CASE("Discourse: what the new readings must not claim",
          "[atoms][discourse]") {
  auto none_has = [](std::string_view line, const char* relation,
                     const char* value) {
    ParseContext ctx;
    auto r = TheParser().ParseStatements(line, &ctx);
    if (!r.ok()) return true;
    for (const ParsedFact& f : *r) {
      if (f.relation == relation && f.value == value) return false;
    }
    return true;
  };
  // A predicate after a relative subject that is no name or class noun.
  CHECK(none_has("The house where Mozart was born is a museum.", "P19",
                 "a museum"));
  CHECK(none_has("The man who founded Amazon is rich.", "P112", "rich"));
  CHECK(none_has("The woman who wrote Frankenstein was only twenty.", "P50",
                 "only twenty"));
  // "for" after a leaving verb that names no new value.
  CHECK(none_has("Ana quit smoking for her health.", "use", "her health"));
  CHECK(none_has("The Lakers traded Shaquille O'Neal for Lamar Odom.", "use",
                 "Lamar Odom"));
  // An exclamation is no question with an answer.
  CHECK(none_has("The Beatles? Legends.", "P1308", "Legends"));
  // Names with a preposition inside.
  CHECK(Parse("Ana's employer is Teach for America.").value ==
        "Teach for America");
  CHECK(Parse("Ana's employer is Panic at the Disco.").value ==
        "Panic at the Disco");
  // A place before a dash is no lead-in; a day is no agent.
  CHECK(none_has("Paris - Nice is a cycling race held in March.", "P131",
                 "cycling race held"));
  CHECK(none_has("Ana was replaced as director of Acme by Friday.", "P1037",
                 "Friday"));
}

}  // namespace
}  // namespace factline
