// Relation choice by WordNet noun classes. Distances are hypernym steps
// (ordinary and instance hypernyms) from a phrase's sense up to a kind's
// synset: the nearest kind is the most specific reading ("France" is a
// country in 2 steps and an administrative district in 3, so "lies in
// France" is P17 rather than P131). Ties and unknown words decide nothing.
#include "atoms/internal/relation_types.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <deque>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <tuple>
#include <unordered_map>

#include "atoms/internal/words.h"

namespace factline::internal {

namespace {

constexpr auto In = InWords;
constexpr auto Words = SplitWords;
constexpr auto Join = JoinWords;

// Hypernym chains in WordNet 3.0 are at most 19 deep.
constexpr int kMaxDepth = 20;

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

std::string Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '"')) {
    s.remove_prefix(1);
  }
  while (!s.empty() &&
         (s.back() == ' ' || s.back() == '.' || s.back() == '"')) {
    s.remove_suffix(1);
  }
  return std::string(s);
}

bool Capitalised(std::string_view s) {
  return !s.empty() && std::isupper(static_cast<unsigned char>(s[0]));
}

// Function words a relation phrase or template carries around its content
// words; they never tell relations apart.
// "in", "is in", "lies in", "is located in", "sits within": a place
// preposition after nothing but a verb of being somewhere.
bool BareLocative(std::string_view phrase) {
  static const auto* verbs = new std::unordered_set<std::string>{
      "is",      "are",      "was",     "were",     "be",      "lies",
      "lie",     "lay",      "located", "situated", "sits",    "sit",
      "stands",  "stand",    "found",   "set",      "nestled", "lying",
      "sitting", "standing", "also",    "still"};
  std::vector<std::string> w;
  std::string cur;
  for (char c : phrase) {
    if (c == ' ') {
      if (!cur.empty()) w.push_back(cur);
      cur.clear();
    } else {
      cur += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  if (!cur.empty()) w.push_back(cur);
  if (w.empty() || (w.back() != "in" && w.back() != "within")) return false;
  for (std::size_t i = 0; i + 1 < w.size(); ++i) {
    if (verbs->count(w[i]) == 0) return false;
  }
  return true;
}

bool FunctionWord(const std::string& w) {
  static const auto* words = new std::unordered_set<std::string>{
      "is",   "was",   "are", "were",  "be",   "been", "being", "am",
      "a",    "an",    "the", "of",    "in",   "on",   "at",    "to",
      "from", "by",    "for", "with",  "as",   "into", "its",   "his",
      "her",  "their", "has", "have",  "had",  "does", "do",    "did",
      "[x]",  "__",    "who", "which", "that", "it",   "and",   "where",
      "what", "also",  "now", "s",     "'s"};
  return words->count(w) > 0;
}

std::string StripArticle(std::string s) {
  for (const char* a : {"the ", "a ", "an ", "The ", "A ", "An "}) {
    if (s.rfind(a, 0) == 0) return s.substr(std::string_view(a).size());
  }
  return s;
}

}  // namespace

Result<std::uint32_t> ResolveKind(const WordForms& wf, std::string_view kind) {
  if (!wf.loaded()) return Status::NotSupported("WordNet is not installed");
  std::string lemma(kind);
  int sense = 1;
  const std::size_t hash = lemma.find('#');
  if (hash != std::string::npos) {
    const std::string num = lemma.substr(hash + 1);
    if (num.empty() ||
        num.find_first_not_of("0123456789") != std::string::npos ||
        num.size() > 3) {
      return Status::InvalidArgument("kind '" + std::string(kind) +
                                     "': sense must be '#' and a number");
    }
    sense = std::atoi(num.c_str());
    lemma.resize(hash);
  }
  if (lemma.empty() || lemma != Lower(lemma) || sense < 1) {
    return Status::InvalidArgument("kind '" + std::string(kind) +
                                   "': must be a lower-case WordNet noun");
  }
  const std::vector<std::uint32_t> senses = wf.Senses(lemma, Pos::kNoun);
  if (senses.empty()) {
    return Status::InvalidArgument("kind '" + std::string(kind) +
                                   "': WordNet has no noun '" + lemma + "'");
  }
  if (static_cast<std::size_t>(sense) > senses.size()) {
    return Status::InvalidArgument("kind '" + std::string(kind) +
                                   "': WordNet's noun '" + lemma + "' has " +
                                   std::to_string(senses.size()) + " senses");
  }
  return senses[sense - 1];
}

RelationTypes::RelationTypes(const Lexicon& lexicon, const WordForms& wf)
    : wf_(wf) {
  if (!wf.loaded()) return;
  auto resolve = [&wf](const std::vector<std::string>& names) {
    std::vector<std::uint32_t> out;
    for (const std::string& n : names) {
      Result<std::uint32_t> r = ResolveKind(wf, n);
      if (r.ok()) out.push_back(*r);  // the lexicon loader reported errors
    }
    return out;
  };
  std::unordered_set<std::string> seen;
  for (const RelationDef& def : lexicon.relations()) {
    Kinds k;
    k.key = def.alias_of.empty() ? def.id : def.alias_of;
    k.subject = resolve(def.subject_kinds);
    k.value = resolve(def.value_kinds);
    k.changeable = def.cardinality == Cardinality::kOne && !def.stable;
    k.stable = def.stable;
    for (const std::string& cue : def.cues) {
      std::vector<std::string> words = Words(Lower(cue));
      for (const std::string& w : words) k.cue_words.insert(w);
      // Cue verbs match in any inflection: compare lemmas.
      for (std::string& w : words) {
        const std::string verb = wf.Lemma(w, Pos::kVerb);
        if (!verb.empty()) w = verb;
      }
      k.cues.push_back(std::move(words));
    }
    // An alias_of entry shares its target's key: one candidate per key.
    if (!seen.insert(k.key).second) {
      for (Kinds& other : relations_) {
        if (other.key != k.key) continue;
        other.cue_words.insert(k.cue_words.begin(), k.cue_words.end());
        other.cues.insert(other.cues.end(), k.cues.begin(), k.cues.end());
      }
      continue;
    }
    relations_.push_back(std::move(k));
  }
  // Templates whose words are cues of several relations ("[X] lies in
  // __"); the others are never refined.
  for (const RelationDef& def : lexicon.relations()) {
    for (const std::string& t : def.sentence_templates) {
      // Only relations with value kinds can be told apart by type.
      std::vector<const Kinds*> cands;
      for (const Kinds* k : CueCandidates(t)) {
        if (!k->value.empty()) cands.push_back(k);
      }
      if (cands.size() >= 2) template_cands_.emplace(t, std::move(cands));
    }
  }
  if (Result<std::uint32_t> r = ResolveKind(wf, "person"); r.ok()) {
    person_ = *r;
  }
  if (Result<std::uint32_t> r = ResolveKind(wf, "organization"); r.ok()) {
    organization_ = *r;
  }
  if (Result<std::uint32_t> r = ResolveKind(wf, "genre"); r.ok()) {
    genre_ = *r;
  }
  for (const char* kind : {"country", "country#2", "continent"}) {
    if (Result<std::uint32_t> r = ResolveKind(wf, kind); r.ok()) {
      broad_places_.push_back(*r);
    }
  }
  for (Kinds& k : relations_) {
    bool all = !k.value.empty() && person_ != 0;
    for (std::uint32_t v : k.value) {
      bool under = false;
      for (const auto& [at, depth] : *Ancestors(v)) {
        under = under || at == person_;
      }
      all = all && under && v != person_;
    }
    k.people_classes = all;
  }
  // The lexicon says which relations a locative states: those with a
  // template "[X] lies in __" or "[X] is located in the country of __"
  // (the subject is in the value; a capital is the other way round).
  std::unordered_set<std::string> located;
  for (const RelationDef& def : lexicon.relations()) {
    for (const std::string& t : def.sentence_templates) {
      std::vector<std::string> w = Words(Lower(t));
      if (w.size() < 3 || w.front() != "[x]" || w.back() != "__") continue;
      w.erase(w.begin());
      w.pop_back();
      const auto in = std::find(w.begin(), w.end(), "in");
      if (in == w.end()) continue;
      const std::size_t i = static_cast<std::size_t>(in - w.begin());
      const std::size_t after = w.size() - i - 1;
      const bool type_of =
          after >= 3 && after <= 4 && w[i + 1] == "the" && w.back() == "of";
      if ((after == 0 || type_of) && BareLocative(Join(w, 0, i + 1))) {
        located.insert(def.alias_of.empty() ? def.id : def.alias_of);
      }
    }
  }
  for (const Kinds& k : relations_) {
    bool people = false;
    for (std::uint32_t sk : k.subject) people = people || sk == person_;
    // One entry per key: an alias (P276 of P131) is the same relation.
    if (located.erase(k.key) > 0 && !people && !k.value.empty()) {
      locative_.push_back(&k);
    }
  }
  Result<std::uint32_t> abstraction = ResolveKind(wf, "abstraction#6");
  Result<std::uint32_t> group = ResolveKind(wf, "group");
  if (abstraction.ok() && group.ok()) {
    for (const Kinds& k : relations_) {
      Kinds only = k;
      only.value.clear();
      for (std::uint32_t v : k.value) {
        bool abstract = false, grouped = false;
        for (const auto& [at, depth] : *Ancestors(v)) {
          abstract = abstract || at == *abstraction;
          grouped = grouped || at == *group;
        }
        if (abstract && !grouped) only.value.push_back(v);
      }
      if (!only.value.empty()) class_kinds_.push_back(std::move(only));
    }
    // A work is a thing, not a class: the abstract kinds of a notable
    // work ("written communication") hold every title WordNet files.
    std::vector<std::uint32_t> works;
    for (const char* kind : {"creation#2", "written communication",
                             "musical composition", "show", "publication"}) {
      if (Result<std::uint32_t> r = ResolveKind(wf, kind); r.ok()) {
        works.push_back(*r);
      }
    }
    for (const Kinds& k : class_kinds_) {
      class_valued_.push_back(&k);
      if (!k.stable) class_valued_now_.push_back(&k);
      const bool work = std::any_of(
          k.value.begin(), k.value.end(), [&works](std::uint32_t v) {
            return std::find(works.begin(), works.end(), v) != works.end();
          });
      if (!work) adjunct_classes_.push_back(&k);
    }
  }
  if (Result<std::uint32_t> r = ResolveKind(wf, "location"); r.ok()) {
    location_ = *r;
  }
  for (const char* kind : {"structure", "facility", "workplace"}) {
    if (Result<std::uint32_t> r = ResolveKind(wf, kind); r.ok()) {
      facility_kinds_.push_back(*r);
    }
  }
  // WordNet files a continent under land, not location.
  if (Result<std::uint32_t> r = ResolveKind(wf, "continent"); r.ok()) {
    continent_ = *r;
  }
  for (const char* kind :
       {"location", "organization", "structure", "group", "institution"}) {
    if (Result<std::uint32_t> r = ResolveKind(wf, kind); r.ok()) {
      name_classes_.push_back(*r);
    }
  }
}

std::vector<std::string> RelationTypes::ChangeTargets(
    std::string_view subject, std::string_view value) const {
  std::vector<std::string> out;
  if (!wf_.loaded()) return out;
  const NounClass v = Classify(value, /*value=*/true);
  const NounClass s = Classify(subject, /*value=*/false);
  // A name known only by an abstract head ("Brightwave Energy", "Nordic
  // Broadcasting") names a firm as often as the class: it may also be
  // what an unknown name may be.
  NounClass as_name;
  as_name.named = v.by_head && v.proper;
  // A name WordNet cannot place is taken for a firm or body, never a
  // person: "switched to Globex" changes no spouse (a change of a person
  // in a role names the role: "the new CEO", "now married to").
  const bool unplaced = !v.known() || as_name.named;
  for (const Kinds& k : relations_) {
    if (!k.changeable || k.value.empty()) continue;
    const bool fits = v.known() && Distance(v, k.value, true) < kUnknown;
    // A kind of organisation counts (a broadcaster, a record company), but
    // not a political unit or a faith's body: a firm is no country or
    // religion.
    const bool firm =
        unplaced && !PlaceValued(k.key) && !ClassValued(k.key) &&
        std::any_of(k.value.begin(), k.value.end(), [&](std::uint32_t kind) {
          if (kind == organization_) return true;
          for (const auto& [at, depth] : *Ancestors(kind)) {
            if (at == organization_) return true;
          }
          return false;
        });
    if (!fits && !firm) continue;
    if (!k.subject.empty() && Distance(s, k.subject, true) == kNoFit) continue;
    out.push_back(k.key);
  }
  return out;
}

bool RelationTypes::ValueMayFit(const std::string& key,
                                std::string_view value) const {
  const Kinds* k = ByKey(key);
  if (k == nullptr || k->value.empty() || !wf_.loaded()) return true;
  const NounClass v = Classify(value, /*value=*/true);
  return !v.known() || Distance(v, k->value, true) < kUnknown;
}

bool RelationTypes::Confirms(const std::string& key, std::string_view subject,
                             std::string_view value) const {
  const Kinds* k = ByKey(key);
  if (k == nullptr || k->subject.empty() || k->value.empty() || !wf_.loaded()) {
    return false;
  }
  const NounClass s = Classify(subject, /*value=*/false);
  if (!s.known() || s.named || CommonDistance(s, k->subject) >= kUnknown) {
    return false;
  }
  return Distance(Classify(value, /*value=*/true), k->value, true) < kUnknown;
}

bool RelationTypes::PeopleClassValued(const std::string& key) const {
  const Kinds* k = ByKey(key);
  return k != nullptr && k->people_classes;
}

bool RelationTypes::SubjectMayFit(const std::string& key,
                                  std::string_view subject) const {
  if (!wf_.loaded()) return true;
  // Only a common noun: a name's WordNet senses are too often another
  // thing of that name ("Amazon" the river, "To Kill a Mockingbird" a bird,
  // "the Greenway Trust" a legal arrangement).
  for (std::string_view det : {"the ", "a ", "an "}) {
    if (subject.starts_with(det)) subject.remove_prefix(det.size());
  }
  if (subject.empty() ||
      !std::islower(static_cast<unsigned char>(subject[0]))) {
    return true;
  }
  const Kinds* k = ByKey(key);
  if (k == nullptr || k->subject.empty()) return true;
  NounClass s = Classify(subject, /*value=*/true);
  // Its usual sense: "company" is a firm before it is a visitor.
  if (s.senses.size() > 1) s.senses.resize(1);
  return !s.known() || Distance(s, k->subject, true) < kUnknown;
}

bool RelationTypes::PlaceValued(const std::string& key) const {
  const Kinds* k = ByKey(key);
  if (k == nullptr || location_ == 0) return false;
  for (std::uint32_t v : k->value) {
    for (const auto& [at, depth] : *Ancestors(v)) {
      if (at == location_) return true;
    }
  }
  return false;
}

std::string RelationTypes::CuedByModifier(std::string_view phrase) const {
  if (!wf_.loaded()) return "";
  const std::vector<std::string> words = Words(Lower(phrase));
  if (words.size() < 2) return "";
  const std::string head = wf_.Lemma(words.back(), Pos::kNoun);
  if (head.empty()) return "";
  NounClass c;
  c.senses = wf_.Senses(head, Pos::kNoun);
  // The head's usual senses only: "piece" is a work of art in its third.
  if (c.senses.size() > 3) c.senses.resize(3);
  const std::vector<std::string> lemmas = VerbLemmas(words);
  constexpr int kMaxValueSteps = 5;
  std::string found;
  for (const Kinds& k : relations_) {
    if (k.value.empty()) continue;
    bool cued = false;
    for (const std::vector<std::string>& cue : k.cues) {
      if (cue.empty() || cue.size() >= words.size()) continue;
      // Among the modifiers: never the head itself.
      for (std::size_t i = 0; i + cue.size() < words.size() && !cued; ++i) {
        cued = CueAt(cue, words, lemmas, i);
      }
      if (cued) break;
    }
    if (!cued || CommonDistance(c, k.value) > kMaxValueSteps) continue;
    if (!found.empty() && found != k.key) return "";
    found = k.key;
  }
  return found;
}

std::string RelationTypes::PlaceOfFacility(std::string_view value) const {
  if (!wf_.loaded() || facility_kinds_.empty()) return "";
  std::vector<std::string> words = Words(value);
  // "the", "our", "its new": a determiner, then adjectives.
  std::size_t first = !words.empty() && IsDefiniteDeterminer(words[0]) ? 1 : 0;
  while (first < words.size() && !Capitalised(words[first]) &&
         wf_.Is(Lower(words[first]), Pos::kAdj)) {
    ++first;
  }
  if (words.size() < first + 2) return "";
  const std::string& noun = words.back();
  for (char c : noun) {
    if (c < 'a' || c > 'z') return "";
  }
  const std::string name = Join(words, first, words.size() - 1);
  for (std::size_t i = first; i + 1 < words.size(); ++i) {
    if (!Capitalised(words[i])) return "";
  }
  NounClass n;
  const std::string lemma = wf_.Lemma(noun, Pos::kNoun);
  if (lemma.empty()) return "";
  n.senses = wf_.Senses(lemma, Pos::kNoun);
  if (n.senses.size() > 2) n.senses.resize(2);  // its usual senses
  constexpr int kMaxFacilitySteps = 4;
  if (CommonDistance(n, facility_kinds_) > kMaxFacilitySteps) return "";
  return IsPlace(name) ? name : "";
}

std::string RelationTypes::BySubjectNoun(const std::string& key,
                                         std::string_view noun) const {
  const Kinds* mapped = ByKey(key);
  if (!wf_.loaded() || mapped == nullptr || mapped->value.empty()) return "";
  // The compound WordNet knows whole ("television series"), else its head.
  std::string lemma = wf_.Lemma(Lower(noun), Pos::kNoun);
  if (lemma.empty()) {
    const std::size_t sp = noun.rfind(' ');
    if (sp == std::string_view::npos) return "";
    lemma = wf_.Lemma(Lower(noun.substr(sp + 1)), Pos::kNoun);
  }
  if (lemma.empty()) return "";
  const std::vector<std::uint32_t> senses = wf_.Senses(lemma, Pos::kNoun);
  // Its usual sense first; failing a fit, the next two ("series" is a
  // television serial in its third).
  for (std::size_t upto = 1; upto <= 3 && upto <= senses.size(); ++upto) {
    NounClass n;
    n.senses.assign(senses.begin(), senses.begin() + upto);
    std::string best;
    int best_d = kUnknown;
    bool tie = false;
    for (const Kinds& k : relations_) {
      if (k.value != mapped->value || k.subject.empty()) continue;
      const int d = CommonDistance(n, k.subject);
      if (d < best_d) {
        best_d = d;
        best = k.key;
        tie = false;
      } else if (d == best_d && d < kUnknown) {
        tie = true;
      }
    }
    if (!best.empty()) return tie ? "" : best;
  }
  return "";
}

std::string RelationTypes::AgreementRelation(std::string_view phrase) const {
  if (!wf_.loaded()) return "";
  std::string text = Lower(phrase);
  std::replace(text.begin(), text.end(), '-', ' ');
  const std::vector<std::string> words = Words(text);
  if (words.size() < 3 || words.back() != "with") return "";
  bool agreement = false;
  std::string rest;
  for (std::size_t i = 0; i + 1 < words.size(); ++i) {
    const std::string& w = words[i];
    const std::string verb = wf_.Lemma(w, Pos::kVerb);
    if (i == 0 && (verb == "have" || verb == "sign" || verb == "forge" ||
                   verb == "establish" || verb == "enter" || verb == "make" ||
                   verb == "form" || verb == "strike" || verb == "maintain" ||
                   verb == "hold")) {
      continue;
    }
    const std::string noun = wf_.Lemma(w, Pos::kNoun);
    if (noun == "agreement" || noun == "arrangement" || noun == "link" ||
        noun == "relationship" || noun == "partnership" || noun == "pact" ||
        noun == "tie" || noun == "bond" || noun == "accord" ||
        noun == "treaty" || noun == "relation") {
      agreement = true;
      continue;
    }
    if (FunctionWord(w)) continue;
    rest += (rest.empty() ? "" : " ") + w;
  }
  if (!agreement || rest.empty()) return "";
  const std::vector<const Kinds*> cands = CueCandidates(rest);
  return cands.size() == 1 ? cands.front()->key : "";
}

bool RelationTypes::IsPlace(std::string_view value) const {
  if (!wf_.loaded() || location_ == 0) return false;
  const NounClass c = Classify(value, /*value=*/true);
  if (!c.known()) return false;
  // A name's own referent may sit deep below location ("Tuscany" is a
  // region of Italy); a head noun must be a kind of place near it, so
  // "Ford Motor Company" is no place.
  constexpr int kNamePlaceSteps = 8;
  constexpr int kHeadPlaceSteps = 5;
  return CommonDistance(c, {location_, continent_}) <=
         (c.by_head ? kHeadPlaceSteps : kNamePlaceSteps);
}

std::string RelationTypes::RoleOfOwner(const std::vector<std::string>& keys,
                                       std::string_view role,
                                       std::string_view owner,
                                       std::string_view value) const {
  if (!wf_.loaded() || location_ == 0 || organization_ == 0) return "";
  if (const NounClass v = Classify(value, /*value=*/true);
      v.known() && CommonDistance(v, name_classes_) < kUnknown) {
    return "";
  }
  const std::string name = StripArticle(Trim(owner));
  if (name.empty() || !Capitalised(name)) return "";
  std::uint32_t kind = 0;
  if (IsPlace(name)) {
    kind = location_;
  } else {
    // "FIFA", "UEFA": a name in capitals is an organisation's acronym (a
    // country's, "USA", is a place WordNet knows).
    bool acronym = name.size() >= 2 && name.size() <= 6;
    for (char ch : name) {
      acronym = acronym && (std::isupper(static_cast<unsigned char>(ch)) ||
                            std::isdigit(static_cast<unsigned char>(ch)));
    }
    const NounClass c = Classify(name, /*value=*/true);
    if (acronym ||
        (c.known() && CommonDistance(c, {organization_}) < kUnknown)) {
      kind = organization_;
    }
  }
  if (kind == 0) return "";
  auto under = [this](const std::vector<std::uint32_t>& kinds,
                      std::uint32_t top) {
    for (std::uint32_t k : kinds) {
      for (const auto& [at, depth] : *Ancestors(k)) {
        if (at == top) return true;
      }
    }
    return false;
  };
  const std::string word = Lower(Trim(role));
  std::string found;
  for (const std::string& key : keys) {
    const Kinds* k = ByKey(key);
    if (k == nullptr) continue;
    const bool cued = std::any_of(k->cues.begin(), k->cues.end(),
                                  [&](const std::vector<std::string>& c) {
                                    return c.size() == 1 && c[0] == word;
                                  });
    if (!cued || !under(k->value, person_) || !under(k->subject, kind)) {
      continue;
    }
    if (!found.empty() && found != k->key) return "";
    found = k->key;
  }
  return found;
}

bool RelationTypes::ClassValued(const std::string& key) const {
  for (const Kinds& k : class_kinds_) {
    if (k.key == key) return true;
  }
  return false;
}

bool RelationTypes::KnowsValue(std::string_view value) const {
  return wf_.loaded() && Classify(value, /*value=*/true).known();
}

NounClass RelationTypes::Classify(std::string_view phrase, bool value) const {
  NounClass c;
  std::string text = StripArticle(Trim(phrase));
  if (text.empty() || !wf_.loaded()) return c;
  const bool cap = Capitalised(text);
  const std::string lower = Lower(text);
  auto take = [&](const std::string& lemma, bool proper, bool head = false) {
    c.senses = wf_.Senses(lemma, Pos::kNoun);
    c.proper = proper;
    if (head) {
      // A name's head noun names its class through a common-noun sense
      // only: "Remington Rand" is no region of South Africa ("the Rand").
      std::vector<std::uint32_t> common;
      for (std::uint32_t sense : c.senses) {
        for (const std::string& w :
             wf_.SynsetLemmas(sense, Pos::kNoun, /*as_written=*/true)) {
          if (w == lemma) {
            common.push_back(sense);
            break;
          }
        }
      }
      c.senses = std::move(common);
    }
    if (proper && !head) {
      // Past a sentence's start a capital marks a name: only the senses
      // WordNet writes capitalised are its referents ("Japan" the country,
      // not japan the lacquer; "Acme" the company, not the summit). At the
      // start (a subject) it may be either: "Bob", "Sushi".
      std::vector<std::uint32_t> names;
      for (std::uint32_t sense : c.senses) {
        for (const std::string& w :
             wf_.SynsetLemmas(sense, Pos::kNoun, /*as_written=*/true)) {
          if (Lower(w) == lemma && Capitalised(w)) {
            names.push_back(sense);
            break;
          }
        }
      }
      if (value) {
        c.senses = std::move(names);
      } else if (names.empty()) {
        c.named = true;
      }
    }
    c.lemma = lemma;
    return !c.senses.empty();
  };
  if (take(lower, cap)) return c;
  std::vector<std::string> words = Words(lower);
  if (words.size() == 1) {
    const std::string lemma = wf_.Lemma(lower, Pos::kNoun);
    if (!lemma.empty() && take(lemma, cap)) return c;
  } else if (!words.empty()) {
    // A name or phrase with a common head noun: "Stanford University",
    // "University of Tokyo", "Golden Gate Bridge", "ice hockey player".
    std::size_t end = words.size();
    for (std::size_t i = 1; i < words.size(); ++i) {
      if (words[i] == "of") {
        end = i;
        break;
      }
    }
    const std::vector<std::string> orig = Words(text);
    const std::string& head_orig = orig[end - 1];
    const std::string lemma = wf_.Lemma(words[end - 1], Pos::kNoun);
    // A common noun head names the class even capitalised ("Golden Gate
    // Bridge"); a proper noun head does not ("Upper Austria" is not
    // Austria). WordNet writes proper nouns capitalised.
    // A plural head names a group, not its members ("the Foo Fighters" is a
    // band, not fighters).
    const bool plural_name = cap && !lemma.empty() && lemma != words[end - 1];
    if (!lemma.empty() && !plural_name && (!Capitalised(head_orig) || cap)) {
      const std::uint32_t first = wf_.FirstSynset(lemma, Pos::kNoun);
      bool proper_head = false;
      for (const std::string& w :
           wf_.SynsetLemmas(first, Pos::kNoun, /*as_written=*/true)) {
        if (Lower(w) == lemma) proper_head = Capitalised(w);
      }
      // Nothing is named "X Person": a name ending in a person noun is a
      // name ("React Native", "Sex Pistols"), not one of them.
      bool person_head = false;
      if (!proper_head && cap && person_ != 0) {
        NounClass first;
        first.senses = {wf_.FirstSynset(lemma, Pos::kNoun)};
        person_head = Distance(first, {person_}, false) < kUnknown;
      }
      if (!proper_head && !person_head && take(lemma, cap, true)) {
        c.by_head = true;
        return c;
      }
    }
  }
  c = NounClass();
  c.named = cap;
  return c;
}

int RelationTypes::Distance(const NounClass& c,
                            const std::vector<std::uint32_t>& kinds,
                            bool named_ok) const {
  if (kinds.empty()) return kUnknown;
  auto named_fit = [&] {
    if (!c.named || !named_ok) return false;
    for (std::uint32_t k : kinds) {
      if (k == person_ || k == organization_) return true;
    }
    return false;
  };
  if (!c.known()) return named_fit() ? 0 : kUnknown;
  // A sentence-initial word WordNet knows only as a common noun may be a
  // name ("Bob"): its noun senses first, else possibly a person or
  // organisation, ranked as a subject WordNet cannot place.
  const int common = CommonDistance(c, kinds);
  if (common == kNoFit && named_fit()) return kNamedGuess;
  // A capitalised name known only by a head noun that fits none of the
  // kinds may still be a person named after a common word: "Emmanuel
  // Macron" (a macron is a diacritic), unless the head names a place or a
  // body of people ("Harbor Street Bridge", "Northwind Bank").
  if (common != kNoFit || !c.by_head || !c.proper || !named_ok ||
      std::find(kinds.begin(), kinds.end(), person_) == kinds.end()) {
    return common;
  }
  for (std::size_t i = 0; i < c.senses.size() && i < 3; ++i) {
    for (const auto& [at, depth] : *Ancestors(c.senses[i])) {
      if (std::find(name_classes_.begin(), name_classes_.end(), at) !=
          name_classes_.end()) {
        return common;
      }
    }
  }
  return kNamedGuess;
}

int RelationTypes::CommonDistance(
    const NounClass& c, const std::vector<std::uint32_t>& kinds) const {
  int best = kNoFit;
  for (std::uint32_t sense : c.senses) {
    // A name's referent is its first sense that can be of these kinds
    // ("Paris" the city, not the genus): WordNet orders senses by
    // frequency. A common noun's nearest sense is its most specific
    // reading.
    if (c.proper && best != kNoFit) break;
    for (const auto& [at, depth] : *Ancestors(sense)) {
      if (depth >= best) break;  // ancestors come nearest first
      if (std::find(kinds.begin(), kinds.end(), at) != kinds.end()) {
        best = depth;
        break;
      }
    }
  }
  return best;
}

std::shared_ptr<const std::vector<std::pair<std::uint32_t, int>>>
RelationTypes::Ancestors(std::uint32_t sense) const {
  // Chains depend on WordNet alone: the process-wide WordNet's are shared
  // by every parser (a bench or server makes many).
  struct Cache {
    std::shared_mutex mu;
    std::unordered_map<
        std::uint32_t,
        std::shared_ptr<const std::vector<std::pair<std::uint32_t, int>>>>
        map;  // GUARDED_BY(mu)
  };
  static Cache* shared = new Cache;
  Cache local_cache;
  Cache& cache = &wf_ == &WordForms::Get() ? *shared : local_cache;
  {
    std::shared_lock lock(cache.mu);
    auto it = cache.map.find(sense);
    if (it != cache.map.end()) return it->second;
  }
  // Breadth first up the hypernym graph: nearest first. Every parsed
  // statement of a kind-sharing template asks, and values repeat
  // ("English", "France"), so each synset's chain is read once.
  auto out = std::make_shared<std::vector<std::pair<std::uint32_t, int>>>();
  std::deque<std::pair<std::uint32_t, int>> queue{{sense, 0}};
  std::unordered_set<std::uint32_t> seen{sense};
  while (!queue.empty()) {
    auto [at, depth] = queue.front();
    queue.pop_front();
    out->emplace_back(at, depth);
    if (depth + 1 >= kMaxDepth) continue;
    for (const char* sym : {"@", "@i"}) {
      for (const auto& [pos, up] : wf_.Pointers(at, Pos::kNoun, sym)) {
        if (pos == Pos::kNoun && seen.insert(up).second) {
          queue.emplace_back(up, depth + 1);
        }
      }
    }
  }
  std::unique_lock lock(cache.mu);
  return cache.map.try_emplace(sense, std::move(out)).first->second;
}

const RelationTypes::Kinds* RelationTypes::ByKey(std::string_view key) const {
  for (const Kinds& k : relations_) {
    if (k.key == key) return &k;
  }
  return nullptr;
}

std::vector<std::string> RelationTypes::VerbLemmas(
    const std::vector<std::string>& words) const {
  std::vector<std::string> lemmas;
  for (const std::string& w : words) {
    const std::string verb = wf_.Lemma(w, Pos::kVerb);
    lemmas.push_back(verb.empty() ? w : verb);
  }
  return lemmas;
}

bool RelationTypes::CueAt(const std::vector<std::string>& cue,
                          const std::vector<std::string>& words,
                          const std::vector<std::string>& lemmas,
                          std::size_t i) {
  for (std::size_t j = 0; j < cue.size(); ++j) {
    if (cue[j] != words[i + j] && cue[j] != lemmas[i + j]) return false;
  }
  return true;
}

std::vector<const RelationTypes::Kinds*> RelationTypes::CueCandidates(
    std::string_view phrase) const {
  // A relation is a candidate when its cue phrases, found word for word in
  // the phrase (a verb in any inflection), cover every content word: "comes
  // from" is cued by P19, P27 and P495 ("comes from"), not by P740 ("come
  // into existence").
  const std::vector<std::string> words = Words(Lower(phrase));
  const std::vector<std::string> lemmas = VerbLemmas(words);
  bool any_content = false;
  for (const std::string& w : words) {
    any_content = any_content || !FunctionWord(w);
  }
  std::vector<const Kinds*> out;
  if (!any_content) return out;
  for (const Kinds& k : relations_) {
    std::vector<bool> covered(words.size(), false);
    for (const std::vector<std::string>& cue : k.cues) {
      if (cue.empty() || cue.size() > words.size()) continue;
      for (std::size_t i = 0; i + cue.size() <= words.size(); ++i) {
        if (!CueAt(cue, words, lemmas, i)) continue;
        for (std::size_t j = 0; j < cue.size(); ++j) covered[i + j] = true;
      }
    }
    // An adjective WordNet knows only as one says how, not what: "a
    // devout adherent of", "a lifelong follower of".
    bool all = true, cued = false;
    for (std::size_t i = 0; i < words.size() && all; ++i) {
      cued = cued || covered[i];
      all = covered[i] || FunctionWord(words[i]) || OnlyAdjective(words[i]);
    }
    if (all && cued) out.push_back(&k);
  }
  return out;
}

bool RelationTypes::OnlyAdjective(const std::string& word) const {
  return wf_.Is(word, Pos::kAdj) && !wf_.Is(word, Pos::kNoun) &&
         wf_.Lemma(word, Pos::kVerb).empty() &&
         wf_.Lemma(word, Pos::kNoun).empty();
}

RelationTypes::Pick RelationTypes::Choose(
    const std::vector<const Kinds*>& candidates, const NounClass& subject,
    const NounClass& value, bool subject_must_fit,
    const std::unordered_set<std::string>* head_words) const {
  std::vector<Pick> fits;
  // A person fits "object" (a physical object, the subject of P17 and P131)
  // only through organism and living thing: a relation whose subject kinds
  // are more general than person is no reading of a person's statement
  // ("a veterinarian from Seville" is no Seville located entity).
  const int to_person =
      person_ != 0 ? Distance(subject, {person_}, false) : kNoFit;
  auto score = [&](const NounClass& v) {
    for (const Kinds* k : candidates) {
      const int dv = Distance(v, k->value, true);
      if (dv >= kUnknown) continue;
      const int ds = Distance(subject, k->subject, true);
      if (ds == kNoFit) continue;
      if (subject_must_fit && ds >= kUnknown) continue;
      if (to_person < kNamedGuess && ds > to_person) continue;
      if (v.proper && k->people_classes) continue;
      Pick p;
      p.k = k;
      p.dv = dv;
      p.ds = ds;
      // The head noun's own words (its lemma, definition and derived
      // verbs: "native: a person born in ...", "speaker" -> speak) naming
      // one of the relation's cues.
      // A cue counts whole: all its content words ("place of death"
      // needs "death", not just "place").
      if (head_words != nullptr) {
        for (const std::vector<std::string>& cue : k->cues) {
          bool all = true, any = false;
          for (const std::string& w : cue) {
            if (FunctionWord(w)) continue;
            any = true;
            if (w.size() <= 3 || head_words->count(w) == 0) {
              all = false;
              break;
            }
          }
          if (all && any) {
            p.affinity = 1;
            p.cue = Join(cue, 0, cue.size());
            break;
          }
        }
      }
      fits.push_back(p);
    }
  };
  if (value.proper && value.senses.size() > 1) {
    // A name is one referent: its first sense that any candidate fits
    // ("Japan" the archipelago fits none; the country does).
    for (std::uint32_t sense : value.senses) {
      NounClass one = value;
      one.senses = {sense};
      score(one);
      if (!fits.empty()) break;
    }
  } else {
    score(value);
  }
  Pick best;
  if (fits.empty()) return best;
  std::stable_sort(fits.begin(), fits.end(), [](const Pick& a, const Pick& b) {
    return a.Rank() < b.Rank();
  });
  best = fits[0];
  for (std::size_t i = 1; i < fits.size() && fits[i].Rank() == best.Rank();
       ++i) {
    best.tie += (best.tie.empty() ? "" : " ") + fits[i].k->key;
  }
  if (!best.tie.empty()) best.tie = best.k->key + " " + best.tie;
  return best;
}

std::string RelationTypes::Derived(
    const NounClass& c, const std::vector<std::uint32_t>& kinds) const {
  for (std::uint32_t sense : c.senses) {
    for (const auto& [pos, target] : wf_.Pointers(sense, Pos::kNoun, "+")) {
      if (pos != Pos::kNoun) continue;
      NounClass d;
      d.senses = {target};
      if (Distance(d, kinds, false) >= kUnknown) continue;
      std::vector<std::string> lemmas = wf_.SynsetLemmas(target, Pos::kNoun);
      if (lemmas.empty()) continue;
      std::string out = lemmas.front();
      // A capitalised adherent ("Buddhist") names a capitalised faith.
      if (c.proper) {
        bool start = true;
        for (char& ch : out) {
          if (start) {
            ch =
                static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
          }
          start = ch == ' ';
        }
      }
      return out;
    }
  }
  return "";
}

std::string RelationTypes::DerivedThroughVerb(const NounClass& n,
                                              const Kinds& k) const {
  std::string d = Derived(n, k.value);
  // Through the verb: "golfer" -> to golf -> "golf".
  for (std::size_t i = 0; d.empty() && i < n.senses.size(); ++i) {
    for (const auto& [pos, verb] : wf_.Pointers(n.senses[i], Pos::kNoun, "+")) {
      if (pos != Pos::kVerb || !d.empty()) continue;
      for (const auto& [pos2, noun] : wf_.Pointers(verb, pos, "+")) {
        if (pos2 != Pos::kNoun || noun == n.senses[i]) continue;
        NounClass via;
        via.senses = {noun};
        d = Derived(via, k.value);
        if (d.empty() && Distance(via, k.value, false) < kUnknown) {
          const auto lemmas = wf_.SynsetLemmas(noun, Pos::kNoun);
          if (!lemmas.empty()) d = lemmas.front();
        }
        if (!d.empty()) break;
      }
    }
  }
  return d;
}

bool RelationTypes::NamedForClass(const NounClass& n, const NounClass& subject,
                                  const std::vector<const Kinds*>& classes,
                                  const Kinds* except, TypedChoice* out) const {
  const Kinds* by = nullptr;
  std::string derived;
  for (const Kinds* k : classes) {
    if (k == except || Distance(subject, k->subject, true) == kNoFit) continue;
    std::string d = DerivedThroughVerb(n, *k);
    if (d.empty()) continue;
    if (by != nullptr) return false;  // two relations: no choice
    by = k;
    derived = std::move(d);
  }
  if (by == nullptr) return false;
  out->key = by->key;
  out->value = derived;
  out->evidence = "types: a '" + n.lemma + "' is named for '" + derived +
                  "' (WordNet derivation), a value of " + by->key;
  return true;
}

bool RelationTypes::NamedFor(std::string_view noun, const std::string& key,
                             const std::string& target,
                             TypedChoice* out) const {
  if (!wf_.loaded() || person_ == 0) return false;
  NounClass n;
  n.lemma = wf_.Lemma(Lower(Trim(noun)), Pos::kNoun);
  if (n.lemma.empty()) return false;
  n.senses = wf_.Senses(n.lemma, Pos::kNoun);
  if (!n.known() || Distance(n, {person_}, false) >= kUnknown) return false;
  std::vector<const Kinds*> classes;
  for (const Kinds& k : class_kinds_) {
    if (k.key == target) classes.push_back(&k);
  }
  NounClass person;
  person.senses = {person_};
  return NamedForClass(n, person, classes, ByKey(key), out);
}

const RelationTypes::Kinds* RelationTypes::SiblingKind(
    const NounClass& modifier, const NounClass& head) const {
  if (genre_ == 0 || !modifier.known() || !head.known()) return nullptr;
  // Kinds of works only: "a senior engineer" is a person, not a genre.
  NounClass head_first = head;
  head_first.senses.resize(1);
  if (person_ != 0 && (Distance(head_first, {person_}, false) < kUnknown ||
                       Distance(modifier, {person_}, false) < kUnknown)) {
    return nullptr;
  }
  // Near enough to be kinds of one thing, not merely both "communication".
  constexpr int kMaxModifierSteps = 3;
  constexpr int kMaxHeadSteps = 2;
  bool sibling = false;
  for (std::size_t i = 0; i < modifier.senses.size() && i < 3 && !sibling;
       ++i) {
    const auto up = Ancestors(modifier.senses[i]);
    for (const auto& [at, dm] : *up) {
      if (dm > kMaxModifierSteps || sibling) break;
      if (dm == 0) continue;
      for (const auto& [hat, dh] : *Ancestors(head.senses.front())) {
        if (dh > kMaxHeadSteps) break;
        if (hat == modifier.senses[i]) return nullptr;  // above the head
        if (dh >= 1 && hat == at) {
          sibling = true;
          break;
        }
      }
    }
  }
  if (!sibling) return nullptr;
  const Kinds* found = nullptr;
  for (const Kinds& k : relations_) {
    if (std::find(k.value.begin(), k.value.end(), genre_) == k.value.end()) {
      continue;
    }
    if (Distance(head, k.subject, true) >= kUnknown) continue;
    if (found != nullptr) return nullptr;
    found = &k;
  }
  return found;
}

std::unordered_set<std::string> RelationTypes::HeadWords(
    const NounClass& head) const {
  std::unordered_set<std::string> out;
  if (!head.known()) return out;
  auto add = [&](const std::string& text) {
    std::string w;
    for (char ch : text + " ") {
      if (std::isalpha(static_cast<unsigned char>(ch))) {
        w += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        continue;
      }
      if (w.size() > 3 && !FunctionWord(w)) {
        out.insert(w);
        const std::string verb = wf_.Lemma(w, Pos::kVerb);
        if (!verb.empty()) out.insert(verb);
      }
      w.clear();
    }
  };
  add(head.lemma);
  const std::uint32_t first = head.senses.front();
  // Only the definition proper, not its quoted examples.
  std::string gloss = wf_.Gloss(first, Pos::kNoun);
  gloss = gloss.substr(0, gloss.find(';'));
  add(gloss);
  for (const auto& [pos, target] : wf_.Pointers(first, Pos::kNoun, "+")) {
    if (pos != Pos::kVerb) continue;
    for (const std::string& l : wf_.SynsetLemmas(target, pos)) add(l);
  }
  return out;
}

namespace {

// Grammar shapes that read "S is a <modifier> <head>" or "S is a <head>
// prep V": the head noun says what S is, the modifier or V is the value.
bool ModifierShape(const std::string& shape) {
  return shape == "S is a V(adj) R" || shape == "S is a V R" ||
         shape == "S is a V-R X" || shape == "S is a N prep V";
}

std::string Steps(int d) {
  return std::to_string(d) + (d == 1 ? " step" : " steps");
}

// The word before the last `head` in `sentence` ("a Russian speaker").
std::string WordBefore(std::string_view sentence, const std::string& head) {
  std::vector<std::string> words;
  std::string w;
  for (char ch : std::string(sentence) + " ") {
    if (std::isalnum(static_cast<unsigned char>(ch)) || ch == '-' ||
        ch == '\'') {
      w += ch;
    } else if (!w.empty()) {
      words.push_back(std::move(w));
      w.clear();
    }
  }
  for (std::size_t i = words.size(); i-- > 1;) {
    if (Lower(words[i]) == head) return words[i - 1];
  }
  return "";
}

}  // namespace

std::string RelationTypes::NounTail(std::string_view modifier) const {
  const std::string mod = Trim(modifier);
  if (mod.empty() || Capitalised(mod)) return mod;
  const std::vector<std::string> words = Words(Lower(mod));
  if (words.size() == 1 || wf_.Is(Lower(mod), Pos::kNoun)) return mod;
  // Praise and manner before the class: an adverb ("widely"), a hyphenated
  // compound ("best-selling", "long-running") or a participle ("used",
  // "acclaimed") qualifies the work, it names no class.
  std::size_t from = 0;
  while (from < words.size()) {
    const std::string& w = words[from];
    const bool participle = (w.ends_with("ed") || w.ends_with("ing")) &&
                            !wf_.Lemma(w, Pos::kVerb).empty() &&
                            wf_.Lemma(w, Pos::kNoun) != w;
    // "greatest", "finest": a superlative WordNet reads as its adjective.
    bool superlative = false;
    if (w.size() > 5 && w.ends_with("est") && !wf_.Is(w, Pos::kNoun)) {
      const std::string stem = w.substr(0, w.size() - 3);
      superlative = wf_.Is(stem, Pos::kAdj) || wf_.Is(stem + "e", Pos::kAdj) ||
                    (stem.size() > 2 && stem.back() == stem[stem.size() - 2] &&
                     wf_.Is(stem.substr(0, stem.size() - 1), Pos::kAdj));
    }
    if (!w.ends_with("ly") && w.find('-') == std::string::npos && !participle &&
        !superlative) {
      break;
    }
    ++from;
  }
  std::string tail;
  for (std::size_t i = from; i < words.size(); ++i) {
    tail += (tail.empty() ? "" : " ") + words[i];
  }
  return tail;
}

bool RelationTypes::Refine(const Clause& clause, const Mapping& m,
                           std::string_view sentence, TypedChoice* out) const {
  if (!wf_.loaded() || relations_.empty() || m.inverse) return false;
  const bool strong = m.mapping == "lexicon" && m.score >= kStrongMapping;
  const NounClass subject = Classify(clause.subject);
  // "S is a N" names a class; relations whose values are individuals
  // (a spouse, a founder: person or organisation) are no reading of it.
  std::vector<const Kinds*> classes;
  for (const Kinds& k : relations_) {
    if (k.value.empty()) continue;
    bool individuals = false;
    for (std::uint32_t v : k.value) {
      individuals = individuals || v == person_ || v == organization_;
    }
    if (!individuals) classes.push_back(&k);
  }

  // The relation whose subject kinds fit the head noun (what S is) and
  // whose value kinds fit the modifier: an adjective is read as its noun
  // ("Danish" -> Denmark) and as itself ("Russian" the language).
  auto modifier_form = [&](const std::string& head, const std::string& modifier,
                           const std::string& adjective) -> bool {
    const NounClass h = Classify(head);
    if (!h.known()) return false;
    std::vector<std::string> values;
    const std::string mod = NounTail(modifier);
    if (mod.empty()) return false;
    const std::vector<std::string> mod_words = Words(mod);
    if (mod_words.size() == 1 && wf_.Is(Lower(mod), Pos::kAdj) &&
        !wf_.Is(Lower(mod), Pos::kNoun)) {
      const std::string noun = wf_.Pertainym(Lower(mod));
      if (!noun.empty()) values.push_back(noun);
    } else if (mod_words.size() > 1 && Capitalised(mod) &&
               wf_.Is(Lower(mod), Pos::kAdj) &&
               !wf_.Pertainym(Lower(mod)).empty()) {
      // "South Korean", "New Zealand": an adjective WordNet knows whole
      // names its noun as one.
      values.push_back(wf_.Pertainym(Lower(mod)));
    } else {
      values.push_back(mod);
    }
    if (mod_words.size() > 1) {
      // "American television": a capitalised adjective among the words.
      for (const std::string& w : mod_words) {
        if (!Capitalised(w) || !wf_.Is(Lower(w), Pos::kAdj)) continue;
        const std::string noun = wf_.Pertainym(Lower(w));
        if (!noun.empty()) values.push_back(noun);
      }
    }
    std::vector<const Kinds*> cands, class_cands;
    // A lower-case common noun is no individual: "a detective novel" has no
    // author "detective", "a short story" is in no place "short".
    const bool common = !Capitalised(mod) && !mod.empty() &&
                        !std::isdigit(static_cast<unsigned char>(mod[0]));
    for (const Kinds& k : relations_) {
      if (k.subject.empty() || k.value.empty()) continue;
      if (common &&
          std::find(classes.begin(), classes.end(), &k) == classes.end()) {
        continue;
      }
      cands.push_back(&k);
      if (std::find(classes.begin(), classes.end(), &k) != classes.end()) {
        class_cands.push_back(&k);
      }
    }
    const std::unordered_set<std::string> head_words = HeadWords(h);
    Pick best;
    std::string best_value;
    bool tie = false;
    // The adjective as itself names a class ("Russian" the language),
    // never an individual (not "an African" as someone's spouse).
    const std::size_t nouns = values.size();
    if (!adjective.empty()) values.push_back(adjective);
    for (std::size_t i = 0; i < values.size(); ++i) {
      const std::string& v = values[i];
      Pick p = Choose(i < nouns ? cands : class_cands, h, Classify(v, true),
                      true, &head_words);
      if (p.k == nullptr) continue;
      if (best.k == nullptr || p.Rank() < best.Rank()) {
        best = p;
        best_value = v;
        tie = !p.tie.empty();
      } else if (p.Rank() == best.Rank() && p.k != best.k) {
        tie = true;
      }
    }
    if (best.k == nullptr || tie) return false;
    // A lower-case modifier far from the relation's value kinds is part of
    // a title ("a senior software engineer" is no notable work "senior
    // software"); a sport or genre sits within a few steps ("an ice hockey
    // player").
    constexpr int kMaxModifierSteps = 3;
    // A head noun whose own words name the relation ("team": a sports team)
    // vouches for a deeper value ("baseball" is five steps below sport).
    constexpr int kMaxVouchedSteps = 6;
    if (!Capitalised(modifier) &&
        best.dv > (best.affinity ? kMaxVouchedSteps : kMaxModifierSteps)) {
      return false;
    }
    out->key = best.k->key;
    out->value = best_value;
    out->evidence =
        "types: a '" + h.lemma + "' is a subject of " + best.k->key + " and '" +
        best_value + "' its value (" + Steps(best.dv) + ")" +
        (best.affinity ? "; '" + h.lemma + "' names its cue '" + best.cue + "'"
                       : "");
    return true;
  };

  // "S is a N": the relation whose value kinds N fits nearest.
  auto is_a = [&](const NounClass& n, const std::string& text) -> bool {
    // A kind of person names a value of S ("a physicist", "a goalkeeper",
    // "a Buddhist"); a kind of thing is what S is ("Imagine is a song" is
    // no notable work of Imagine's), unless it is a class value itself,
    // a step or two below the kind ("a drama": a literary genre).
    constexpr int kMaxThingSteps = 2;
    // "Siena is a town": a kind of place (in its usual sense: WordNet also
    // files "Town" the architect) says what S is, never a value.
    if (location_ != 0 && !n.senses.empty()) {
      for (const auto& [at, depth] : *Ancestors(n.senses.front())) {
        if (at == location_) return false;
      }
    }
    const bool person = Distance(n, {person_}, false) < kUnknown;
    // Things only as abstract class values (a genre, a sport, a language),
    // never a work or a place ("Fargo is a city" names no capital).
    // What S is now, so no fact of origin ("Imagine is a song" names no
    // notable work); and only of a name: "chess is a sport" says what chess
    // is (a sentence-initial word WordNet knows as a common noun is one).
    const Pick p = Choose(person ? classes : class_valued_now_, subject, n,
                          false, nullptr);
    // "a golfer", "a cellist": a person WordNet defines by what they do,
    // which it derives the noun from ("golf", a sport): the one class
    // relation whose values hold that noun.
    if (person && p.k == nullptr) {
      return NamedForClass(n, subject, classes, /*except=*/nullptr, out);
    }
    if (p.k == nullptr || !p.tie.empty()) return false;
    if (!person &&
        (p.dv > kMaxThingSteps || (subject.known() && !subject.by_head &&
                                   (!subject.proper || subject.named)))) {
      return false;
    }
    const std::string derived = Derived(n, p.k->value);
    out->key = p.k->key;
    out->value = derived.empty() ? text : derived;
    out->evidence = "types: '" + n.lemma + "' is a value of " + p.k->key +
                    " (" + Steps(p.dv) + ")" +
                    (derived.empty() ? ""
                                     : "; WordNet derivation '" + n.lemma +
                                           "' -> '" + derived + "'");
    return true;
  };

  // Whether a noun's usual (first) sense is a proper subkind of a value
  // kind ("physicist" under scientist; "country" is the kind itself).
  auto usual = [&](const NounClass& h, int min_steps) {
    NounClass first = h;
    first.senses.resize(1);
    for (const Kinds* k : classes) {
      const int d = Distance(first, k->value, false);
      if (d >= min_steps && d < kUnknown &&
          Distance(subject, k->subject, true) != kNoFit) {
        return true;
      }
    }
    return false;
  };

  if (clause.relation == "is a" && !strong) {
    const std::string text = StripArticle(Trim(clause.value));
    const std::vector<std::string> words = Words(text);
    if (words.empty()) return false;
    // The whole phrase as one WordNet noun: "tennis player", "Buddhist".
    NounClass whole;
    const std::string lower = Lower(text);
    whole.senses = wf_.Senses(lower, Pos::kNoun);
    whole.lemma = lower;
    if (whole.senses.empty() && words.size() == 1) {
      whole.lemma = wf_.Lemma(lower, Pos::kNoun);
      if (!whole.lemma.empty()) {
        whole.senses = wf_.Senses(whole.lemma, Pos::kNoun);
      }
    }
    whole.proper = Capitalised(text);
    if (whole.known() && is_a(whole, text)) return true;
    if (words.size() < 2) return false;
    // "<modifier> <head>": a head whose usual (first) sense is a value
    // ("an American football quarterback") is the value itself; else the
    // head says what S is and the modifier is the value ("an ice hockey
    // player" -> sport).
    const std::string head = words.back();
    // "a best-selling science fiction novel": praise before the class.
    std::string modifier = Join(words, 0, words.size() - 1);
    if (const std::string tail = NounTail(modifier); !tail.empty()) {
      modifier = tail;
    }
    NounClass h;
    h.lemma = wf_.Lemma(Lower(head), Pos::kNoun);
    if (!h.lemma.empty()) h.senses = wf_.Senses(h.lemma, Pos::kNoun);
    // "a science fiction novel": a kind of work beside the head is its
    // genre.
    if (h.known() && !Capitalised(modifier)) {
      NounClass m;
      m.lemma = Lower(modifier);
      m.senses = wf_.Senses(m.lemma, Pos::kNoun);
      if (!m.known() && Words(m.lemma).size() == 1) {
        m.lemma = wf_.Lemma(m.lemma, Pos::kNoun);
        if (!m.lemma.empty()) m.senses = wf_.Senses(m.lemma, Pos::kNoun);
      }
      if (const Kinds* k = SiblingKind(m, h); k != nullptr) {
        out->key = k->key;
        out->value = modifier;
        out->evidence = "types: '" + modifier + "' is a kind of " + h.lemma +
                        "'s class beside it: its genre, a value of " + k->key;
        return true;
      }
    }
    if (h.known()) {
      // A capitalised modifier is a fact of its own ("an American football
      // quarterback", "a German physicist"): the head alone is the value.
      // A lower-case one is part of the title ("a staff engineer").
      // Adjectives and participles alone before the head ("a devout
      // Catholic", "a practising Muslim", "a well-known novelist") say how,
      // not what: the head is the value. A noun among them makes a title
      // ("a staff engineer", "a senior engineer"), and so does a relational
      // adjective, one WordNet points at a noun ("a civil engineer", "a
      // clinical psychologist").
      bool only_adjectives = true;
      for (std::size_t i = 0; i + 1 < words.size(); ++i) {
        const std::string w = Lower(words[i]);
        only_adjectives = only_adjectives && !Capitalised(words[i]) &&
                          !wf_.Is(w, Pos::kNoun) && wf_.Pertainym(w).empty() &&
                          (wf_.Is(w, Pos::kAdj) || wf_.Is(w, Pos::kVerb) ||
                           w.find('-') != std::string::npos);
      }
      const std::string head_value =
          Capitalised(words.front()) || only_adjectives ? head : text;
      // A lower-case title names S's value whole; a capitalised modifier
      // yields to a head that is a proper subkind of a value (a physicist,
      // not a country: "an African country" is about Africa).
      // Either way the head's usual sense must be one ("an ice hockey
      // player" is no musician).
      if (usual(h, Capitalised(words.front()) ? 1 : 0) && is_a(h, head_value)) {
        return true;
      }
      // "a professional cyclist": a person named for an abstract class
      // value (cycling, a sport) is that, whatever the modifier says of
      // them. Not "a Wolof speaker": a modifier WordNet knows as a class
      // value is the statement (the modifier forms below).
      if (person_ != 0 && Distance(h, {person_}, false) < kUnknown) {
        std::vector<const Kinds*> abstract;
        const NounClass mc = Classify(modifier, true);
        bool modifier_is_class = false;
        for (const Kinds& k : class_kinds_) {
          abstract.push_back(&k);
          modifier_is_class =
              modifier_is_class ||
              (mc.known() && Distance(mc, k.value, true) < kUnknown);
        }
        if (!modifier_is_class &&
            NamedForClass(h, subject, abstract, nullptr, out)) {
          return true;
        }
      }
      // A lower-case compound whose head is a class value that is no
      // person: the compound is the value ("a crime drama" -> genre).
      if (!Capitalised(words.front()) &&
          Distance(h, {person_}, false) >= kUnknown && is_a(h, text)) {
        return true;
      }
    }
    return modifier_form(head, modifier, "");
  }

  if (ModifierShape(clause.shape)) {
    std::string head = clause.relation;
    if (clause.shape == "S is a N prep V") head = Words(head).front();
    if (strong) {
      // Keep a strong mapping the types do not contradict.
      const Kinds* mapped = ByKey(m.key);
      const NounClass v = Classify(clause.value, true);
      if (mapped == nullptr || Distance(v, mapped->value, true) != kNoFit) {
        return false;
      }
    }
    const std::string adjective = clause.shape == "S is a V(adj) R"
                                      ? WordBefore(sentence, head)
                                      : std::string();
    // "an Austrian physicist": a head that is itself a value for S ("S is
    // a physicist") is the statement; the nationality is a fact apart.
    if (clause.shape == "S is a V(adj) R" || clause.shape == "S is a V R") {
      NounClass h;
      h.lemma = wf_.Lemma(Lower(head), Pos::kNoun);
      if (!h.lemma.empty()) h.senses = wf_.Senses(h.lemma, Pos::kNoun);
      if (h.known() && usual(h, 1) && is_a(h, head)) return true;
    }
    return modifier_form(head, clause.value, adjective);
  }

  // A phrase whose content words are cues of several relations ("lies in",
  // "comes from", "plays"). Only such a phrase is decided by type; one the
  // canonicaliser keyed as a phrase of its own ("Prime Minister") names
  // one relation at most.
  std::vector<const Kinds*> cands = CueCandidates(clause.relation);
  // A noun phrase names its relation ("position", "country"): its
  // mapping stands. Verbs are what several relations share.
  if (clause.kind == PhraseKind::kNoun) return false;
  // A bare locative ("is in", "lies in", "is situated in") names no
  // relation of its own: the location relation the types fit, for a
  // subject that is no person (a person "in Berlin" may be visiting).
  // A name WordNet does not know may be a person ("Tom Baker is in
  // Berlin"): for it only a country or continent value reads as located.
  if (cands.empty() && m.mapping == "phrase" && BareLocative(clause.relation) &&
      !(person_ != 0 && Distance(subject, {person_}, false) < kUnknown) &&
      (subject.known() || Distance(Classify(clause.value, true), broad_places_,
                                   false) < kUnknown)) {
    cands = locative_;
  }
  if (m.mapping == "phrase" && cands.size() < 2 &&
      ClassValue(clause, subject, out)) {
    return true;
  }
  // A phrase cued by one relation alone ("an adherent of", "a lifelong
  // follower of") names it when WordNet files the value under its value
  // kinds, a few steps down ("Islam" a religion), and the subject does not
  // contradict it. An unknown or distant value is no evidence.
  if (m.mapping == "phrase" && cands.size() == 1) {
    const Kinds* k = cands.front();
    const NounClass value = Classify(clause.value, true);
    constexpr int kMaxCuedSteps = 4;
    const int dv = value.known() && !value.by_head
                       ? Distance(value, k->value, true)
                       : kNoFit;
    if (dv <= kMaxCuedSteps && Distance(subject, k->subject, true) != kNoFit) {
      out->key = k->key;
      out->value = clause.value;
      out->evidence = "types: '" + clause.value + "' is a value of " + k->key +
                      " (" + Steps(dv) + "), the one relation cued by '" +
                      clause.relation + "'";
      return true;
    }
    if (Inverse(clause, subject, cands, out)) return true;
  }
  if (m.mapping == "weak") {
    // The canonicaliser's own candidates for a phrase it could not key.
    for (const std::string& id : m.alternatives) {
      const Kinds* k = ByKey(id);
      if (k != nullptr &&
          std::find(cands.begin(), cands.end(), k) == cands.end()) {
        cands.push_back(k);
      }
    }
  }
  const Kinds* mapped = strong ? ByKey(m.key) : nullptr;
  if (mapped != nullptr &&
      std::find(cands.begin(), cands.end(), mapped) == cands.end()) {
    return false;  // the phrase names more than the shared cues
  }
  if (cands.size() < 2 ||
      (!strong && m.mapping != "weak" && m.mapping != "phrase")) {
    return false;
  }
  const NounClass value = Classify(clause.value, true);
  // Only a value WordNet knows decides; an unknown name is no evidence.
  if (!value.known()) return false;
  const Pick p = Choose(cands, subject, value, false, nullptr);
  if (p.k == nullptr && mapped == nullptr &&
      Inverse(clause, subject, cands, out)) {
    return true;
  }
  if (p.k == nullptr || !p.tie.empty() || p.k == mapped) return false;
  if (mapped != nullptr) {
    // Switch a strong mapping only when the types are strictly nearer.
    const int md = Distance(value, mapped->value, true);
    if (md != kNoFit && md <= p.dv) return false;
  }
  out->key = p.k->key;
  out->value = clause.value;
  out->evidence = "types: '" + clause.value + "' is a value of " + p.k->key +
                  " (" + Steps(p.dv) + ") among the relations cued by '" +
                  clause.relation + "'";
  return true;
}

bool RelationTypes::Inverse(const Clause& clause, const NounClass& subject,
                            const std::vector<const Kinds*>& cands,
                            TypedChoice* out) const {
  // Only an active verb's subject is its agent, and only a person (or a
  // name that may be one) leads, runs or governs.
  // The object is a name: roles are held in a government, a company or a
  // club, not in "a small bakery" (a place, a subject kind of P6).
  if (clause.kind != PhraseKind::kVerb || person_ == 0 ||
      !Capitalised(StripArticle(Trim(clause.value))) ||
      Distance(subject, {person_}, true) >= kUnknown) {
    return false;
  }
  std::vector<const Kinds*> held;  // relations whose value is a person
  for (const Kinds* k : cands) {
    if (std::find(k->value.begin(), k->value.end(), person_) !=
        k->value.end()) {
      held.push_back(k);
    }
  }
  if (held.empty()) return false;
  NounClass object = Classify(clause.value);
  NounClass agent = Classify(clause.subject, true);
  const Pick p = Choose(held, object, agent, false, nullptr);
  // The object must be of the relation's subject kinds, not merely unknown
  // to WordNet, when several relations are cued ("leads": a government or
  // a company); one cued relation takes an unknown name ("runs Nvidia").
  if (p.k == nullptr || !p.tie.empty() ||
      (held.size() > 1 && p.ds >= kUnknown)) {
    return false;
  }
  out->key = p.k->key;
  out->value = clause.value;
  out->inverse = true;
  out->evidence = "types: '" + clause.value + "' is a subject of " + p.k->key +
                  " and '" + clause.subject + "' its value, for the verb '" +
                  clause.relation + "' (its subject is the one who holds it)";
  return true;
}

NounClass RelationTypes::PatientNouns(const std::string& verb) const {
  NounClass out;
  const std::vector<std::uint32_t> senses = wf_.Senses(verb, Pos::kVerb);
  for (std::size_t r = 0; r < senses.size() && r < 2; ++r) {
    for (const auto& [pos, noun] : wf_.Pointers(senses[r], Pos::kVerb, "+")) {
      if (pos != Pos::kNoun) continue;
      // Derivation pointers are lexical but reported per synset: keep the
      // nouns that begin like the verb (ablaut changes the vowel: "sing",
      // "song"), not those of a synonym's derivations.
      bool stem = false;
      for (const std::string& l : wf_.SynsetLemmas(noun, Pos::kNoun)) {
        stem = stem || (!l.empty() && l[0] == verb[0]);
      }
      if (!stem) continue;
      NounClass one;
      one.senses = {noun};
      // The agent ("singer", "publisher") is the active's subject.
      if (Distance(one, {person_, organization_}, false) < kUnknown) continue;
      if (std::find(out.senses.begin(), out.senses.end(), noun) ==
          out.senses.end()) {
        out.senses.push_back(noun);
      }
      if (out.lemma.empty()) out.lemma = wf_.SynsetLemmas(noun, Pos::kNoun)[0];
    }
  }
  return out;
}

bool RelationTypes::ClassValue(const Clause& clause, const NounClass& subject,
                               TypedChoice* out) const {
  if (class_valued_.empty()) return false;
  const std::vector<std::string> words = Words(Lower(clause.relation));
  // The main verb: the phrase's first word WordNet knows as a verb. A
  // negation says the opposite; a progressive ("is learning") or a
  // modal says what is under way or possible, not what holds.
  std::string verb;
  bool participle = false;
  for (const std::string& w : words) {
    if (In(w, {"not", "never", "no", "n't", "can", "could", "may", "might",
               "should", "would", "will", "must"})) {
      return false;
    }
    if (w.size() > 4 && w.compare(w.size() - 3, 3, "ing") == 0) return false;
    if (!verb.empty()) continue;
    if (FunctionWord(w) && !In(w, {"do", "does", "did"})) continue;
    verb = wf_.Lemma(w, Pos::kVerb);
    if (verb.empty()) return false;  // a noun or adjective leads the phrase
    participle = verb != w && w.back() != 's';
  }
  if (verb.empty()) return false;
  // The value itself must be a WordNet noun: a name's head noun ("a
  // Volkswagen Golf") is no class of it.
  const NounClass value = Classify(clause.value, true);
  if (!value.known() || value.by_head) return false;
  // "S is R-ed prep V" (a passive or stative participle): S is what the
  // verb acts on. An unknown subject is typed by the verb's patient noun
  // ("Kalevipoeg was sung in Estonian": a song), never guessed a person.
  const bool passive = participle && clause.shape.rfind("S is ", 0) == 0;
  NounClass s = subject;
  std::string how;
  // A name WordNet happens to know ("Roma") is weaker evidence than the
  // verb's patient.
  if (passive && (!subject.known() || subject.proper)) {
    s = PatientNouns(verb);
    if (!s.known()) return false;
    how = "; the subject of passive '" + verb + "' is a '" + s.lemma + "'";
  }
  Pick p = Choose(class_valued_, s, value, false, nullptr);
  // The patient noun is a guess: when no relation's subject fits it, an
  // unknown subject is left to the value alone ("Metallica are classed as
  // heavy metal": a categorisation is no work, but Metallica may be a band).
  if (p.k == nullptr && !how.empty() && !subject.known()) {
    p = Choose(class_valued_, subject, value, false, nullptr);
    how.clear();
  }
  if (p.k == nullptr || !p.tie.empty()) return false;
  out->key = p.k->key;
  out->value = clause.value;
  out->evidence = "types: '" + clause.value + "' is a value of " + p.k->key +
                  " (" + Steps(p.dv) + "), the one relation of its class" +
                  " the subject fits, for verb '" + verb +
                  "' no lexicon phrasing reads" + how;
  return true;
}

bool RelationTypes::ClassAdjunct(std::string_view subject,
                                 std::string_view value,
                                 TypedChoice* out) const {
  if (adjunct_classes_.empty()) return false;
  const NounClass v = Classify(value, true);
  // A capitalised word WordNet knows only as a common noun is a name here
  // ("in Reading"); a language or religion is a proper noun.
  if (!v.known() || v.by_head || v.named) return false;
  const NounClass s = Classify(subject, false);
  const Pick p = Choose(adjunct_classes_, s, v, false, nullptr);
  if (p.k == nullptr || !p.tie.empty()) return false;
  out->key = p.k->key;
  out->value = std::string(value);
  out->evidence = "types: '" + out->value + "' in an adjunct is a value of " +
                  p.k->key + " (" + Steps(p.dv) +
                  "), the one relation of its class the subject fits";
  return true;
}

bool RelationTypes::RefineTemplate(const std::string& relation,
                                   const std::string& phrase,
                                   const std::string& subject,
                                   const std::string& value,
                                   TypedChoice* out) const {
  if (!wf_.loaded() || relations_.empty()) return false;
  // Every template match comes here (262k FactConsolidation lines): the
  // candidates of each template were found once, at construction.
  auto cached = template_cands_.find(phrase);
  if (cached == template_cands_.end()) return false;
  const std::vector<const Kinds*>& cands = cached->second;
  const Kinds* mapped = ByKey(relation);
  if (mapped == nullptr || cands.size() < 2 ||
      std::find(cands.begin(), cands.end(), mapped) == cands.end()) {
    return false;
  }
  const NounClass v = Classify(value, true);
  // Only a name WordNet itself knows ("South Africa") overrides a template;
  // a name's head noun ("The Jakarta Post") is too weak for that.
  if (!v.known() || v.by_head) return false;
  const NounClass s = Classify(subject);
  const Pick p = Choose(cands, s, v, false, nullptr);
  if (p.k == nullptr || !p.tie.empty() || p.k == mapped) return false;
  // A template names its relation; only a close fit overrides it ("Greece"
  // is two steps from country). A distant one is WordNet knowing some other
  // sense of the word ("Google" as a search is seven steps from a work).
  constexpr int kTemplateOverrideSteps = 4;
  if (p.dv > kTemplateOverrideSteps) return false;
  const int md = Distance(v, mapped->value, true);
  if (md != kNoFit && md <= p.dv) return false;
  out->key = p.k->key;
  out->value = value;
  out->evidence = "types: '" + value + "' is a value of " + p.k->key + " (" +
                  Steps(p.dv) + "), nearer than " + relation +
                  "; the template's words are cues of both";
  return true;
}

std::string RelationTypes::StripTypeNoun(std::string_view value) const {
  if (!wf_.loaded()) return "";
  std::string_view v = value;
  bool article = false;
  for (std::string_view the : {"the ", "The "}) {
    if (v.substr(0, the.size()) == the) {
      v.remove_prefix(the.size());
      article = true;
    }
  }
  const std::size_t of = v.find(" of ");
  // "the Auvergne-Rhône-Alpes region" describes a place; without the
  // article "Tromsø municipality" may be its name.
  if (of == std::string_view::npos || of == 0) {
    return article ? TrailingPlaceNoun(v) : "";
  }
  const std::string_view noun = v.substr(0, of);
  const std::string_view name = v.substr(of + 4);
  if (name.empty() || !std::isupper(static_cast<unsigned char>(name[0]))) {
    return "";
  }
  for (char c : noun) {
    if (c < 'a' || c > 'z') return "";  // one lower-case common noun
  }
  // The noun's three most frequent senses: "country" is both the nation
  // and its territory, and WordNet files a name under either.
  std::vector<std::uint32_t> senses = wf_.Senses(std::string(noun), Pos::kNoun);
  if (senses.empty()) return "";
  if (senses.size() > 3) senses.resize(3);
  const NounClass c = Classify(name, true);
  if (!c.proper) return "";
  constexpr int kMaxSteps = 3;
  return CommonDistance(c, senses) <= kMaxSteps ? std::string(name) : "";
}

std::string RelationTypes::TrailingPlaceNoun(std::string_view v) const {
  // Capitalised words, then one lower-case noun: "Auvergne-Rhône-Alpes
  // region", "Dutchess county". The name need not be known to WordNet; the
  // noun must be a kind of place (a region, a district), a few steps below
  // location, so "Ford Motor company" or "Beatles song" stay whole.
  const std::size_t sp = v.rfind(' ');
  if (sp == std::string_view::npos || sp == 0 || location_ == 0) return "";
  const std::string noun(v.substr(sp + 1));
  for (char c : noun) {
    if (c < 'a' || c > 'z') return "";
  }
  const std::string_view name = v.substr(0, sp);
  for (std::size_t b = 0; b < name.size();) {
    if (!std::isupper(static_cast<unsigned char>(name[b]))) return "";
    const std::size_t e = name.find(' ', b);
    if (e == std::string_view::npos) break;
    b = e + 1;
  }
  std::vector<std::uint32_t> senses = wf_.Senses(noun, Pos::kNoun);
  if (senses.empty()) return "";
  senses.resize(1);  // the noun's usual sense: "state" the polity
  NounClass c;
  c.senses = senses;
  constexpr int kMaxPlaceSteps = 5;
  return CommonDistance(c, {location_}) <= kMaxPlaceSteps ? std::string(name)
                                                          : "";
}

}  // namespace factline::internal
