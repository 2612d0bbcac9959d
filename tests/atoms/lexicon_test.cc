#include <catch2/catch.hpp>

#include "atoms/atoms.h"
#include "tests/test_util.h"

namespace factline {
namespace {

TEST_CASE("Lexicon: the built-in lexicon covers every MQuAKE relation",
          "[atoms]") {
  const Lexicon& lex = Lexicon::Builtin();
  REQUIRE(lex.relations().size() >= 44);
  const RelationDef* sport = lex.Find("P641");
  REQUIRE(sport != nullptr);
  CHECK(sport->cardinality == Cardinality::kOne);
  CHECK(sport->sentence_templates.at(0) ==
        "[X] is associated with the sport of __");
  // P276 shares P131's template; it is keyed on P131.
  REQUIRE(lex.Find("P276") != nullptr);
  CHECK(lex.Find("P276")->id == "P131");
  CHECK(lex.CanonicalRelation("country of citizenship") == "P27");
  CHECK(lex.CanonicalRelation("P641") == "P641");
  // Aliases find a relation but do not key facts (see FindByAlias).
  CHECK(lex.CanonicalRelation("birthplace") == "birthplace");
  REQUIRE(lex.FindByAlias("birthplace") != nullptr);
  CHECK(lex.FindByAlias("birthplace")->id == "P19");
  CHECK(lex.CanonicalRelation("Favourite Colour") == "favourite colour");
  CHECK(lex.CardinalityOf("likes") == Cardinality::kMany);
}

TEST_CASE("Lexicon: the embedded copy equals datasets/lexicon/relations.json",
          "[atoms]") {
  auto from_file =
      Lexicon::FromFile(testing::SourcePath("datasets/lexicon/relations.json"));
  REQUIRE(from_file.ok());
  CHECK(from_file->relations().size() == Lexicon::Builtin().relations().size());
}

TEST_CASE("Lexicon: invalid files are refused with the field named",
          "[atoms]") {
  CHECK_FALSE(Lexicon::FromJson("{not json").ok());
  auto no_id = Lexicon::FromJson(R"({"relations":[{"name":"x"}]})");
  REQUIRE_FALSE(no_id.ok());
  CHECK(no_id.status().message().find("'id'") != std::string::npos);
  auto bad_card = Lexicon::FromJson(
      R"({"relations":[{"id":"a","name":"a","cardinality":"few"}]})");
  REQUIRE_FALSE(bad_card.ok());
  CHECK(bad_card.status().message().find("cardinality") != std::string::npos);
  auto bad_alias = Lexicon::FromJson(
      R"({"relations":[{"id":"a","name":"a","alias_of":"zz"}]})");
  REQUIRE_FALSE(bad_alias.ok());
  CHECK_FALSE(Lexicon::FromFile("/nonexistent/lexicon.json").ok());
}

}  // namespace
}  // namespace factline
