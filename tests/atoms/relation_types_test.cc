// Relation choice by the WordNet classes of subject and value
// (atoms/internal/relation_types.h), through Parser::ParseSentence. The
// sentences and entities are written for this test, not taken from
// datasets/paraphrase.
#include "atoms/internal/relation_types.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <vector>

#include "atoms/atoms.h"
#include "atoms/internal/wordforms.h"
#include "tests/atoms/parse_util.h"

namespace factline {
namespace {

using testing::Holds;
using testing::Statements;
using testing::TheParser;

ParsedFact Parse(std::string_view s) {
  ParseContext ctx;
  auto r = TheParser().ParseSentence(s, &ctx);
  INFO(s << " -> " << r.status().ToString());
  REQUIRE(r.ok());
  INFO(s << " -> (" << r->subject << ", " << r->relation << ", " << r->value
         << ") " << r->evidence);
  return r.value();
}

#define CHECK_TYPED(sentence, rel, val)                                \
  do {                                                                 \
    ParsedFact f = Parse(sentence);                                    \
    INFO(sentence << " -> " << f.relation << " / " << f.value << " / " \
                  << f.evidence);                                      \
    CHECK(f.relation == (rel));                                        \
    CHECK(f.value == (val));                                           \
  } while (0)

bool HaveWordNet() {
  if (internal::WordForms::Get().loaded()) return true;
  WARN("WordNet not installed; relation types skipped");
  return false;
}

TEST_CASE("RelationTypes: location verbs by the value's class",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  // A country, a continent, a city: one verb, three relations.
  CHECK_TYPED("The Charles Bridge lies in the Czech Republic.", "P17",
              "the Czech Republic");
  CHECK_TYPED("Lake Titicaca lies in South America.", "P30", "South America");
  CHECK_TYPED("The Space Needle lies in Seattle.", "P131", "Seattle");
  // Evidence says why.
  ParsedFact f = Parse("The Charles Bridge lies in the Czech Republic.");
  CHECK(f.evidence.find("types:") != std::string::npos);
}

TEST_CASE("RelationTypes: 'comes from' by the subject's class",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  CHECK_TYPED("Paella comes from Spain.", "P495", "Spain");
  CHECK_TYPED("Pierre Dupont comes from Marseille.", "P19", "Marseille");
}

TEST_CASE("RelationTypes: 'S is a N' by the noun's class",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  CHECK_TYPED("Enrico Fermi was a physicist.", "P106", "physicist");
  // A first name WordNet knows only as a common noun ("bob") is still a
  // possible person at a sentence's start.
  CHECK_TYPED("Bob is a chef.", "P106", "chef");
  CHECK_TYPED("Gianluigi Buffon is a goalkeeper.", "P413", "goalkeeper");
  // An adherent names the religion through WordNet's derivation pointer.
  CHECK_TYPED("Thich Nhat Hanh was a Buddhist.", "P140", "Buddhism");
}

TEST_CASE("RelationTypes: 'S is a N' names a value only for a kind of person",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  // A song, a bridge: what S is, not a work or place of S's.
  ParsedFact f = Parse("Wonderwall is a song.");
  CHECK(f.relation == "is a");
  CHECK(f.value == "song");
  f = Parse("Ponte Vecchio is a bridge.");
  CHECK(f.relation == "is a");
  CHECK_TYPED("Wislawa Szymborska was a poet.", "P106", "poet");
  // A city names no capital of the city's.
  f = Parse("Tromso is a city.");
  CHECK(f.relation == "is a");
}

TEST_CASE("RelationTypes: 'S is a N' with an abstract class value of a name",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  // A genre is a class value a step below its kind: a name's genre.
  CHECK_TYPED("Bosch Legacy is a comedy.", "P136", "comedy");
  CHECK_TYPED("Slow Horses is a spy drama.", "P136", "spy drama");
  // A word WordNet knows as a common noun is what it is, not its value.
  ParsedFact f = Parse("Satire is a genre.");
  CHECK(f.relation != "P136");
  // A team's sport, though five steps below sport: "team" names the cue.
  CHECK_TYPED("The Oakland Oaks are a baseball team.", "P641", "baseball");
}

TEST_CASE("RelationTypes: a verb no lexicon phrasing reads, by a class value",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  // A religion, a sport: one relation has values of that class.
  ParsedFact f = Parse("Yusuf Hamid converted to Judaism.");
  CHECK(f.subject == "Yusuf Hamid");
  CHECK(f.relation == "P140");
  CHECK(f.value == "Judaism");
  f = Parse("Tomas Berg took up judo.");
  CHECK(f.subject == "Tomas Berg");
  CHECK(f.relation == "P641");
  CHECK(f.value == "judo");
  // A language: the subject's class picks among the language relations;
  // a passive's unknown subject is what the verb makes (a song, a
  // publication), never a guessed person.
  f = Parse("Kalevipoeg was sung in Estonian.");
  CHECK(f.subject == "Kalevipoeg");
  CHECK(f.relation == "P407");
  CHECK(f.value == "Estonian");
  f = Parse("Helsingin Sanomat is printed in Finnish.");
  CHECK(f.relation == "P407");
  CHECK(f.value == "Finnish");
  // A patient noun no relation's subject fits is no evidence: the
  // unknown subject is left to the value.
  f = Parse("Metallica are usually classed as heavy metal.");
  CHECK(f.relation == "P136");
  CHECK(f.value == "heavy metal");
  f = Parse("Marta Ruiz preaches in Catalan.");
  CHECK(f.subject == "Marta Ruiz");
  CHECK(f.relation == "P1412");
  // What is under way, negated or possible holds nothing yet.
  f = Parse("Lena Vogt is learning Estonian.");
  CHECK(f.relation != "P1412");
  f = Parse("Lena Vogt did not convert to Judaism.");
  CHECK(f.relation != "P140");
  // A value of no class (a country) is not decided by type.
  f = Parse("Lena Vogt toured Portugal.");
  CHECK(f.relation != "P27");
  CHECK(f.relation != "P17");
}

TEST_CASE(
    "RelationTypes: a leading verb's subject holds the role in its object",
    "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  // "leads the government of V": the government's head is the subject.
  ParsedFact f = Parse("Narendra Modi has led the government of India.");
  CHECK(f.subject == "India");
  CHECK(f.relation == "P6");
  CHECK(f.value == "Narendra Modi");
  f = Parse("Keir Starmer leads the government of the United Kingdom.");
  CHECK(f.relation == "P6");
  CHECK(f.value == "Keir Starmer");
  // No role is held in a common noun's object, or by a non-person.
  f = Parse("I run a small bakery.");
  CHECK(f.relation != "P6");
  CHECK(f.subject == "user");
}

TEST_CASE("RelationTypes: modifier forms by head noun and modifier",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  CHECK_TYPED("Mali is an African country.", "P30", "Africa");
  CHECK_TYPED("The Atomium is a Belgian landmark.", "P17", "Belgium");
  CHECK_TYPED("Paul Vermeer is a water polo player.", "P641", "water polo");
  // The head noun's own words name the relation among those the types
  // allow: a speaker speaks a language, a native was born somewhere.
  CHECK_TYPED("Anna Kowalczyk is a Polish speaker.", "P1412", "Polish");
  CHECK_TYPED("Kenji Sato is an Osaka native.", "P19", "Osaka");
  // A capitalised modifier is a fact apart; a lower-case one is part of
  // the title.
  CHECK_TYPED("Lise Meitner was an Austrian physicist.", "P106", "physicist");
  CHECK_TYPED("Priya Nair is a staff engineer.", "P106", "staff engineer");
  // A work's genre before the kind of work (P136's subject kinds).
  CHECK_TYPED("Kind of Blue is a jazz album.", "P136", "jazz");
  CHECK_TYPED("Miles Davis is a jazz trumpeter.", "P106", "jazz trumpeter");
}

TEST_CASE("RelationTypes: what WordNet cannot place stays as mapped",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  // Neither name is a WordNet noun: the template's relation stands.
  ParsedFact f = Parse("Zorblax Tower lies in Quuxland.");
  CHECK(f.relation == "P131");
  CHECK(f.evidence.find("types:") == std::string::npos);
  // A name whose last word is a person noun is a name, not a person:
  // "belongs to" a band stays membership.
  f = Parse("Taylor Hawkins belongs to the Foo Fighters.");
  CHECK(f.relation == "P463");
  // An unknown noun after "is a" maps nothing by type.
  f = Parse("Bob is a zorblaxer.");
  CHECK(f.evidence.find("types:") == std::string::npos);
  // A name WordNet knows only in a distant common sense ("google", a web
  // search) does not override the template's employer.
  f = Parse("Ada Quill works for Google.");
  CHECK(f.relation == "P108");
}

TEST_CASE("RelationTypes: a value naming its own type keeps the name",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  ParsedFact f = Parse("Tromso lies in the country of Norway.");
  CHECK(f.relation == "P17");
  CHECK(f.value == "Norway");
  // Not a type of the name: the whole name stays.
  f = Parse("Ada Quill works for the University of Leeds.");
  CHECK(f.value == "the University of Leeds");
}

TEST_CASE("RelationTypes: kinds resolve to WordNet senses",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  const internal::WordForms& wf = internal::WordForms::Get();
  auto person = internal::ResolveKind(wf, "person");
  REQUIRE(person.ok());
  CHECK(*person == wf.FirstSynset("person", internal::Pos::kNoun));
  auto country2 = internal::ResolveKind(wf, "country#2");
  REQUIRE(country2.ok());
  CHECK(*country2 == wf.Senses("country", internal::Pos::kNoun)[1]);
  CHECK(internal::ResolveKind(wf, "qwxzy").status().IsInvalidArgument());
  CHECK(internal::ResolveKind(wf, "country#99").status().IsInvalidArgument());
  CHECK(internal::ResolveKind(wf, "country#x").status().IsInvalidArgument());
  CHECK(internal::ResolveKind(wf, "Country").status().IsInvalidArgument());
}

TEST_CASE("RelationTypes: a lexicon's bad kind is refused with its key",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  // Every built-in relation's kinds resolve (the loader checked them).
  for (const RelationDef& def : Lexicon::Builtin().relations()) {
    for (const std::string& k : def.value_kinds) {
      INFO(def.id << " " << k);
      CHECK(internal::ResolveKind(internal::WordForms::Get(), k).ok());
    }
  }
  auto bad = Lexicon::Builtin().MergeJson(
      R"({"relations": [{"id": "pet", "value_kinds": ["animal", "qwxzy"]}]})");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.status().IsInvalidArgument());
  CHECK(bad.status().message().find("pet") != std::string::npos);
  CHECK(bad.status().message().find("value_kinds[1]") != std::string::npos);
  CHECK(bad.status().message().find("qwxzy") != std::string::npos);
  auto sense = Lexicon::Builtin().MergeJson(
      R"({"relations": [{"id": "pet", "subject_kinds": ["person#9"]}]})");
  REQUIRE_FALSE(sense.ok());
  CHECK(sense.status().message().find("subject_kinds[0]") != std::string::npos);
  auto good = Lexicon::Builtin().MergeJson(
      R"({"relations": [{"id": "pet", "subject_kinds": ["person"],
          "value_kinds": ["animal"]}]})");
  REQUIRE(good.ok());
  REQUIRE(good->Find("pet") != nullptr);
  CHECK(good->Find("pet")->value_kinds == std::vector<std::string>{"animal"});
}

