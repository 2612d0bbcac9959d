// Building Ask's per-snapshot index (see query/internal/ask_index.h).
//
// The relation vocabulary comes from the lexicon, never from questions: each
// relation's name and aliases, its cue words, and the nouns its question
// templates and aliases use for its values ("Which city was [X] born in?"
// makes "city" a type noun of P19). Relations the store keys by phrase
// ("prime minister", read from "The Prime Minister of Sweden is X") add
// their own words, and borrow the vocabulary of the lexicon relation the
// phrase is an alias of.
#include "query/internal/ask_index.h"

#include <algorithm>
#include <unordered_set>
#include <utility>

#include "query/internal/valid_time.h"
#include "query/internal/views.h"

namespace factline::query::internal {

namespace {

// Weights of the three kinds of evidence. A name or alias says exactly which
// relation is meant; a cue word is shared and weaker; a type noun only says
// what the value is and never rewards a hop by itself (see ask.cc).
constexpr float kNameWeight = 1.0f;
constexpr float kCueWeight = 0.7f;
constexpr float kTypeWeight = 0.5f;
// Vocabulary a phrase relation borrows from its lexicon alias counts less
// than its own words: the alias is a guess at what the phrase means.
constexpr float kBorrowedFactor = 0.8f;

bool IsAsciiWordByte(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9');
}

// Length of a typographic quote or dash (U+2013, U+2014, U+2018, U+2019,
// U+201C, U+201D) starting at text[i], else 0. They separate words the way
// their ASCII forms do.
std::size_t SeparatorLength(std::string_view text, std::size_t i) {
  if (i + 2 < text.size() && static_cast<unsigned char>(text[i]) == 0xE2 &&
      static_cast<unsigned char>(text[i + 1]) == 0x80) {
    switch (static_cast<unsigned char>(text[i + 2])) {
      case 0x93:
      case 0x94:
      case 0x98:
      case 0x99:
      case 0x9C:
      case 0x9D:
        return 3;
      default:
        break;
    }
  }
  return 0;
}

std::string JoinWords(const std::vector<Word>& words) {
  std::string out;
  for (const Word& w : words) {
    if (!out.empty()) out += ' ';
    out += w.text;
  }
  return out;
}

// Words after which a template's "Which"/"What" does not name a type.
bool IsFunctionWord(std::string_view w) {
  static const std::unordered_set<std::string_view> kWords = {
      "is",  "are", "was",  "were", "does", "do", "did", "has", "have",
      "had", "can", "will", "the",  "a",    "an", "of",  "x"};
  return kWords.count(w) > 0;
}

// Head noun of a relation name or alias: the last word before "of", "in",
// "at", "on", "for" or "by", else the last word ("country of citizenship" ->
// "country", "capital city" -> "city"). Empty when the phrase starts with
// such a word.
std::string HeadNoun(std::string_view phrase) {
  std::vector<Word> words = SplitWords(phrase);
  std::string head;
  for (const Word& w : words) {
    if (w.text == "of" || w.text == "in" || w.text == "at" || w.text == "on" ||
        w.text == "for" || w.text == "by") {
      break;
    }
    head = w.text;
  }
  return head;
}

// Type nouns a lexicon relation's own text gives its values.
std::vector<std::string> TypeNounsOf(const RelationDef& def) {
  std::vector<std::string> out;
  auto add = [&](std::string noun) {
    if (noun.empty()) return;
    if (std::find(out.begin(), out.end(), noun) == out.end()) {
      out.push_back(std::move(noun));
    }
  };
  for (const std::string& t : def.question_templates) {
    std::vector<Word> w = SplitWords(t);
    if (w.empty()) continue;
    if (w[0].text == "who") add("who");
    if (w[0].text == "where") add("where");
    if (w.size() > 4 && w[0].text == "what" && w[1].text == "is" &&
        w[2].text == "the" && w[3].text == "name" && w[4].text == "of") {
      add("who");  // "What is the name of the current head of state in [X]?"
    }
    if ((w[0].text == "which" || w[0].text == "what") && w.size() > 1) {
      std::size_t k = 1;
      if ((w[k].text == "type" || w[k].text == "kind") && w.size() > k + 2 &&
          w[k + 1].text == "of") {
        k += 2;
      }
      if (!IsFunctionWord(w[k].text)) add(w[k].text);
    }
  }
  // "[X] was born in the city of __": the value is a city.
  for (const std::string& t : def.sentence_templates) {
    if (t.size() < 5 || t.compare(t.size() - 5, 5, "of __") != 0) continue;
    std::vector<Word> w = SplitWords(t);
    const std::size_t n = w.size();
    if (n >= 3 && w[n - 1].text == "of" && w[n - 3].text == "the") {
      add(w[n - 2].text);
    }
  }
  add(HeadNoun(def.name));
  for (const std::string& alias : def.aliases) add(HeadNoun(alias));
  // "Where ...?" asks for a place, whatever kind of place the relation's
  // own words name.
  static const std::unordered_set<std::string_view> kPlaces = {
      "city",   "country", "continent", "place",   "location",    "town",
      "region", "state",   "nation",    "capital", "headquarters"};
  for (std::size_t i = 0, n = out.size(); i < n; ++i) {
    if (kPlaces.count(out[i])) {
      add("where");
      break;
    }
  }
  return out;
}

class Builder {
 public:
  Builder(const Lexicon& lexicon, AskIndex* index)
      : lexicon_(lexicon), index_(index) {}

