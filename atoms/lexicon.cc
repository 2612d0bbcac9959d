// Loading the relation lexicon from JSON (format "factline-lexicon/1") and
// merging a user lexicon over it.
#include <nlohmann/json.hpp>
#include <string>
#include <unordered_set>

#include "atoms/atoms.h"
#include "atoms/internal/builtin_lexicon.h"
#include "atoms/internal/relation_types.h"
#include "atoms/internal/wordforms.h"

namespace factline {

namespace {

using nlohmann::json;

constexpr const char* kFormat = "factline-lexicon/1";

// Every key a relation object may carry; anything else is a typo that would
// otherwise be ignored ("cardinalty": "many" silently staying one-valued).
const std::unordered_set<std::string>& RelationKeys() {
  static const auto* keys =
      new std::unordered_set<std::string>{"id",
                                          "name",
                                          "cardinality",
                                          "alias_of",
                                          "aliases",
                                          "sentence_templates",
                                          "question_templates",
                                          "cues",
                                          "subject_kinds",
                                          "value_kinds",
                                          "stable",
                                          "symmetric"};
  return *keys;
}

Status ReadStringList(const json& rel, const char* field,
                      const std::string& where, std::vector<std::string>* out) {
  if (!rel.contains(field)) return Status::Ok();
  const json& list = rel[field];
  if (!list.is_array()) {
    return Status::InvalidArgument(where + "." + field +
                                   ": must be an array of strings");
  }
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (!list[i].is_string() || list[i].get<std::string>().empty()) {
      return Status::InvalidArgument(where + "." + field + "[" +
                                     std::to_string(i) +
                                     "]: must be a non-empty string");
    }
    out->push_back(list[i].get<std::string>());
  }
  return Status::Ok();
}

// Templates name the subject slot [X] exactly once; a sentence template
// also needs the value slot __ once.
Status CheckTemplates(const std::vector<std::string>& templates,
                      const std::string& key, bool needs_value) {
  for (std::size_t i = 0; i < templates.size(); ++i) {
    const std::string& t = templates[i];
    const std::string where = key + "[" + std::to_string(i) + "]";
    const std::size_t x = t.find("[X]");
    if (x == std::string::npos) {
      return Status::InvalidArgument(where + ": template '" + t +
                                     "' has no [X]");
    }
    if (t.find("[X]", x + 3) != std::string::npos) {
      return Status::InvalidArgument(where + ": template '" + t +
                                     "' has [X] more than once");
    }
    const std::size_t v = t.find("__");
    if (needs_value && v == std::string::npos) {
      return Status::InvalidArgument(where + ": template '" + t +
                                     "' has no __");
    }
    if (v != std::string::npos && t.find("__", v + 2) != std::string::npos) {
      return Status::InvalidArgument(where + ": template '" + t +
                                     "' has __ more than once");
    }
  }
  return Status::Ok();
}

// Kinds name WordNet noun senses ("person", "country#2"). Without WordNet
// they cannot be checked (nor used): accepted as written.
Status CheckKinds(const std::vector<std::string>& kinds,
                  const std::string& key) {
  const internal::WordForms& wf = internal::WordForms::Get();
  if (!wf.loaded()) return Status::Ok();
  for (std::size_t i = 0; i < kinds.size(); ++i) {
    Result<std::uint32_t> r = internal::ResolveKind(wf, kinds[i]);
    if (!r.ok()) {
      return Status::InvalidArgument(key + "[" + std::to_string(i) +
                                     "]: " + r.status().message());
    }
  }
  return Status::Ok();
}

Status CheckTopLevel(const json& doc) {
  if (!doc.contains("relations") || !doc["relations"].is_array()) {
    return Status::InvalidArgument("relations: missing array");
  }
  for (const auto& [key, value] : doc.items()) {
    if (key == "relations" || key == "source") continue;
    if (key == "format") {
      if (!value.is_string() || value.get<std::string>() != kFormat) {
        return Status::InvalidArgument(std::string("format: must be \"") +
                                       kFormat + "\"");
      }
      continue;
    }
    return Status::InvalidArgument("unknown key '" + key + "'");
  }
  return Status::Ok();
}

// Reads one relation object into *def. Fields the object leaves out keep
// what *def already holds (the built-in entry, when merging); list fields
// are appended. `*declared` says whether the object set a cardinality.
Status ReadRelation(const json& rel, const std::string& where, RelationDef* def,
                    bool* declared) {
  if (!rel.is_object()) {
    return Status::InvalidArgument(where + ": must be an object");
  }
  for (const auto& [key, value] : rel.items()) {
    if (RelationKeys().count(key) == 0) {
      return Status::InvalidArgument(where + ": unknown key '" + key + "'");
    }
  }
  if (rel.contains("name")) {
    if (!rel["name"].is_string() || rel["name"].get<std::string>().empty()) {
      return Status::InvalidArgument(where +
                                     ".name: must be a non-empty string");
    }
    def->name = rel["name"].get<std::string>();
  }
  *declared = false;
  if (rel.contains("cardinality")) {
    const json& c = rel["cardinality"];
    if (c == "one") {
      def->cardinality = Cardinality::kOne;
    } else if (c == "many") {
      def->cardinality = Cardinality::kMany;
    } else {
      return Status::InvalidArgument(where + ".cardinality: " + c.dump() +
                                     " is not \"one\" or \"many\"");
    }
    *declared = true;
  }
  if (rel.contains("alias_of") && !rel["alias_of"].is_null()) {
    if (!rel["alias_of"].is_string()) {
      return Status::InvalidArgument(where + ".alias_of: must be a string");
    }
    def->alias_of = rel["alias_of"].get<std::string>();
    if (def->alias_of == def->id) {
      return Status::InvalidArgument(where +
                                     ".alias_of: names the relation "
                                     "itself");
    }
  }
  for (const char* flag : {"stable", "symmetric"}) {
    if (!rel.contains(flag)) continue;
    if (!rel[flag].is_boolean()) {
      return Status::InvalidArgument(where + "." + flag +
                                     ": must be true or false");
    }
    (std::string_view(flag) == "stable" ? def->stable : def->symmetric) =
        rel[flag].get<bool>();
  }
  std::vector<std::string> sentences, questions;
  FACTLINE_RETURN_IF_ERROR(
      ReadStringList(rel, "aliases", where, &def->aliases));
  FACTLINE_RETURN_IF_ERROR(
      ReadStringList(rel, "sentence_templates", where, &sentences));
  FACTLINE_RETURN_IF_ERROR(
      ReadStringList(rel, "question_templates", where, &questions));
  FACTLINE_RETURN_IF_ERROR(ReadStringList(rel, "cues", where, &def->cues));
  for (const char* field : {"subject_kinds", "value_kinds"}) {
    std::vector<std::string> kinds;
    FACTLINE_RETURN_IF_ERROR(ReadStringList(rel, field, where, &kinds));
    FACTLINE_RETURN_IF_ERROR(CheckKinds(kinds, where + "." + field));
    std::vector<std::string>& into = std::string_view(field) == "value_kinds"
                                         ? def->value_kinds
                                         : def->subject_kinds;
    into.insert(into.end(), kinds.begin(), kinds.end());
  }
  FACTLINE_RETURN_IF_ERROR(
      CheckTemplates(sentences, where + ".sentence_templates", true));
  FACTLINE_RETURN_IF_ERROR(
      CheckTemplates(questions, where + ".question_templates", false));
  def->sentence_templates.insert(def->sentence_templates.end(),
                                 sentences.begin(), sentences.end());
  def->question_templates.insert(def->question_templates.end(),
                                 questions.begin(), questions.end());
  return Status::Ok();
}

std::string IdAsName(const std::string& id) {
  std::string name = id;
  for (char& c : name) {
    if (c == '_') c = ' ';
  }
  return name;
}

// Verbs whose relation holds many values at once: a person likes, visits,
// wins, creates and owns many things. Matched on the first word of a
// relation phrase that no lexicon knows, after has/have/had.
const std::unordered_set<std::string_view>& ManyValuedVerbs() {
  static const auto* verbs = new std::unordered_set<std::string_view>{
      "like",      "likes",    "liked",     "love",     "loves",
      "loved",     "enjoy",    "enjoys",    "enjoyed",  "dislike",
      "dislikes",  "disliked", "hate",      "hates",    "hated",
      "visit",     "visits",   "visited",   "win",      "wins",
      "won",       "create",   "creates",   "created",  "own",
      "owns",      "owned",    "speak",     "speaks",   "spoke",
      "write",     "writes",   "wrote",     "authored", "compose",
      "composes",  "composed", "direct",    "directs",  "directed",
      "produce",   "produces", "produced",  "founded",  "receive",
      "receives",  "received", "attend",    "attends",  "attended",
      "collect",   "collects", "collected", "publish",  "publishes",
      "published", "invent",   "invents",   "invented", "award",
      "awards",    "awarded",  "nominated", "child",    "children",
      "sibling",   "siblings", "pet",       "pets",     "friend",
      "friends",   "hobby",    "hobbies",   "skill",    "skills",
      "prize",     "prizes"};
  return *verbs;
}

// A preposition after the verb makes a one-valued place or role: "lives
// in", "written by", "owned by", "won at".
const std::unordered_set<std::string_view>& OneValuedPrepositions() {
  static const auto* preps = new std::unordered_set<std::string_view>{
      "at", "for", "in", "as", "on", "by", "from", "to", "under", "with"};
  return *preps;
}

}  // namespace