TEST_CASE(
    "Relation types: a bare locative is the location relation its "
    "value fits",
    "[atoms][relation_types]") {
  // "is in" / "lies in" name no relation: a country value is P17, a
  // continent P30, for a subject that is no person.
  CHECK(Parse("Lake Bled is in Slovenia.").relation == "P17");
  CHECK(Parse("Mongolia lies in Asia.").relation == "P30");
  // A person "in Berlin" may be visiting: no location relation is chosen.
  CHECK(Parse("The painter is in Berlin.").relation != "P131");
}

TEST_CASE("Relation types: a person is no subject of a place relation",
          "[atoms][relation_types]") {
  // A veterinarian is an "object" only through organism; P131 (subject: a
  // physical object) is no reading of "a veterinarian from Seville".
  const ParsedFact f = Parse("Rosa Delgado is a veterinarian from Seville.");
  CHECK(f.relation != "P131");
  CHECK(f.relation != "P17");
}

TEST_CASE("RelationTypes: a place relation's value is the place it names",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  CHECK_TYPED("Ivo Lind died in exile on Corfu.", "P20", "Corfu");
  CHECK_TYPED("Ivo Lind was born in a village near Tartu.", "P19", "Tartu");
  // A value that is no place keeps its words.
  ParsedFact f = Parse("Ivo Lind is a member of the board in Tartu.");
  CHECK(f.value != "Tartu");
}

