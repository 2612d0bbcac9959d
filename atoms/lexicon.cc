// Loading the relation lexicon from JSON (format "factline-lexicon/1").
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "atoms/atoms.h"
#include "atoms/internal/builtin_lexicon.h"

namespace factline {

namespace {

using nlohmann::json;

Status ReadStringList(const json& rel, const char* field,
                      const std::string& where, std::vector<std::string>* out) {
  if (!rel.contains(field)) return Status::Ok();
  const json& list = rel[field];
  if (!list.is_array()) {
    return Status::InvalidArgument(where + ": '" + field +
                                   "' must be an array of strings");
  }
  for (const json& item : list) {
    if (!item.is_string()) {
      return Status::InvalidArgument(where + ": '" + field +
                                     "' must hold only strings");
    }
    out->push_back(item.get<std::string>());
  }
  return Status::Ok();
}

Status CheckTemplate(const std::string& t, const std::string& where) {
  if (t.find("[X]") == std::string::npos) {
    return Status::InvalidArgument(where + ": template '" + t + "' has no [X]");
  }
  return Status::Ok();
}

}  // namespace

Result<Lexicon> Lexicon::FromJson(std::string_view text) {
  json doc = json::parse(text.begin(), text.end(), nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) {
    return Status::InvalidArgument("lexicon is not a JSON object");
  }
  if (!doc.contains("relations") || !doc["relations"].is_array()) {
    return Status::InvalidArgument("lexicon has no 'relations' array");
  }
  Lexicon lexicon;
  std::size_t index = 0;
  for (const json& rel : doc["relations"]) {
    std::string where = "lexicon relation #" + std::to_string(index++);
    if (!rel.is_object()) {
      return Status::InvalidArgument(where + " is not an object");
    }
    RelationDef def;
    for (const char* field : {"id", "name"}) {
      if (!rel.contains(field) || !rel[field].is_string() ||
          rel[field].get<std::string>().empty()) {
        return Status::InvalidArgument(where + ": missing string '" + field +
                                       "'");
      }
    }
    def.id = rel["id"].get<std::string>();
    def.name = rel["name"].get<std::string>();
    where += " (" + def.id + ")";
    if (rel.contains("cardinality")) {
      const json& c = rel["cardinality"];
      if (c == "one") {
        def.cardinality = Cardinality::kOne;
      } else if (c == "many") {
        def.cardinality = Cardinality::kMany;
      } else {
        return Status::InvalidArgument(where +
                                       ": cardinality must be one or many");
      }
    }
    if (rel.contains("alias_of") && !rel["alias_of"].is_null()) {
      if (!rel["alias_of"].is_string()) {
        return Status::InvalidArgument(where + ": alias_of must be a string");
      }
      def.alias_of = rel["alias_of"].get<std::string>();
    }
    FACTLINE_RETURN_IF_ERROR(
        ReadStringList(rel, "aliases", where, &def.aliases));
    FACTLINE_RETURN_IF_ERROR(ReadStringList(rel, "sentence_templates", where,
                                            &def.sentence_templates));
    FACTLINE_RETURN_IF_ERROR(ReadStringList(rel, "question_templates", where,
                                            &def.question_templates));
    FACTLINE_RETURN_IF_ERROR(ReadStringList(rel, "cues", where, &def.cues));
    for (const auto& t : def.sentence_templates) {
      FACTLINE_RETURN_IF_ERROR(CheckTemplate(t, where));
      if (t.find("__") == std::string::npos) {
        return Status::InvalidArgument(where + ": sentence template '" + t +
                                       "' has no __");
      }
    }
    for (const auto& t : def.question_templates) {
      FACTLINE_RETURN_IF_ERROR(CheckTemplate(t, where));
    }
    if (lexicon.by_id_.count(def.id) != 0) {
      return Status::InvalidArgument(where + ": duplicate id");
    }
    lexicon.by_id_[def.id] = lexicon.relations_.size();
    lexicon.relations_.push_back(std::move(def));
  }
  for (const auto& def : lexicon.relations_) {
    if (!def.alias_of.empty() && lexicon.by_id_.count(def.alias_of) == 0) {
      return Status::InvalidArgument("lexicon relation " + def.id +
                                     ": alias_of names unknown relation '" +
                                     def.alias_of + "'");
    }
  }
  lexicon.BuildIndex();
  return lexicon;
}

void Lexicon::BuildIndex() {
  by_id_.clear();
  by_name_.clear();
  by_alias_.clear();
  for (std::size_t i = 0; i < relations_.size(); ++i) {
    const RelationDef& def = relations_[i];
    by_id_[def.id] = i;
    // Ids double as names: "works at" finds "works_at".
    std::string id_name = NormalizeKey(def.id);
    for (auto& c : id_name) {
      if (c == '_') c = ' ';
    }
    by_name_.try_emplace(NormalizeKey(def.name), i);
    by_name_.try_emplace(id_name, i);
    for (const auto& alias : def.aliases) {
      by_alias_.try_emplace(NormalizeKey(alias), i);
    }
  }
}

Result<Lexicon> Lexicon::FromFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status::IOError("cannot open lexicon file " + path);
  std::stringstream buf;
  buf << in.rdbuf();
  auto lexicon = FromJson(buf.str());
  if (!lexicon.ok()) return lexicon.status().WithContext(path);
  return lexicon;
}

const Lexicon& Lexicon::Builtin() {
  // The embedded JSON is checked by the build's tests, so a failure here is
  // a packaging bug; fall back to an empty lexicon rather than abort.
  static const Lexicon* builtin = [] {
    auto parsed = FromJson(internal::kBuiltinLexiconJson);
    return new Lexicon(parsed.ok() ? std::move(parsed).value() : Lexicon());
  }();
  return *builtin;
}

const RelationDef* Lexicon::Find(std::string_view id) const {
  auto it = by_id_.find(std::string(id));
  if (it == by_id_.end()) return nullptr;
  const RelationDef& def = relations_[it->second];
  if (!def.alias_of.empty()) {
    auto target = by_id_.find(def.alias_of);
    if (target != by_id_.end()) return &relations_[target->second];
  }
  return &def;
}

const RelationDef* Lexicon::FindByName(std::string_view name) const {
  auto it = by_name_.find(NormalizeKey(name));
  return it == by_name_.end() ? nullptr : Find(relations_[it->second].id);
}

const RelationDef* Lexicon::FindByAlias(std::string_view phrase) const {
  if (const RelationDef* def = FindByName(phrase)) return def;
  auto it = by_alias_.find(NormalizeKey(phrase));
  return it == by_alias_.end() ? nullptr : Find(relations_[it->second].id);
}

Cardinality Lexicon::CardinalityOf(std::string_view relation_key) const {
  const RelationDef* def = Find(relation_key);
  if (def == nullptr) def = FindByName(relation_key);
  return def ? def->cardinality : Cardinality::kOne;
}

std::string Lexicon::CanonicalRelation(std::string_view phrase) const {
  if (const RelationDef* def = Find(phrase)) return def->id;
  if (const RelationDef* def = FindByName(phrase)) return def->id;
  return NormalizeKey(phrase);
}

}  // namespace factline
