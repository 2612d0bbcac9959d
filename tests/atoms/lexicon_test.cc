#include <catch2/catch.hpp>
#include <fstream>

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
  // Facts of origin are stable; roles and affiliations change.
  CHECK(lex.Find("P19")->stable);
  CHECK(lex.Find("P50")->stable);
  CHECK_FALSE(lex.Find("P108")->stable);
  CHECK_FALSE(sport->stable);
  CHECK(lex.Find("P26")->symmetric);
  CHECK_FALSE(lex.Find("P40")->symmetric);
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
  const auto& file = from_file->relations();
  const auto& embedded = Lexicon::Builtin().relations();
  REQUIRE(file.size() == embedded.size());
  // Field by field, in order: a template or cue edited in the JSON but not
  // re-embedded (or the reverse) fails here.
  for (std::size_t i = 0; i < file.size(); ++i) {
    INFO("relation #" << i << " " << file[i].id);
    CHECK(file[i].id == embedded[i].id);
    CHECK(file[i].name == embedded[i].name);
    CHECK(file[i].cardinality == embedded[i].cardinality);
    CHECK(file[i].alias_of == embedded[i].alias_of);
    CHECK(file[i].aliases == embedded[i].aliases);
    CHECK(file[i].sentence_templates == embedded[i].sentence_templates);
    CHECK(file[i].question_templates == embedded[i].question_templates);
    CHECK(file[i].cues == embedded[i].cues);
  }
}

TEST_CASE("Lexicon: invalid files are refused with the field named",
          "[atoms]") {
  CHECK_FALSE(Lexicon::FromJson("{not json").ok());
  auto no_id = Lexicon::FromJson(R"({"relations":[{"name":"x"}]})");
  REQUIRE_FALSE(no_id.ok());
  CHECK(no_id.status().message().find("relations[0].id") != std::string::npos);
  auto bad_card = Lexicon::FromJson(
      R"({"relations":[{"id":"a","name":"a","cardinality":"few"}]})");
  REQUIRE_FALSE(bad_card.ok());
  CHECK(bad_card.status().message().find("cardinality") != std::string::npos);
  auto bad_alias = Lexicon::FromJson(
      R"({"relations":[{"id":"a","name":"a","alias_of":"zz"}]})");
  REQUIRE_FALSE(bad_alias.ok());
  CHECK_FALSE(Lexicon::FromFile("/nonexistent/lexicon.json").ok());
}

std::string MessageOf(const Result<Lexicon>& lexicon) {
  return lexicon.ok() ? std::string("(accepted)") : lexicon.status().message();
}

TEST_CASE("Lexicon: a user lexicon adds relations, aliases and templates",
          "[atoms]") {
  auto merged = Lexicon::Builtin().MergeJson(R"({
    "format": "factline-lexicon/1",
    "relations": [
      {"id": "won_prize", "cardinality": "many",
       "aliases": ["award won"],
       "sentence_templates": ["[X] was awarded the __"],
       "question_templates": ["Which prize did [X] win?"],
       "cues": ["prize"]},
      {"id": "P19", "aliases": ["native town"]},
      {"id": "likes", "cardinality": "one"}
    ]})");
  REQUIRE(merged.ok());
  const Lexicon& lex = *merged;
  REQUIRE(lex.Find("won_prize") != nullptr);
  CHECK(lex.Find("won_prize")->name == "won prize");
  CHECK(lex.CardinalityOf("won_prize") == Cardinality::kMany);
  CHECK(lex.DeclaresCardinality("won_prize"));
  CHECK(lex.CanonicalRelation("won prize") == "won_prize");
  CHECK(lex.FindByAlias("award won")->id == "won_prize");
  // A known id gains aliases and keeps its templates.
  CHECK(lex.FindByAlias("native town")->id == "P19");
  CHECK(lex.Find("P19")->sentence_templates.size() ==
        Lexicon::Builtin().Find("P19")->sentence_templates.size());
  CHECK(lex.FindByAlias("birthplace")->id == "P19");
  // An existing relation's cardinality may be overridden.
  CHECK(lex.CardinalityOf("likes") == Cardinality::kOne);
  CHECK(Lexicon::Builtin().CardinalityOf("likes") == Cardinality::kMany);
  // The merged lexicon's parser reads the user template.
  auto parser = Parser::Create(lex);
  REQUIRE(parser.ok());
  auto fact = parser->ParseSentence("Marie Curie was awarded the Nobel Prize.");
  REQUIRE(fact.ok());
  CHECK(fact->subject == "Marie Curie");
  CHECK(fact->relation == "won_prize");
  CHECK(fact->value == "Nobel Prize");
}