TEST_CASE("RelationTypes: the R behind V is V's R", "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  ParsedFact f = Parse("Harbour Records was the label behind Mira Sol.");
  CHECK(f.subject == "Mira Sol");
  CHECK(f.relation == "P264");
  CHECK(f.value == "Harbour Records");
}

TEST_CASE("RelationTypes: a widened verb mapping yields to the value's kind",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  // "sit in" is a hyponym of "attend" (educated at), but a country is no
  // school. It is the lexicon's place template: a country is where the
  // subject is.
  ParsedFact f = Parse("Uluru sits in Australia.");
  CHECK(f.relation == "P17");
  CHECK(f.value == "Australia");
  // The lexicon's own template still reads a school.
  f = Parse("Ana Silva attended Stanford University.");
  CHECK(f.relation == "P69");
}

TEST_CASE("RelationTypes: types confirm a phrase just under the threshold",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  // "president" is a hypernym-neighbour of head of state (0.77) and of
  // chief executive: a country is a subject of only the first.
  CHECK_TYPED("Iceland's president is Halla Tomasdottir.", "P35",
              "Halla Tomasdottir");
  // Adjectives before the relation noun are left out first.
  CHECK_TYPED("Austria's federal president is Alexander Van der Bellen.", "P35",
              "Alexander Van der Bellen");
  // A noun as much as an adjective stays: a vice president is none.
  ParsedFact f = Parse("Iceland's vice president is Jon Jonsson.");
  CHECK(f.relation != "P35");
  // A subject WordNet cannot place confirms nothing.
  f = Parse("Brightwave's president is Jon Jonsson.");
  CHECK(f.relation != "P35");
  // A person's name whose last word is a common noun ("macron", a
  // diacritic) may still be a person.
  CHECK_TYPED("France's president is Emmanuel Macron.", "P35",
              "Emmanuel Macron");
  // A head noun that names a place or a body of people is no person.
  f = Parse("France's president is Harbor Street Bridge.");
  CHECK(f.relation != "P35");
  f = Parse("France's president is Northwind Bank.");
  CHECK(f.relation != "P35");
}

TEST_CASE("RelationTypes: a phrase cued by one relation names it",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  // "adherent" and "follower" are cues of religion alone; an adjective
  // only says how.
  CHECK_TYPED("Muhammad Ali was an adherent of Islam.", "P140", "Islam");
  CHECK_TYPED("Mahatma Gandhi was a lifelong follower of Hinduism.", "P140",
              "Hinduism");
  // A noun no relation cues keeps its phrase.
  ParsedFact f = Parse("Tom Reyes is a critic of Islam.");
  CHECK(f.relation != "P140");
  // A value WordNet files under no religion is no evidence.
  f = Parse("Tom Reyes is a devout follower of Leeds United.");
  CHECK(f.relation != "P140");
}