Result<Lexicon> Lexicon::FromJson(std::string_view text) {
  return Lexicon().MergeJson(text);
}

Result<Lexicon> Lexicon::MergeJson(std::string_view text) const {
  json doc = json::parse(text.begin(), text.end(), nullptr, false);
  if (doc.is_discarded()) {
    return Status::InvalidArgument("not valid JSON");
  }
  if (!doc.is_object()) {
    return Status::InvalidArgument("not a JSON object");
  }
  FACTLINE_RETURN_IF_ERROR(CheckTopLevel(doc));
  Lexicon lexicon = *this;
  // Normalised name or alias -> (relation it keys to, where it was given),
  // seeded with this lexicon so a user alias that another relation already
  // owns is caught, whichever file it came from.
  std::unordered_map<std::string, std::pair<std::string, std::string>> owner;
  auto target_of = [&](const RelationDef& def) {
    return def.alias_of.empty() ? def.id : def.alias_of;
  };
  for (const RelationDef& def : relations_) {
    for (const std::string& a : def.aliases) {
      owner.try_emplace(NormalizeKey(a), target_of(def), "relation " + def.id);
    }
  }
  const json& rels = doc["relations"];
  std::vector<std::pair<std::size_t, std::string>> touched;  // index, where
  for (std::size_t i = 0; i < rels.size(); ++i) {
    const json& rel = rels[i];
    std::string where = "relations[" + std::to_string(i) + "]";
    if (!rel.is_object() || !rel.contains("id") || !rel["id"].is_string() ||
        rel["id"].get<std::string>().empty()) {
      return Status::InvalidArgument(where +
                                     ".id: missing or not a non-empty string");
    }
    const std::string id = rel["id"].get<std::string>();
    where += " (" + id + ")";
    for (const auto& [done, done_where] : touched) {
      if (lexicon.relations_[done].id == id) {
        return Status::InvalidArgument(where + ".id: duplicate of " +
                                       done_where);
      }
    }
    auto existing = lexicon.by_id_.find(id);
    std::size_t at;
    if (existing != lexicon.by_id_.end()) {
      at = existing->second;
    } else {
      RelationDef def;
      def.id = id;
      def.name = IdAsName(id);
      at = lexicon.relations_.size();
      lexicon.by_id_[id] = at;
      lexicon.relations_.push_back(std::move(def));
    }
    RelationDef& def = lexicon.relations_[at];
    const std::size_t old_aliases = def.aliases.size();
    bool declared = false;
    FACTLINE_RETURN_IF_ERROR(ReadRelation(rel, where, &def, &declared));
    if (declared) lexicon.declared_.insert(id);
    touched.emplace_back(at, where);
    for (std::size_t a = old_aliases; a < def.aliases.size(); ++a) {
      const std::string key = NormalizeKey(def.aliases[a]);
      const std::string alias_where =
          where + ".aliases[" + std::to_string(a - old_aliases) + "]";
      auto [it, inserted] = owner.try_emplace(key, target_of(def), alias_where);
      if (!inserted && it->second.first != target_of(def)) {
        return Status::InvalidArgument(
            alias_where + ": alias '" + def.aliases[a] +
            "' is already an alias "
            "of " +
            it->second.first + " (" + it->second.second + ")");
      }
    }
  }
  for (const auto& [at, where] : touched) {
    const RelationDef& def = lexicon.relations_[at];
    if (def.alias_of.empty()) continue;
    auto target = lexicon.by_id_.find(def.alias_of);
    if (target == lexicon.by_id_.end()) {
      return Status::InvalidArgument(where + ".alias_of: unknown relation '" +
                                     def.alias_of + "'");
    }
    if (!lexicon.relations_[target->second].alias_of.empty()) {
      return Status::InvalidArgument(
          where + ".alias_of: '" + def.alias_of +
          "' is itself an alias; name the relation it keys to");
    }
    if (lexicon.declared_.count(def.id) > 0 &&
        def.cardinality != lexicon.relations_[target->second].cardinality) {
      return Status::InvalidArgument(
          where + ".cardinality: facts of an alias_of relation are keyed on '" +
          def.alias_of + "'; declare the cardinality there");
    }
  }
  // A name that is another relation's alias, or a second relation's name,
  // would make lookups depend on load order.
  std::unordered_map<std::string, std::string> name_owner;
  for (const RelationDef& def : lexicon.relations_) {
    name_owner.try_emplace(NormalizeKey(def.name), target_of(def));
  }
  for (const auto& [at, where] : touched) {
    const RelationDef& def = lexicon.relations_[at];
    const std::string key = NormalizeKey(def.name);
    if (auto it = name_owner.find(key);
        it != name_owner.end() && it->second != target_of(def)) {
      return Status::InvalidArgument(where + ".name: '" + def.name +
                                     "' is already the name of " + it->second);
    }
    if (auto it = owner.find(key);
        it != owner.end() && it->second.first != target_of(def)) {
      return Status::InvalidArgument(
          where + ".name: '" + def.name + "' is already an alias of " +
          it->second.first + " (" + it->second.second + ")");
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
    std::string id_name = NormalizeKey(IdAsName(def.id));
    by_name_.try_emplace(NormalizeKey(def.name), i);
    by_name_.try_emplace(id_name, i);
    for (const auto& alias : def.aliases) {
      by_alias_.try_emplace(NormalizeKey(alias), i);
    }
  }
}

Result<Lexicon> Lexicon::FromFile(const std::string& path) {
  auto read = ReadFile(path);
  if (!read.ok()) return read.status().WithContext("lexicon");
  const std::string text = std::move(read).value();
  auto lexicon = FromJson(text);
  if (!lexicon.ok()) return lexicon.status().WithContext("lexicon " + path);
  return lexicon;
}

Result<Lexicon> Lexicon::MergeFile(const std::string& path) const {
  auto read = ReadFile(path);
  if (!read.ok()) return read.status().WithContext("lexicon");
  const std::string text = std::move(read).value();
  auto lexicon = MergeJson(text);
  if (!lexicon.ok()) return lexicon.status().WithContext("lexicon " + path);
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
  return def ? def->cardinality : CardinalityByShape(relation_key);
}

bool Lexicon::DeclaresCardinality(std::string_view relation_key) const {
  const RelationDef* def = Find(relation_key);
  if (def == nullptr) def = FindByName(relation_key);
  return def != nullptr && declared_.count(def->id) > 0;
}

Cardinality Lexicon::CardinalityByShape(std::string_view relation_key) {
  std::string phrase = NormalizeKey(relation_key);
  std::vector<std::string_view> words;
  for (char& c : phrase) {
    if (c == '_' || c == '-') c = ' ';
  }
  std::string_view rest = phrase;
  while (!rest.empty()) {
    const std::size_t space = rest.find(' ');
    std::string_view word = rest.substr(0, space);
    if (!word.empty()) words.push_back(word);
    if (space == std::string_view::npos) break;
    rest.remove_prefix(space + 1);
  }
  std::size_t i = 0;
  while (i < words.size() &&
         (words[i] == "has" || words[i] == "have" || words[i] == "had")) {
    ++i;
  }
  if (i >= words.size() || ManyValuedVerbs().count(words[i]) == 0) {
    return Cardinality::kOne;
  }
  if (i + 1 < words.size() && OneValuedPrepositions().count(words[i + 1])) {
    return Cardinality::kOne;
  }
  return Cardinality::kMany;
}

std::string Lexicon::CanonicalRelation(std::string_view phrase) const {
  if (const RelationDef* def = Find(phrase)) return def->id;
  if (const RelationDef* def = FindByName(phrase)) return def->id;
  return NormalizeKey(phrase);
}

}  // namespace factline