TEST_CASE("Lexicon: a bad user lexicon is refused with the key named",
          "[atoms]") {
  const Lexicon& base = Lexicon::Builtin();
  // Duplicate alias across relations, within the file and against the
  // built-in lexicon.
  std::string msg = MessageOf(base.MergeJson(R"({"relations": [
      {"id": "a", "aliases": ["the thing"]},
      {"id": "b", "aliases": ["x", "The  Thing"]}]})"));
  CHECK(msg.find("relations[1] (b).aliases[1]") != std::string::npos);
  CHECK(msg.find("already an alias of a") != std::string::npos);
  msg = MessageOf(base.MergeJson(
      R"({"relations": [{"id": "hometown", "aliases": ["birthplace"]}]})"));
  CHECK(msg.find("relations[0] (hometown).aliases[0]") != std::string::npos);
  CHECK(msg.find("P19") != std::string::npos);
  // Unknown cardinality.
  msg = MessageOf(base.MergeJson(
      R"({"relations": [{"id": "owns", "cardinality": "several"}]})"));
  CHECK(msg.find("relations[0] (owns).cardinality") != std::string::npos);
  CHECK(msg.find("several") != std::string::npos);
  // Malformed templates: no [X], no __, [X] twice.
  msg = MessageOf(base.MergeJson(
      R"({"relations": [{"id": "r", "sentence_templates": ["X owns __"]}]})"));
  CHECK(msg.find("relations[0] (r).sentence_templates[0]") !=
        std::string::npos);
  CHECK(msg.find("no [X]") != std::string::npos);
  msg = MessageOf(base.MergeJson(
      R"({"relations": [{"id": "r", "sentence_templates": ["[X] owns"]}]})"));
  CHECK(msg.find("no __") != std::string::npos);
  msg = MessageOf(base.MergeJson(
      R"({"relations": [{"id": "r",
          "question_templates": ["What does [X] own?", "[X] and [X]?"]}]})"));
  CHECK(msg.find("relations[0] (r).question_templates[1]") !=
        std::string::npos);
  // Unknown alias_of, unknown keys, bad JSON, wrong types.
  msg = MessageOf(
      base.MergeJson(R"({"relations": [{"id": "r", "alias_of": "P9999"}]})"));
  CHECK(msg.find("relations[0] (r).alias_of") != std::string::npos);
  CHECK(msg.find("P9999") != std::string::npos);
  msg = MessageOf(
      base.MergeJson(R"({"relations": [{"id": "r", "cardinalty": "many"}]})"));
  CHECK(msg.find("unknown key 'cardinalty'") != std::string::npos);
  msg = MessageOf(
      base.MergeJson(R"({"relations": [{"id": "r", "stable": "yes"}]})"));
  CHECK(msg.find("relations[0] (r).stable: must be true or false") !=
        std::string::npos);
  msg = MessageOf(
      base.MergeJson(R"({"relations": [{"id": "r", "symmetric": 1}]})"));
  CHECK(msg.find("relations[0] (r).symmetric: must be true or false") !=
        std::string::npos);
  msg = MessageOf(base.MergeJson(R"({"relation": []})"));
  CHECK(msg.find("relations") != std::string::npos);
  msg = MessageOf(base.MergeJson(R"({"relations": [], "extra": 1})"));
  CHECK(msg.find("unknown key 'extra'") != std::string::npos);
  CHECK(MessageOf(base.MergeJson("{\"relations\": [")) == "not valid JSON");
  msg = MessageOf(
      base.MergeJson(R"({"relations": [{"id": "r", "aliases": "x"}]})"));
  CHECK(msg.find("relations[0] (r).aliases") != std::string::npos);
  msg = MessageOf(base.MergeJson(
      R"({"relations": [{"id": "r"}, {"id": "r", "cues": ["x"]}]})"));
  CHECK(msg.find("relations[1] (r).id: duplicate") != std::string::npos);
  // The file's path is named.
  testing::ScratchDir dir;
  const std::string path = dir.Sub("lexicon.json");
  std::ofstream(path) << R"({"relations": [{"id": "r", "cardinality": 2}]})";
  msg = MessageOf(base.MergeFile(path));
  CHECK(msg.find(path) != std::string::npos);
  CHECK(msg.find("cardinality") != std::string::npos);
}

TEST_CASE("Lexicon: relations no lexicon knows get a cardinality by shape",
          "[atoms]") {
  const Lexicon& lex = Lexicon::Builtin();
  for (const char* many :
       {"likes", "visited", "has child", "has_child", "won", "won_prize",
        "wins prize", "created", "owns", "has visited", "speaks"}) {
    INFO(many);
    CHECK(lex.CardinalityOf(many) == Cardinality::kMany);
  }
  for (const char* one :
       {"favourite colour", "lives in", "works at", "email", "plays for",
        "married to", "born in", "affiliated to", "owned by", "deadline"}) {
    INFO(one);
    CHECK(lex.CardinalityOf(one) == Cardinality::kOne);
  }
}

}  // namespace
}  // namespace factline