TEST_CASE("RelationTypes: a place value that names its type is the name",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  // A name WordNet does not know, then a kind of place.
  CHECK_TYPED("Lyon is located in the Auvergne-Rhône-Alpes region.", "P131",
              "Auvergne-Rhône-Alpes");
  CHECK_TYPED("Samsung Electronics is based in Suwon, south of Seoul.", "P159",
              "Suwon");
  // Without the article the noun may be part of the name.
  CHECK_TYPED("The capital of Latvia is Tromsø municipality.", "P36",
              "Tromsø municipality");
  // A noun that is no kind of place stays ("company").
  ParsedFact f = Parse("Ana Silva works for the Ford Motor company.");
  CHECK(f.value.find("company") != std::string::npos);
}

TEST_CASE("RelationTypes: belonging to a place is being located there",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  // The lexicon's "[X] belongs to __" is membership; a place value is where
  // the subject is, under the relation the place's type chooses.
  CHECK_TYPED("Siena belongs to the Italian region of Tuscany.", "P131",
              "Tuscany");
  CHECK_TYPED("Oakridge Falls belongs to Marlow County.", "P131",
              "Marlow County");
  CHECK_TYPED("Iceland belongs to Europe.", "P30", "Europe");
  CHECK_TYPED("Hollin Village is part of Westmarch County.", "P131",
              "Westmarch County");
  // Anything else keeps membership.
  CHECK_TYPED("Croatia belongs to the European Union.", "P463",
              "the European Union");
  CHECK_TYPED("Mexico has been part of the OECD since 1994.", "P463", "OECD");
}

TEST_CASE("RelationTypes: belonging to what takes no members is ownership",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  // A firm or a person WordNet does not know as a body with members owns.
  CHECK_TYPED("Quillfeather Press belongs to Harrowgate Media.", "P127",
              "Harrowgate Media");
  CHECK_TYPED("The Tidewater Gazette belongs to Imre Kolar.", "P127",
              "Imre Kolar");
  // A party, a club, a band or team with its article take members.
  CHECK_TYPED("Imre Kolar belongs to the Green Party.", "P463",
              "the Green Party");
  CHECK_TYPED("Imre Kolar belongs to a chess club.", "P463", "a chess club");
  CHECK_TYPED("Imre Kolar belongs to the Night Owls.", "P463",
              "the Night Owls");
  // "part of" a name stays membership.
  CHECK_TYPED("Quillfeather Press is part of Harrowgate Media.", "P463",
              "Harrowgate Media");
}

TEST_CASE("RelationTypes: a kind of place before a name is not the name",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  CHECK_TYPED("Hollywood is a neighbourhood of Los Angeles.", "P131",
              "Los Angeles");
  CHECK_TYPED("Heidelberg is a city in the state of Baden-Württemberg.", "P131",
              "Baden-Württemberg");
  CHECK_TYPED("Bled is a town in the north of Slovenia.", "P17", "Slovenia");
  CHECK_TYPED("Chile lies along the western edge of South America.", "P30",
              "South America");
  ParsedFact f =
      Parse("The village of Millbrook sits within Dutchess County, New York.");
  CHECK(f.subject == "Millbrook");
  CHECK(f.relation == "P131");
  CHECK(f.value == "Dutchess County");
  // A name WordNet knows whole keeps its kind word.
  f = Parse("The Isle of Man belongs to the British Crown.");
  CHECK(f.subject == "The Isle of Man");
}

TEST_CASE("RelationTypes: a verb read backwards needs a subject of the kind",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  // "S builds O" is "O is built by S" only for an O a manufacturer makes.
  ParsedFact f = Parse("I build furniture.");
  CHECK(f.relation != "P176");
  CHECK(f.mapping == "phrase");
  // A name may be anything: WordNet's "Amazon" is a river, a trust a legal
  // arrangement.
  CHECK_TYPED("Jeff Bezos started Amazon.", "P112", "Jeff Bezos");
  CHECK_TYPED("Priya Nair presides over the Greenway Trust.", "P488",
              "Priya Nair");
}

TEST_CASE("RelationTypes: a building or workplace in a known place is there",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  CHECK_TYPED("Ana works in our Berlin office.", "P937", "Berlin");
  ParsedFact f = Parse("Nadia Farouk was transferred to the Dubai office.");
  CHECK(f.value == "Dubai");
  CHECK(f.change_verb);
  // Not for a relation whose values are no places: a firm's office is the
  // firm.
  f = Parse("Ana works at the Siemens office.");
  CHECK(f.value.find("Siemens") != std::string::npos);
  CHECK(f.relation != "P937");
}

TEST_CASE("RelationTypes: a bare common noun of the wrong kind keys nothing",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  // Diesel is no broadcaster, whatever "runs on" may match.
  ParsedFact f = Parse("My car runs on diesel.");
  CHECK(f.relation != "P449");
  // With an article it refers to one thing, which WordNet may not know
  // ("startup" is only an act there).
  f = Parse("I work at a startup.");
  CHECK(f.relation == "P108");
  // Occupations are common nouns: "monarch" keeps its template.
  CHECK_TYPED("Elizabeth II works in the field of monarch.", "P106", "monarch");
}

TEST_CASE("RelationTypes: what the subject is chooses among language relations",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  // A film's language is its original language; a novel's, the language
  // it is written in.
  CHECK_TYPED("Parasite is a Korean-language film.", "P364", "Korean");
  CHECK_TYPED("Roma is a Spanish-language film by Alfonso Cuarón.", "P364",
              "Spanish");
  CHECK_TYPED("Beloved is an English-language novel.", "P407", "English");
}

