// Relation canonicalisation (issue 8): the mechanisms that make the same
// fact, worded differently, key on the same slot. Sentences are made up
// here; none comes from datasets/paraphrase/.
#include "atoms/internal/canonical.h"

#include <catch2/catch.hpp>

#include "atoms/atoms.h"

namespace factline::internal {
namespace {

using C = Canonicalizer;

TEST_CASE("Canonical: aspect words do not change the slot",
          "[atoms][canonical]") {
  CHECK(C::Signature("new phone number", PhraseKind::kNoun) == "phone");
  CHECK(C::Signature("current laptop", PhraseKind::kNoun) == "laptop");
  CHECK(C::Signature("latest car", PhraseKind::kNoun) ==
        C::Signature("car", PhraseKind::kNoun));
  // Alone it is the relation, not an aspect of one.
  CHECK(C::Signature("current", PhraseKind::kNoun) == "current");
}

TEST_CASE("Canonical: closed-up WordNet compounds meet the spaced form",
          "[atoms][canonical]") {
  CHECK(C::Signature("time zone", PhraseKind::kNoun) ==
        C::Signature("timezone", PhraseKind::kNoun));
  // "username" is a light head like "handle": the service names the slot.
  CHECK(C::Signature("forum username", PhraseKind::kNoun) ==
        C::Signature("forum handle", PhraseKind::kNoun));
  // Words WordNet does not join stay apart.
  CHECK(C::Signature("coffee order", PhraseKind::kNoun) == "coffee order");
}

TEST_CASE("Canonical: changing what one uses keys on 'use'",
          "[atoms][canonical]") {
  const std::string use = C::Signature("uses", PhraseKind::kVerb);
  CHECK(C::Signature("switched to", PhraseKind::kVerb) == use);
  CHECK(C::Signature("has upgraded to", PhraseKind::kVerb) == use);
  CHECK(C::Signature("migrated to", PhraseKind::kVerb) == use);
  // Moving somewhere is not using it.
  CHECK(C::Signature("moved to", PhraseKind::kVerb) != use);
}

TEST_CASE("Canonical: lexicon phrasings map to their relation",
          "[atoms][canonical]") {
  const Canonicalizer canon(Lexicon::Builtin());
  Mapping m = canon.Map("reports to", PhraseKind::kVerb, false);
  CHECK(m.key == "P1037");
  CHECK(m.mapping == "lexicon");
  m = canon.Map("fathered", PhraseKind::kVerb, false);
  CHECK(m.key == "P40");
  m = canon.Map("makes her living as", PhraseKind::kVerb, false);
  CHECK(m.key == "P106");
  m = canon.Map("was painted by", PhraseKind::kVerb, false);
  CHECK(m.key == "P170");
  CHECK_FALSE(m.inverse);
  // The active reads the passive template backwards.
  m = canon.Map("sculpted", PhraseKind::kVerb, false);
  CHECK(m.key == "P170");
  CHECK(m.inverse);
  // P276 (location) keys on P131.
  m = canon.Map("is housed in", PhraseKind::kVerb, false);
  CHECK(m.key == "P131");
}

TEST_CASE("Canonical: a rank before or a qualifier after a relation noun",
          "[atoms][canonical]") {
  const Canonicalizer canon(Lexicon::Builtin());
  // The noun names the relation; rank and qualifier say which holder.
  CHECK(canon.Map("youngest daughter", PhraseKind::kNoun, false).key == "P40");
  CHECK(canon.Map("first chairman", PhraseKind::kNoun, false).key == "P488");
  CHECK(canon.Map("longest-serving director", PhraseKind::kNoun, false).key ==
        "P1037");
  CHECK(canon.Map("sister city in norway", PhraseKind::kNoun, false).key ==
        "P190");
  CHECK(canon.Map("chairman until 2019", PhraseKind::kNoun, false).key ==
        "P488");
  Mapping m = canon.Map("wife since 2001", PhraseKind::kNoun, false);
  CHECK(m.key == "P26");
  CHECK(m.score < 0.95);  // weaker than the noun alone
  // A quality is no rank, and a compound WordNet knows stays whole.
  CHECK(canon.Map("favorite language", PhraseKind::kNoun, false).mapping ==
        "phrase");
  CHECK(canon.Map("first language", PhraseKind::kNoun, false).key == "P1412");
  // A qualifier without a relation noun before it keys the phrase.
  CHECK(canon.Map("phone number at work", PhraseKind::kNoun, false).mapping ==
        "phrase");
}

TEST_CASE("Canonical: a type noun after a location verb names the relation",
          "[atoms][canonical]") {
  const Canonicalizer canon(Lexicon::Builtin());
  Mapping m = canon.Map("lies on continent", PhraseKind::kVerb, false);
  CHECK(m.key == "P30");
  CHECK(m.mapping == "lexicon");
  m = canon.Map("is found in country", PhraseKind::kVerb, false);
  CHECK(m.key == "P17");
  // Without a type noun the verb phrase keys as itself.
  m = canon.Map("sits beside", PhraseKind::kVerb, false);
  CHECK(m.mapping == "phrase");
  // A noun phrase is not read as verb + type noun.
  m = canon.Map("trip to continent", PhraseKind::kNoun, false);
  CHECK(m.key != "P30");
}

TEST_CASE("Canonical: a verb template's lemma is not noun evidence",
          "[atoms][canonical]") {
  const Canonicalizer canon(Lexicon::Builtin());
  // "[X] fathered __" is P40 (X's child); "S's father is V" is the other
  // direction, so the noun "father" must not key on P40 as written.
  Mapping m = canon.Map("fathered", PhraseKind::kVerb, false);
  CHECK(m.key == "P40");
  CHECK_FALSE(m.inverse);
  m = canon.Map("father", PhraseKind::kNoun, false);
  CHECK((m.key != "P40" || m.inverse));
  CHECK_FALSE(canon.KnowsNoun("father"));
  // Aliases hold for both: the noun "citizenship" is still P27.
  CHECK(canon.KnowsNoun("citizenship"));
}

TEST_CASE("Canonical: a change verb's object names the slot",
          "[atoms][canonical]") {
  const Canonicalizer canon(Lexicon::Builtin());
  const std::string shell =
      canon.Map("login shell", PhraseKind::kNoun, false).key;
  CHECK(canon.Map("switched login shell to", PhraseKind::kVerb, false).key ==
        shell);
  CHECK(canon.Map("changed my login shell to", PhraseKind::kVerb, false).key ==
        shell);
  CHECK(
      canon.Map("replaced my login shell with", PhraseKind::kVerb, false).key ==
      shell);
  // "replace ... to" and "switch ... with" are not change-of-slot phrases.
  CHECK(canon.Map("switched login shell with", PhraseKind::kVerb, false).key !=
        shell);
}

TEST_CASE("Canonical: account tokens meet across wordings",
          "[atoms][canonical]") {
  CHECK(C::Signature("gitea username", PhraseKind::kNoun) ==
        C::Signature("gitea handle", PhraseKind::kNoun));
  // A name WordNet does not know keeps the slot without the light head.
  CHECK(C::Signature("gitea handle", PhraseKind::kNoun) == "gitea");
  CHECK(C::Signature("vpn address", PhraseKind::kNoun) == "vpn");
  CHECK(C::Signature("first name", PhraseKind::kNoun) == "first name");
}

TEST_CASE("Canonical: reworded updates meet the original slot",
          "[atoms][canonical]") {
  auto parser = Parser::Create(Lexicon::Builtin());
  REQUIRE(parser.ok());
  auto key = [&](const char* s) {
    auto f = parser->ParseSentence(s);
    REQUIRE(f.ok());
    return f->subject + " | " + f->relation;
  };
  CHECK(key("Nora's phone number is 555-0123.") ==
        key("Nora's new phone number is 555-0456."));
  CHECK(key("Nora's time zone is Europe/Paris.") ==
        key("Nora's timezone is Europe/Rome."));
  CHECK(key("Nora uses Emacs.") == key("Nora switched to Neovim."));
  CHECK(key("Nora's manager is Theo.") == key("Nora reports to Ines."));
  CHECK(key("Nora lives in Ghent.") == key("Nora settled in Leuven."));
  CHECK(key("Nora likes chess.").find("likes") != std::string::npos);
  CHECK(key("Nora is keen on chess.") == key("Nora likes chess."));
  CHECK(key("Nora has an allergy to latex.") ==
        key("Nora is allergic to latex."));
}

TEST_CASE("Canonical: WordNet synonyms of lexicon phrasings map",
          "[atoms][canonical][synonyms]") {
  const Canonicalizer canon(Lexicon::Builtin());
  // "perish" shares "die"'s first synset: "[X] died in __".
  Mapping m = canon.Map("perished in", PhraseKind::kVerb, false);
  CHECK(m.key == "P20");
  CHECK(m.mapping == "lexicon");
  CHECK_FALSE(m.inverse);
  CHECK(m.evidence.find("synonym") != std::string::npos);
  CHECK(m.score < 1.0);
  // "wed" shares "marry"'s first synset: "[X] married __".
  m = canon.Map("wed", PhraseKind::kVerb, false);
  CHECK(m.key == "P26");
  // A two-word WordNet lemma: "set up" is "establish".
  m = canon.Map("was set up by", PhraseKind::kPassive, false);
  CHECK(m.key == "P112");
  CHECK_FALSE(m.inverse);
  // A spelling variant is exact evidence ("practices" / "[X] practises").
  m = canon.Map("practices", PhraseKind::kVerb, false);
  CHECK(m.key == "P140");
  CHECK(m.score >= 0.99);
}

TEST_CASE("Canonical: widening never keys a very polysemous verb",
          "[atoms][canonical][synonyms]") {
  const Canonicalizer canon(Lexicon::Builtin());
  // "use" shares a synset with "employ", but "[X] is employed by __" is
  // another sense: two inferences (synonym, active of passive) are weak.
  Mapping m = canon.Map("uses", PhraseKind::kVerb, false);
  CHECK(m.key != "P108");
  // A widened match below the threshold keys the phrase, not review.
  m = canon.Map("boss", PhraseKind::kNoun, false);
  CHECK(m.mapping == "phrase");
  CHECK(m.key == "boss");
}

TEST_CASE("Canonical: an agent noun's verb reads subject as the value",
          "[atoms][canonical][direction]") {
  const Canonicalizer canon(Lexicon::Builtin());
  // "S coaches O": S is O's head coach (alias "coach", an agent noun).
  Mapping m = canon.Map("coaches", PhraseKind::kVerb, false);
  CHECK(m.key == "P286");
  CHECK(m.inverse);
  // "chair" is the verb WordNet derives from "chairperson".
  m = canon.Map("chairs", PhraseKind::kVerb, false);
  CHECK(m.key == "P488");
  CHECK(m.inverse);
  // The passive reads forwards.
  m = canon.Map("is chaired by", PhraseKind::kPassive, false);
  CHECK(m.key == "P488");
  CHECK_FALSE(m.inverse);
  // "broadcast by" (no -ed participle): "broadcaster" is the agent.
  m = canon.Map("originally broadcast by", PhraseKind::kVerb, false);
  CHECK(m.key == "P449");
  CHECK_FALSE(m.inverse);
  // The active of a stative template: "[X] is signed to __".
  m = canon.Map("signed", PhraseKind::kVerb, false);
  CHECK(m.key == "P264");
  CHECK(m.inverse);
  // ... never above a passive "by" template: "[X] was established by __"
  // wins over "[X] was established in __".
  m = canon.Map("established", PhraseKind::kVerb, false);
  CHECK(m.key == "P112");
  CHECK(m.inverse);
}

TEST_CASE("Canonical: role nouns and their converses keep direction",
          "[atoms][canonical][direction]") {
  const Canonicalizer canon(Lexicon::Builtin());
  // "S is a child of V" is V's child S.
  Mapping m = canon.Map("child of", PhraseKind::kVerb, false);
  CHECK(m.key == "P40");
  CHECK(m.inverse);
  // A template's noun reads forwards: "[X] is a citizen of __".
  m = canon.Map("citizen of", PhraseKind::kVerb, false);
  CHECK(m.key == "P27");
  CHECK_FALSE(m.inverse);
  // WordNet: "mother" is a "parent", the antonym of "child".
  m = canon.Map("mother", PhraseKind::kNoun, false);
  CHECK(m.key == "P40");
  CHECK(m.inverse);
  CHECK(m.evidence.find("converse") != std::string::npos);
  // "employee" is the antonym of "employer".
  m = canon.Map("employee", PhraseKind::kNoun, false);
  CHECK(m.key == "P108");
  CHECK(m.inverse);
  m = canon.Map("employee of", PhraseKind::kVerb, false);
  CHECK(m.key == "P108");
  CHECK_FALSE(m.inverse);
}

TEST_CASE("Canonical: direction through the parser",
          "[atoms][canonical][direction]") {
  auto parser = Parser::Create(Lexicon::Builtin());
  REQUIRE(parser.ok());
  auto atom = [&](const char* s) {
    auto f = parser->ParseSentence(s);
    REQUIRE(f.ok());
    return f->subject + " | " + f->relation + " | " + f->value;
  };
  CHECK(atom("Greta is the mother of Olaf.") == "Greta | P40 | Olaf");
  CHECK(atom("Olaf is a son of Greta.") == "Greta | P40 | Olaf");
  CHECK(atom("Vera coaches Falcon United.") == "Falcon United | P286 | Vera");
  CHECK(atom("Vera chairs Globex.") == "Globex | P488 | Vera");
  CHECK(atom("Globex was set up by Vera.") == "Globex | P112 | Vera");
}

TEST_CASE("Canonical: a lexicon phrasing with the value's preposition",
          "[atoms][canonical]") {
  const Canonicalizer canon(Lexicon::Builtin());
  // The cue "lost his life" plus the preposition before the value.
  Mapping m = canon.Map("lost his life in", PhraseKind::kVerb, false);
  CHECK(m.key == "P20");
  CHECK_FALSE(m.inverse);
  // A role noun is not read without its "of": "child of" stays inverse.
  m = canon.Map("child of", PhraseKind::kVerb, false);
  CHECK(m.inverse);
}

TEST_CASE("Canonical: the locative preposition before a place may vary",
          "[atoms][canonical]") {
  const Canonicalizer canon(Lexicon::Builtin());
  // "[X] studied at __", "[X] lives in __" (also the relation's id).
  Mapping m = canon.Map("studied in", PhraseKind::kVerb, false);
  CHECK(m.key == "P69");
  CHECK(m.score < 1.0);
  m = canon.Map("lives at", PhraseKind::kVerb, false);
  CHECK(m.key == "lives_in");
  // Only in/at/on: "lives with" is someone else.
  m = canon.Map("lives with", PhraseKind::kVerb, false);
  CHECK(m.key != "lives_in");
}

TEST_CASE("Canonical: a role noun of a symmetric relation is not a converse",
          "[atoms][canonical][direction]") {
  const Canonicalizer canon(Lexicon::Builtin());
  // "hubby" is the antonym of the alias "wife", but itself a "husband", a
  // "spouse": "S's hubby is V" is S's spouse V.
  Mapping m = canon.Map("hubby", PhraseKind::kNoun, false);
  CHECK(m.key == "P26");
  CHECK_FALSE(m.inverse);
}

TEST_CASE("Canonical: a converse two hypernyms up", "[atoms][canonical]") {
  const Canonicalizer canon(Lexicon::Builtin());
  // "dad" is a "father", a "parent": the antonym of "child".
  Mapping m = canon.Map("dad", PhraseKind::kNoun, false);
  CHECK(m.key == "P40");
  CHECK(m.inverse);
}

TEST_CASE("Canonical: a light verb's noun names the relation",
          "[atoms][canonical]") {
  const Canonicalizer canon(Lexicon::Builtin());
  // "education" is a P69 alias and P69 is "educated at".
  Mapping m = canon.Map("got his education at", PhraseKind::kVerb, false);
  CHECK(m.key == "P69");
  CHECK_FALSE(m.inverse);
  m = canon.Map("got her education in", PhraseKind::kVerb, false);
  CHECK(m.key == "P69");
  m = canon.Map("made her home in", PhraseKind::kVerb, false);
  CHECK(m.key == "lives_in");
  // "job" is an occupation alias, but no occupation phrasing ends in
  // "at": a job at V is not the occupation V.
  m = canon.Map("took a job at", PhraseKind::kVerb, false);
  CHECK(m.key != "P106");
}

TEST_CASE("Canonical: a capitalised title is keyed as written",
          "[atoms][canonical]") {
  const Canonicalizer canon(Lexicon::Builtin());
  // "The Premier of Nova Scotia is V" names an office, even when the
  // lexicon knows the word as a role ("premier" is a P6 alias).
  Mapping m = canon.Map("premier", PhraseKind::kNoun, /*capitalised=*/true);
  CHECK(m.mapping == "phrase");
  m = canon.Map("prime minister", PhraseKind::kNoun, /*capitalised=*/true);
  CHECK(m.mapping == "phrase");
  CHECK(m.key == "prime minister");
}

TEST_CASE("Canonical: single cue words name alternatives, never the key",
          "[atoms][canonical]") {
  const Canonicalizer canon(Lexicon::Builtin());
  Mapping m = canon.Map("heads", PhraseKind::kVerb, false);
  CHECK(m.mapping != "lexicon");
  auto has = [&m](const char* id) {
    for (const std::string& a : m.alternatives) {
      if (a == id) return true;
    }
    return false;
  };
  CHECK(has("P488"));
  CHECK(has("P169"));
  CHECK(has("P1037"));
  // Single cue words are loose evidence: score 0.
  REQUIRE(m.alternative_scores.size() == m.alternatives.size());
  for (double score : m.alternative_scores) CHECK(score == 0);
  // The mapped relation comes first.
  m = canon.Map("chairs", PhraseKind::kVerb, false);
  REQUIRE_FALSE(m.alternatives.empty());
  CHECK(m.alternatives.front() == "P488");
  CHECK(m.alternative_scores.front() == m.score);
}

TEST_CASE("Canonical: modifiers before a relation noun drop as a last resort",
          "[atoms][canonical]") {
  const Lexicon& lexicon = Lexicon::Builtin();
  Canonicalizer canon(lexicon);
  Mapping m = canon.Map("naturalized citizen of", PhraseKind::kNoun, false);
  CHECK(m.mapping == "lexicon");
  CHECK(m.key == "P27");
  CHECK(m.evidence.find("without modifier") != std::string::npos);
  m = canon.Map("sole official language", PhraseKind::kNoun, false);
  CHECK(m.key == "P37");
  // A bare noun left alone names too much: "first language" is not the
  // language a work is in.
  CHECK(canon.Map("first language", PhraseKind::kNoun, false).key != "P407");
  // A noun modifier makes a compound of its own: "twin city" is no "city".
  m = canon.Map("twin city", PhraseKind::kNoun, false);
  CHECK(m.evidence.find("without modifier") == std::string::npos);
}

TEST_CASE("Canonical: a noun of what a verb makes is the verb's passive",
          "[atoms][canonical]") {
  const Canonicalizer canon(Lexicon::Builtin());
  // "S is a product of V": S is produced by V (forwards).
  Mapping m = canon.Map("product of", PhraseKind::kNoun, false);
  CHECK(m.key == "P176");
  CHECK_FALSE(m.inverse);
  // "The creation of V is S": the noun alone reads backwards.
  m = canon.Map("creation", PhraseKind::kNoun, false);
  CHECK(m.key == "P170");
  CHECK(m.inverse);
  // An agent noun names the maker, not the made: "the builder of V" is
  // no passive of "build".
  m = canon.Map("builder of", PhraseKind::kNoun, false);
  CHECK(m.evidence.find("passive of the verb") == std::string::npos);
}

}  // namespace
}  // namespace factline::internal