  Status AddAtom(const graph::Reader& reader, const Atom& atom) {
    auto [it, inserted] = index_->relation_of_id.try_emplace(
        atom.relation_id, static_cast<std::uint32_t>(index_->relations.size()));
    if (inserted) {
      RelationInfo info;
      info.id = atom.relation_id;
      info.key = atom.relation;
      if (info.key.empty()) {
        FACTLINE_ASSIGN_OR_RETURN(graph::Relation rel,
                                  reader.GetRelation(atom.relation_id));
        info.key = rel.key;
      }
      info.def = lexicon_.Find(info.key);
      info.display = info.def != nullptr ? info.def->name : info.key;
      index_->relation_of_key.emplace(info.key, it->second);
      index_->relations.push_back(std::move(info));
    }
    AtomInfo a;
    a.id = atom.id;
    a.subject = atom.subject_id;
    a.value = atom.value_id;
    a.relation = it->second;
    a.tx_time = atom.tx_time;
    a.subject_display = atom.subject;
    a.value_display = atom.value;
    a.text = atom.text.empty()
                 ? atom.subject + " " + index_->relations[a.relation].display +
                       " " + atom.value
                 : atom.text;
    const auto pos = static_cast<std::uint32_t>(index_->atoms.size());
    index_->atom_of_id.emplace(a.id, pos);
    index_->atoms_of_subject[a.subject].push_back(pos);
    auto& into = index_->relations_into[a.value];
    if (std::find(into.begin(), into.end(), a.relation) == into.end()) {
      into.push_back(a.relation);
    }
    index_->entity_of_key.try_emplace(NormalizeKey(atom.subject),
                                      atom.subject_id);
    index_->entity_of_key.try_emplace(NormalizeKey(atom.value), atom.value_id);
    index_->display_of_entity.try_emplace(atom.subject_id, atom.subject);
    index_->display_of_entity.try_emplace(atom.value_id, atom.value);
    index_->atoms.push_back(std::move(a));
    return Status::Ok();
  }

  // Fills phrases and type nouns once every relation is known.
  void BuildVocabulary() {
    index_->type_nouns.assign(index_->relations.size(), {});
    for (std::uint32_t r = 0; r < index_->relations.size(); ++r) {
      const RelationInfo& info = index_->relations[r];
      if (info.def != nullptr) {
        // Every lexicon entry keyed on this relation (P276 is keyed on P131)
        // lends its vocabulary.
        for (const RelationDef& def : lexicon_.relations()) {
          if (lexicon_.Find(def.id) == info.def) AddVocabulary(r, def, 1.0f);
        }
        continue;
      }
      AddPhrase(info.key, r, kNameWeight, CueKind::kName);
      AddType(r, HeadNoun(info.key));
      if (const RelationDef* alias = lexicon_.FindByAlias(info.key)) {
        AddVocabulary(r, *alias, kBorrowedFactor);
      }
    }
  }