TEST_CASE("RelationTypes: where a maker made works is where they worked",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  CHECK_TYPED(
      "Claude Monet painted in Giverny for the last decades of his life.",
      "P937", "Giverny");
  CHECK_TYPED("Bach composed in Leipzig.", "P937", "Leipzig");
  // Not a verb of making: "slept in Leipzig" is no workplace.
  ParsedFact f = Parse("Ana slept in Leipzig.");
  CHECK(f.relation != "P937");
}

TEST_CASE("RelationTypes: an agreement named by a relation's cue",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  CHECK_TYPED("Edinburgh has a twinning arrangement with Munich.", "P190",
              "Munich");
  CHECK_TYPED("Chicago signed a sister-city agreement with Milan in 1973.",
              "P190", "Milan");
  // An agreement whose words cue no relation stays as said.
  ParsedFact f = Parse("Acme has a partnership with Globex.");
  CHECK(f.mapping == "phrase");
}

TEST_CASE("RelationTypes: a negated belonging names no relation",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  for (const char* s :
       {"Norway is not part of the EU.", "Norway does not belong to the EU."}) {
    ParsedFact f = Parse(s);
    CHECK(f.relation != "P463");
    CHECK(f.mapping == "phrase");
  }
}

TEST_CASE("RelationTypes: a cue among a noun's modifiers names the relation",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  // "famous" and "celebrated" are cues of notable work, and a novel, a
  // painting and a song are kinds of its values.
  CHECK_TYPED("Harper Lee's most famous novel is To Kill a Mockingbird.",
              "P800", "To Kill a Mockingbird");
  CHECK_TYPED("Guernica is Pablo Picasso's most celebrated painting.", "P800",
              "Guernica");
  CHECK_TYPED("Imagine is John Lennon's best-known solo song.", "P800",
              "Imagine");
  // A cue whose relation takes no such value leaves the noun reading: a
  // site is no work.
  ParsedFact f = Parse("Jordan's most famous archaeological site is Petra.");
  CHECK(f.relation != "P800");
}

TEST_CASE("RelationTypes: a value whose head names a class relation",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  CHECK_TYPED("Dune belongs to the science fiction genre.", "P136",
              "science fiction");
  CHECK_TYPED("The Shining is a classic of the horror genre.", "P136",
              "horror");
  // A relation that already names its class keeps the value's name whole.
  CHECK_TYPED("The official language of Albania is Wa language.", "P37",
              "Wa language");
}

TEST_CASE("RelationTypes: 'V is S's N' with N a kind of work names its maker",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  // Read as "V is a N by S": the head noun and the maker choose.
  CHECK_TYPED("Pale Lantern is Odile Varga's second novel.", "P50",
              "Odile Varga");
  CHECK_TYPED("Tin Roof Blues is the Harlan Quartet's latest album.", "P175",
              "Harlan Quartet");
  ParsedFact work = Parse("Pale Lantern is Odile Varga's second novel.");
  CHECK(work.subject == "Pale Lantern");
  CHECK(work.evidence.find("is a novel by Odile Varga") != std::string::npos);
  // A person, an animal or a noun that names a relation is no work.
  ParsedFact friend_of = Parse("Cora Lind is Odile Varga's friend.");
  CHECK(friend_of.subject == "Odile Varga");
  CHECK(friend_of.relation == "friend");
  ParsedFact pet = Parse("Biscuit is Odile Varga's dog.");
  CHECK(pet.subject == "Odile Varga");
}

TEST_CASE("RelationTypes: 'V is S's N' with S a place and N a feature",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  // A feature or structure of a place is located there; the place's type
  // picks the relation. Either order of the copula.
  CHECK_TYPED("Aconcagua is Argentina's highest mountain.", "P17", "Argentina");
  CHECK_TYPED("Argentina's highest mountain is Aconcagua.", "P17", "Argentina");
  CHECK(Parse("Argentina's highest mountain is Aconcagua.").subject ==
        "Aconcagua");
  // A hypernym's relation ("landmark" -> position) yields to it.
  CHECK_TYPED("Lisbon's best-known landmark is the Belem Tower.", "P131",
              "Lisbon");
  // A noun modifier makes a relation noun of its own; a person is no
  // feature; a noun the canonicaliser found near a place relation keeps
  // the owner as subject.
  CHECK(Parse("Lisbon's sister city is Rio de Janeiro.").subject == "Lisbon");
  CHECK(Parse("Mila Oren is Argentina's best chess player.").subject ==
        "Argentina");
  CHECK_TYPED("Carnac's administrative territory is Morbihan.", "P131",
              "Morbihan");
}

TEST_CASE("RelationTypes: an apposition headed by a longer possessive name",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  ParseContext ctx;
  auto facts = TheParser().ParseStatements(
      "Pale Lantern, Odile Varga's second novel, sold out in a week.", &ctx);
  REQUIRE(facts.ok());
  bool author = false;
  for (const ParsedFact& f : *facts) {
    author = author || (f.subject == "Pale Lantern" && f.relation == "P50" &&
                        f.value == "Odile Varga");
  }
  CHECK(author);
}

