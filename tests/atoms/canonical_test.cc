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
  m = canon.Map("father", PhraseKind::kNoun, false);
  CHECK(m.key != "P40");
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

}  // namespace
}  // namespace factline::internal