 private:
  void AddVocabulary(std::uint32_t r, const RelationDef& def, float factor) {
    AddPhrase(def.name, r, kNameWeight * factor, CueKind::kName);
    for (const std::string& alias : def.aliases) {
      AddPhrase(alias, r, kNameWeight * factor, CueKind::kName);
    }
    for (const std::string& cue : def.cues) {
      AddPhrase(cue, r, kCueWeight * factor, CueKind::kCue);
    }
    for (const std::string& noun : TypeNounsOf(def)) AddType(r, noun);
  }

  void AddType(std::uint32_t r, const std::string& noun) {
    if (noun.empty()) return;
    auto& nouns = index_->type_nouns[r];
    if (std::find(nouns.begin(), nouns.end(), noun) != nouns.end()) return;
    nouns.push_back(noun);
    index_->relations_of_type[noun].push_back(r);
    if (noun != "who" && noun != "where") {
      AddPhrase(noun, r, kTypeWeight, CueKind::kType);
    }
  }

  // Records `phrase` for relation r; the strongest entry per (phrase,
  // relation, kind) is kept.
  void AddPhrase(std::string_view phrase, std::uint32_t r, float weight,
                 CueKind kind) {
    std::vector<Word> words = SplitWords(phrase);
    if (words.empty()) return;
    index_->max_phrase_words = std::max(index_->max_phrase_words, words.size());
    // Longer phrases are more specific: "country of citizenship" beats the
    // "country" inside it.
    weight += 0.05f * static_cast<float>(words.size() - 1);
    auto& entries = index_->phrases[JoinWords(words)];
    for (CueEntry& e : entries) {
      if (e.relation == r && e.kind == kind) {
        e.weight = std::max(e.weight, weight);
        return;
      }
    }
    entries.push_back(CueEntry{r, weight, kind});
  }

  const Lexicon& lexicon_;
  AskIndex* index_;
};

// A Reader whose current atoms are a given list; everything else is the
// underlying reader's. Lets GraphView::Build see an as-of snapshot.
class AtomListReader final : public graph::Reader {
 public:
  AtomListReader(const graph::Reader& base, const std::vector<Atom>& atoms)
      : base_(base), atoms_(atoms) {}
  Result<graph::Entity> FindEntity(std::string_view name) const override {
    return base_.FindEntity(name);
  }
  Result<graph::Entity> GetEntity(EntityId id) const override {
    return base_.GetEntity(id);
  }
  Result<graph::Relation> FindRelation(std::string_view key) const override {
    return base_.FindRelation(key);
  }
  Result<graph::Relation> GetRelation(RelationId id) const override {
    return base_.GetRelation(id);
  }
  Result<Atom> GetAtom(AtomId id) const override { return base_.GetAtom(id); }
  Result<std::vector<AtomId>> Current(EntityId subject,
                                      RelationId relation) const override {
    return base_.Current(subject, relation);
  }
  Result<std::vector<AtomId>> History(EntityId subject,
                                      RelationId relation) const override {
    return base_.History(subject, relation);
  }
  Result<std::vector<AtomId>> CurrentOfSubject(
      EntityId subject) const override {
    return base_.CurrentOfSubject(subject);
  }
  Result<std::vector<EntityId>> SubjectsWithValue(
      EntityId value, RelationId relation) const override {
    return base_.SubjectsWithValue(value, relation);
  }
  Status ForEachEntity(
      const std::function<Status(const graph::Entity&)>& fn) const override {
    return base_.ForEachEntity(fn);
  }
  Status ForEachCurrentAtom(
      const std::function<Status(const Atom&)>& fn) const override {
    for (const Atom& atom : atoms_) FACTLINE_RETURN_IF_ERROR(fn(atom));
    return Status::Ok();
  }
  Result<std::vector<graph::AuditRecord>> Audit(
      std::uint64_t since, std::size_t limit) const override {
    return base_.Audit(since, limit);
  }
  Result<graph::StoreStats> Stats() const override { return base_.Stats(); }