TEST_CASE("Grammar: a lone adverb after a verb is no object",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  ParseContext ctx;
  auto r = TheParser().ParseSentence("Pale Lantern sold badly.", &ctx);
  REQUIRE_FALSE(r.ok());
  CHECK(r.status().message().find("adverb") != std::string::npos);
  // A word WordNet also knows as a noun is an object ("plays piano").
  CHECK(Parse("Odile Varga plays piano.").value == "piano");
  // After a preposition a word is an object again.
  CHECK(Parse("Odile Varga works from home.").value == "home");
}

TEST_CASE("RelationTypes: a person named for what they do names its class",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  // WordNet derives "golfer" from the verb "golf", and that from the
  // sport: the one class relation whose values hold it.
  CHECK_TYPED("Mirela Dobos is a golfer.", "P641", "golf");
  CHECK_TYPED("Mirela Dobos is a wrestler.", "P641", "wrestling");
  // An occupation WordNet files as one stays the occupation.
  CHECK_TYPED("Mirela Dobos is a pianist.", "P106", "pianist");
}

TEST_CASE("RelationTypes: a name and a capitalised adjective alone",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  // As "is a French person": the adjective names the country or faith.
  CHECK_TYPED("Mirela Dobos is Romanian.", "P27", "Romania");
  CHECK_TYPED("Mirela Dobos was Catholic.", "P140", "Catholicism");
  // An adjective that stays itself, or a "The ..." subject, says neither.
  ParseContext ctx;
  CHECK_FALSE(TheParser().ParseSentence("Glass Harbour is Korean.", &ctx).ok());
  // A one-word name is as likely a firm's: "Nokia is Finnish".
  CHECK_FALSE(TheParser().ParseSentence("Varkaus is Finnish.", &ctx).ok());
  ParsedFact tower = Parse("The Kessel Tower is Romanian.");
  CHECK(tower.relation != "P27");
}

TEST_CASE("RelationTypes: a kind of work beside the head noun is its genre",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  // Fantasy and a novel are both kinds of fiction: the fantasy is the
  // novel's genre. The sentence says what the subject is, so a title
  // WordNet knows as something else ("Dune") still takes it.
  CHECK_TYPED("Dune is a fantasy novel.", "P136", "fantasy");
  CHECK_TYPED("Copper Lantern is a science fiction novel.", "P136",
              "science fiction");
  CHECK_TYPED("Copper Lantern is a documentary film.", "P136", "documentary");
  // People are no works; a lower-case noun is no author.
  CHECK(Parse("Arjun Mehta is a senior engineer.").relation == "P106");
  ParsedFact spy = Parse("Copper Lantern is a spy novel.");
  CHECK(spy.relation != "P50");
}

TEST_CASE("RelationTypes: an adjective WordNet knows whole names its noun",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  CHECK_TYPED("Copper Lantern is a South Korean series.", "P495",
              "South Korea");
}

TEST_CASE("RelationTypes: an occupation in a place or at a firm",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  // Where S works, or for whom; the occupation is a side statement.
  CHECK_TYPED("Lea Hartl is a lawyer in Madrid.", "P937", "Madrid");
  CHECK_TYPED("Lea Hartl is an analyst at Quorra Freight.", "P108",
              "Quorra Freight");
  // A tourist works nowhere.
  CHECK(Parse("Lea Hartl is a tourist in Rome.").relation != "P937");
}

TEST_CASE("RelationTypes: adjectives before a class value say how, not what",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  CHECK_TYPED("Lea Hartl is a well-known novelist.", "P106", "novelist");
  CHECK_TYPED("Lea Hartl is a practising Muslim.", "P140", "Muslim");
  // A noun or a relational adjective before the head makes a title of it.
  CHECK_TYPED("Lea Hartl is a staff engineer.", "P106", "staff engineer");
  CHECK_TYPED("Lea Hartl is a civil engineer.", "P106", "civil engineer");
  // A title-cased compound after a dash is one title.
  ParsedFact f = Parse(
      "Lea Hartl serves as Secretary-General of the Quorra "
      "Alliance.");
  CHECK(f.subject == "the Quorra Alliance");
  CHECK(f.value == "Lea Hartl");
}

TEST_CASE("RelationTypes: an athlete named for a sport states the sport too",
          "[atoms][relation_types]") {
  if (!HaveWordNet()) return;
  ParseContext ctx;
  auto facts = TheParser().ParseStatements("Mirela Dobos is a swimmer.", &ctx);
  REQUIRE(facts.ok());
  bool occupation = false, sport = false;
  for (const ParsedFact& f : *facts) {
    occupation = occupation || (f.relation == "P106" && f.value == "swimmer");
    sport = sport || (f.relation == "P641" && f.value == "swimming");
  }
  CHECK(occupation);
  CHECK(sport);
  // A modifier that is no class value leaves the head's sport.
  CHECK_TYPED("Mirela Dobos is a professional cyclist.", "P641", "cycling");
  // A painter is named for painting, which is no sport and no work of hers.
  auto painter =
      TheParser().ParseStatements("Mirela Dobos is a painter.", &ctx);
  REQUIRE(painter.ok());
  CHECK(painter->size() == 1);
}

std::size_t Keyed(const std::vector<ParsedFact>& facts,
                  std::string_view relation) {
  return static_cast<std::size_t>(std::count_if(
      facts.begin(), facts.end(),
      [&](const ParsedFact& f) { return f.relation == relation; }));
}