 private:
  const graph::Reader& base_;
  const std::vector<Atom>& atoms_;
};

// The atoms that were current at transaction time t: for every slot that
// has a current atom now, its value(s) derived from the atoms learned by t
// (docs/valid_time.md).
Result<std::vector<Atom>> AtomsAsOf(const graph::Reader& reader, Timestamp t) {
  std::vector<std::pair<EntityId, RelationId>> slots;
  FACTLINE_RETURN_IF_ERROR(reader.ForEachCurrentAtom([&](const Atom& atom) {
    std::pair<EntityId, RelationId> slot{atom.subject_id, atom.relation_id};
    if (slots.empty() || slots.back() != slot) slots.push_back(slot);
    return Status::Ok();
  }));
  std::vector<Atom> out;
  for (const auto& [subject, relation] : slots) {
    FACTLINE_ASSIGN_OR_RETURN(std::vector<Atom> atoms,
                              CurrentAtTx(reader, subject, relation, t));
    for (Atom& atom : atoms) out.push_back(std::move(atom));
  }
  return out;
}

}  // namespace

std::vector<Word> SplitWords(std::string_view text) {
  std::vector<Word> words;
  std::size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    const bool word_byte =
        IsAsciiWordByte(c) || (c >= 0x80 && SeparatorLength(text, i) == 0);
    if (!word_byte) {
      const std::size_t sep = SeparatorLength(text, i);
      i += sep > 0 ? sep : 1;
      continue;
    }
    Word w;
    w.begin = i;
    while (i < text.size()) {
      const auto b = static_cast<unsigned char>(text[i]);
      if (IsAsciiWordByte(b)) {
        w.text += (b >= 'A' && b <= 'Z') ? static_cast<char>(b - 'A' + 'a')
                                         : static_cast<char>(b);
        ++i;
      } else if (b >= 0x80 && SeparatorLength(text, i) == 0) {
        w.text += static_cast<char>(b);
        ++i;
      } else {
        break;
      }
    }
    w.end = i;
    words.push_back(std::move(w));
  }
  return words;
}

StoreStamp StampOf(const graph::StoreStats& stats) {
  StoreStamp s;
  s.atoms = stats.atoms;
  s.current_atoms = stats.current_atoms;
  s.superseded_atoms = stats.superseded_atoms;
  s.audit_records = stats.audit_records;
  s.entities = stats.entities;
  s.relations = stats.relations;
  s.current_slots = stats.current_slots;
  return s;
}

Result<std::shared_ptr<const AskIndex>> BuildAskIndex(
    const graph::Reader& reader, const Lexicon& lexicon,
    const StoreStamp& stamp, Timestamp as_of) {
  auto index = std::make_shared<AskIndex>();
  index->stamp = stamp;
  index->as_of = as_of;
  std::vector<Atom> atoms;
  if (as_of == kForever) {
    FACTLINE_RETURN_IF_ERROR(reader.ForEachCurrentAtom([&](const Atom& atom) {
      atoms.push_back(atom);
      return Status::Ok();
    }));
  } else {
    FACTLINE_ASSIGN_OR_RETURN(atoms, AtomsAsOf(reader, as_of));
  }
  // Oldest first, so each subject's atom list is in transaction order.
  std::stable_sort(atoms.begin(), atoms.end(),
                   [](const Atom& a, const Atom& b) {
                     if (a.tx_time != b.tx_time) return a.tx_time < b.tx_time;
                     return a.id < b.id;
                   });
  index->atoms.reserve(atoms.size());
  Builder builder(lexicon, index.get());
  for (const Atom& atom : atoms) {
    FACTLINE_RETURN_IF_ERROR(builder.AddAtom(reader, atom));
  }
  builder.BuildVocabulary();
  AtomListReader list_reader(reader, atoms);
  FACTLINE_ASSIGN_OR_RETURN(graph::GraphView view,
                            graph::GraphView::Build(list_reader));
  index->graph = std::make_unique<graph::GraphView>(std::move(view));
  return std::shared_ptr<const AskIndex>(std::move(index));
}

}  // namespace factline::query::internal