TEST_CASE("RelationTypes: a class noun in an adjunct states its relation",
          "[atoms][types]") {
  if (!HaveWordNet()) return;
  // Sport, position, language and religion, whatever the main verb says.
  auto f = Statements("Greta Lind took four world titles in badminton.");
  CHECK(Holds(f, "Greta Lind", "P641", "badminton"));
  f = Statements("Omar Haddad started every game last season as a goalkeeper.");
  CHECK(Holds(f, "Omar Haddad", "P413", "goalkeeper"));
  f = Statements("Ines Moreau published her early poems in Portuguese.");
  CHECK(Holds(f, "Ines Moreau", "P1412", "Portuguese"));
  f = Statements("Tariq Shah found comfort in Buddhism after the war.");
  CHECK(Holds(f, "Tariq Shah", "P140", "Buddhism"));
  // The longest phrase WordNet knows is the one named: a country, no
  // language.
  f = Statements("Pavel Novak opened a bakery in Czech Republic.");
  CHECK(Keyed(f, "P1412") == 0);
  // A company, a place, a time or a field names no class relation.
  CHECK(Statements("Lena Vogt works at Siemens.").size() == 1);
  CHECK(Statements("Lena Vogt lives in Leipzig.").size() == 1);
  CHECK(Keyed(Statements("Lena Vogt works in finance."), "P641") == 0);
  // Negated or hedged, nothing; two sports in one line, neither.
  CHECK(Keyed(Statements("Omar Haddad did not win a title as a goalkeeper."),
              "P413") == 0);
  CHECK(Keyed(Statements("Greta Lind won titles in badminton and later "
                         "medals in squash."),
              "P641") == 0);
  // A slot the main clause keys is not stated twice.
  f = Statements("Greta Lind competes in tennis.");
  CHECK(Keyed(f, "P641") == 1);
}

TEST_CASE("RelationTypes: a maker's possessive before a work's name",
          "[atoms][types]") {
  if (!HaveWordNet()) return;
  // The line is about the work; the kind of work it names picks the
  // maker's relation.
  auto f = Statements(
      "Haruki Murakami's Norwegian Wood is a novel set in "
      "Tokyo.");
  CHECK(Holds(f, "Norwegian Wood", "P50", "Haruki Murakami"));
  CHECK(f.front().subject == "Norwegian Wood");
  f = Statements(
      "The Smiths' Hatful of Hollow is a compilation album from "
      "1984.");
  CHECK(Holds(f, "Hatful of Hollow", "P175", "The Smiths"));
  CHECK(Keyed(f, "P50") == 0);
  // No kind named, but a title's shape: its creator.
  f = Statements("Hokusai's The Great Wave is printed on countless posters.");
  CHECK(Holds(f, "The Great Wave", "P170", "Hokusai"));
  // A relation noun is read as "S's R is V".
  f = Statements("Apple's CEO is Tim Cook.");
  CHECK(Holds(f, "Apple", "P169", "Tim Cook"));
  // A place's name names no maker.
  f = Statements("Spain's Rafael Nadal won the French Open.");
  for (const char* maker : {"P50", "P170", "P175", "P176", "P178"}) {
    CHECK(Keyed(f, maker) == 0);
  }
  // A possessive inside one name: the name stays whole, with no maker
  // split from it.
  f = Statements("Baldur's Gate was developed by BioWare.");
  CHECK(Holds(f, "Baldur's Gate", "P178", "BioWare"));
  CHECK(f.size() == 1);
  f = Statements("People's Republic of China is located in Asia.");
  CHECK(f.front().subject == "People's Republic of China");
  f = Statements("The Pilgrim's Progress was written in English.");
  CHECK(f.front().subject == "The Pilgrim's Progress");
  CHECK(Keyed(f, "P50") == 0);
  f = Statements(
      "Colt's Manufacturing Company was founded by Samuel "
      "Colt.");
  CHECK(Holds(f, "Colt's Manufacturing Company", "P112", "Samuel Colt"));
  f = Statements("Toyota's Corolla is the best-selling car in history.");
  CHECK(f.size() <= 1);
  for (const char* maker : {"P170", "P176", "P131"}) {
    CHECK(Keyed(f, maker) == 0);
  }
}

TEST_CASE(
    "RelationTypes: a participle's clause after 'is a N' is a statement "
    "of its own",
    "[atoms][types]") {
  if (!HaveWordNet()) return;
  auto f = Statements("Beowulf is an epic poem composed in Old English.");
  CHECK(Holds(f, "Beowulf", "P407", "Old English"));
  f = Statements(
      "Squid Game is a South Korean survival drama created by "
      "Hwang Dong-hyuk.");
  CHECK(Holds(f, "Squid Game", "P170", "Hwang Dong-hyuk"));
  // The noun phrase before the participle keys on its own.
  f = Statements(
      "Frida Kahlo was a Mexican painter known above all for her "
      "self-portraits.");
  CHECK(Holds(f, "Frida Kahlo", "P106", "painter"));
  f = Statements("Lua is a language created in Brazil.");
  CHECK(Holds(f, "Lua", "P495", "Brazil"));
  // A relative pronoun opens a clause the grammar reads whole.
  f = Statements(
      "SpaceX is the rocket company that Elon Musk created in "
      "2002.");
  CHECK(Holds(f, "SpaceX", "P170", "Elon Musk"));
}

TEST_CASE("RelationTypes: joining a firm in a job is employment",
          "[atoms][types]") {
  if (!HaveWordNet()) return;
  auto f = Statements(
      "Sheryl Sandberg joined Facebook as chief operating "
      "officer in 2008.");
  CHECK(Holds(f, "Sheryl Sandberg", "P108", "Facebook"));
  CHECK(Holds(f, "Sheryl Sandberg", "P106", "chief operating officer"));
  CHECK(Keyed(f, "P463") == 0);
  f = Statements("Ana Ruiz joined Acme as an engineer.");
  CHECK(Holds(f, "Ana Ruiz", "P108", "Acme"));
  // The job without its determiner or "new".
  f = Statements("Ana Ruiz joined Acme Corp as its new engineer.");
  CHECK(Holds(f, "Ana Ruiz", "P106", "engineer"));
  // Without a job, or in a player's role, joining stays membership.
  f = Statements("Ana Ruiz joined Acme Corp in 2019.");
  CHECK(Holds(f, "Ana Ruiz", "P463", "Acme Corp"));
  f = Statements("Ana Ruiz joined Real Madrid as a goalkeeper.");
  CHECK(Holds(f, "Ana Ruiz", "P463", "Real Madrid"));
  CHECK(Keyed(f, "P108") == 0);
}

TEST_CASE(
    "RelationTypes: a hedged or superlative classification names its class",
    "[atoms][types]") {
  if (!HaveWordNet()) return;
  // A title after the possessive is the subject, and the class the hedge
  // names gives the genre and the maker's relation.
  auto f = Statements(
      "Pink Floyd's The Dark Side of the Moon is widely regarded as the "
      "greatest progressive rock album ever.");
  CHECK(Holds(f, "The Dark Side of the Moon", "P136", "progressive rock"));
  CHECK(Holds(f, "The Dark Side of the Moon", "P175", "Pink Floyd"));
  f = Statements(
      "Led Zeppelin's Houses of the Holy is one of the most influential "
      "hard rock albums in history.");
  CHECK(Holds(f, "Houses of the Holy", "P136", "hard rock"));
  CHECK(Holds(f, "Houses of the Holy", "P175", "Led Zeppelin"));
  // Praise before the class is no genre.
  f = Statements("Foundation is a best-selling science fiction novel.");
  CHECK(Holds(f, "Foundation", "P136", "science fiction"));
  f = Statements("Rust is a widely used language.");
  CHECK(Keyed(f, "P407") == 0);
  CHECK(Keyed(f, "P1412") == 0);
  // A superlative's frame names no subject: "of all time" is not the
  // owner of a relation.
  f = Statements("Abbey Road is the best-loved album of all time.");
  for (const ParsedFact& a : f) CHECK(a.subject == "Abbey Road");
  // An unhedged "the R of S" still names a relation.
  f = Statements("Canberra is the capital of Australia.");
  CHECK(Holds(f, "Australia", "P36", "Canberra"));
  // A relation noun after a possessive is no title.
  f = Statements("Acme's Chief of Staff is Bob Ray.");
  CHECK(f.front().subject == "Acme");
}

TEST_CASE("RelationTypes: a role noun's owner picks the relation it cues",
          "[atoms][types]") {
  if (!HaveWordNet()) return;
  // "president" cues head of state (a place's) and chairperson (an
  // organisation's).
  auto f = Statements("Gianni Infantino leads FIFA as president.");
  CHECK(Holds(f, "FIFA", "P488", "Gianni Infantino"));
  f = Statements("The president of the Royal Society is Adrian Smith.");
  CHECK(Holds(f, "the Royal Society", "P488", "Adrian Smith"));
  f = Statements("The president of Finland is Alexander Stubb.");
  CHECK(Holds(f, "Finland", "P35", "Alexander Stubb"));
  // An owner of unknown kind decides nothing: no organisation is guessed.
  f = Statements("The president of Tessaly is Anton Varga.");
  CHECK(Keyed(f, "P488") == 0);
}

TEST_CASE("RelationTypes: a 'while' adjunct is about the line's subject",
          "[atoms][types]") {
  if (!HaveWordNet()) return;
  auto f = Statements(
      "Linus Torvalds wrote the first Linux kernel while working at the "
      "University of Helsinki.");
  CHECK(Holds(f, "Linus Torvalds", "P108", "University of Helsinki"));
  f = Statements(
      "Ada Vance founded a chess club while a student at Yale "
      "University.");
  CHECK(Holds(f, "Ada Vance", "P69", "Yale University"));
  // A clause with a subject of its own says nothing about the line's.
  f = Statements(
      "Ada Vance founded a chess club while her brother was a student at "
      "Yale University.");
  CHECK(!Holds(f, "Ada Vance", "P69", "Yale University"));
}

TEST_CASE("RelationTypes: a name's head noun classifies by its common senses",
          "[atoms][types]") {
  if (!HaveWordNet()) return;
  // "Rand" is also a region (the Witwatersrand); as a name's head it
  // makes no place of an employer.
  auto f = Statements("Grace Hopper was employed by Remington Rand.");
  CHECK(Keyed(f, "P937") == 0);
}

}  // namespace
}  // namespace factline
