// Statements that say a value changed ("now", "instead", "switched",
// "these days", a verb of change): which slot they change, and what they
// end in a many-valued slot. The rule (docs in resolver/README.md):
//
// 1. Re-keying. A statement whose own slot (subject, relation) holds no
//    current value, but which names a value the subject's other slot holds
//    ("V instead of Y": Y), or carries a change marker and whose relation
//    phrase meets exactly one other one-valued slot of the subject (every
//    content word of the shorter phrase is a word of the longer, lexicon
//    relations compared by their name and aliases), is written to that slot:
//    "My IP address is A", then "The IP is now B" lands on (S, ip address).
// 0. Keying by the store. A relation phrase no lexicon relation takes, with
//    lexicon relations it may name (WordNet evidence just below the
//    threshold, "hired" -> employer; or, in a statement of change, a cue
//    word of several, "now leads" -> CEO, director, head of government),
//    is keyed on the one of them whose slot the store already holds for
//    the subject, or read backwards for the value: "Acme hired Ana" when
//    Ana has an employer. In a statement of change the value itself is
//    evidence too: the changeable (one-valued, not stable) relations whose
//    value kinds it fits ("moved to St. Mary's Clinic": an organisation,
//    so employer, not residence), and, for a value WordNet cannot place,
//    the slot whose current value has its head noun ("Republic Records"
//    after "Big Machine Records"). Two or more such slots, or none: the
//    phrase keys as itself.
// 2. Many-valued slots. A change marker without an additive one ("also",
//    "too", "as well", "another") makes the new value replace the slot's
//    other current values: "I prefer X now" ends the earlier preference;
//    "I also like X" adds. The ended values keep their history (an "ended"
//    audit record, replayed by EndAtom).
#include <algorithm>
#include <functional>
#include <string>

#include "resolver/internal/resolver_impl.h"

namespace factline::resolver {

namespace {

// Words that say the value is new: time adverbs, corrections and verbs of
// change in any of their forms.
bool IsChangeWord(const std::string& w) {
  static constexpr std::string_view kWords[] = {
      "now",         "nowadays",     "instead",    "anymore",    "actually",
      "currently",   "switch",       "switched",   "switching",  "change",
      "changed",     "changing",     "move",       "moved",      "moving",
      "migrate",     "migrated",     "migrating",  "upgrade",    "upgraded",
      "upgrading",   "downgrade",    "downgraded", "rename",     "renamed",
      "rewrite",     "rewritten",    "rewrote",    "became",     "become",
      "replace",     "replaced",     "push",       "pushed",     "rescheduled",
      "reschedule",  "relocate",     "relocated",  "relocating", "transfer",
      "transferred", "transferring", "convert",    "converted",  "sold",
      "join",        "joined",       "joins",      "joining"};
  return std::find(std::begin(kWords), std::end(kWords), w) != std::end(kWords);
}

bool IsAdditiveWord(const std::string& w) {
  return w == "also" || w == "too" || w == "another" || w == "additionally";
}

// Words that carry no slot meaning in a relation phrase: determiners,
// prepositions, auxiliaries, pronouns and generic verbs ("use", "run").
bool IsFunctionWord(const std::string& w) {
  static constexpr std::string_view kWords[] = {
      "a",   "an",  "the",   "of",   "to",      "in",   "on",   "at",
      "for", "by",  "with",  "from", "into",    "onto", "is",   "be",
      "are", "was", "were",  "been", "am",      "my",   "our",  "your",
      "his", "her", "their", "its",  "use",     "run",  "have", "has",
      "get", "do",  "go",    "new",  "current", "now",  "as",   "and"};
  return w.size() < 2 ||
         std::find(std::begin(kWords), std::end(kWords), w) != std::end(kWords);
}

// A crude shared form for comparing relation words: "banking" and "bank",
// "versions" and "version".
std::string Stem(std::string w) {
  for (std::string_view suffix : {"ing", "es", "s"}) {
    if (w.size() > suffix.size() + 3 &&
        w.compare(w.size() - suffix.size(), suffix.size(), suffix) == 0) {
      return w.substr(0, w.size() - suffix.size());
    }
  }
  return w;
}

std::vector<std::string> ContentWords(std::string_view phrase) {
  std::vector<std::string> out;
  for (const std::string& w : WordTokens(phrase)) {
    if (IsFunctionWord(w) || IsChangeWord(w)) continue;
    std::string s = Stem(w);
    if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
  }
  return out;
}

// The phrasings of a relation key: a lexicon relation's name and aliases
// (and those of relations keyed on it through alias_of), else the key.
std::vector<std::vector<std::string>> Phrasings(const Lexicon& lexicon,
                                                const std::string& key) {
  std::vector<std::vector<std::string>> out;
  auto add = [&](std::string_view phrase) {
    std::vector<std::string> words = ContentWords(phrase);
    if (!words.empty()) out.push_back(std::move(words));
  };
  const RelationDef* def = lexicon.Find(key);
  if (def == nullptr) {
    add(key);
    return out;
  }
  for (const RelationDef& r : lexicon.relations()) {
    if (r.id != def->id && r.alias_of != def->id) continue;
    add(r.name);
    for (const std::string& alias : r.aliases) add(alias);
  }
  return out;
}

bool Subset(const std::vector<std::string>& inner,
            const std::vector<std::string>& outer) {
  for (const std::string& w : inner) {
    if (std::find(outer.begin(), outer.end(), w) == outer.end()) return false;
  }
  return true;
}

// Two relation keys name one slot: some phrasing of one has every content
// word of some phrasing of the other, or the reverse.
bool Meet(const Lexicon& lexicon, const std::string& a, const std::string& b) {
  for (const auto& x : Phrasings(lexicon, a)) {
    for (const auto& y : Phrasings(lexicon, b)) {
      if (Subset(x, y) || Subset(y, x)) return true;
    }
  }
  return false;
}

bool ValueNamed(const Atom& atom, std::string_view said) {
  if (NormalizeKey(atom.value) == NormalizeKey(said)) return true;
  const std::vector<std::string> theirs = WordTokens(atom.value);
  const std::vector<std::string> words = WordTokens(said);
  return !words.empty() && !theirs.empty() &&
         (Subset(words, theirs) || Subset(theirs, words));
}

}  // namespace

std::string ValueHead(std::string_view value) {
  const std::string display = CleanDisplay(value);
  const std::size_t space = display.rfind(' ');
  std::string last =
      space == std::string::npos ? display : display.substr(space + 1);
  if (last.empty()) return "";
  if (last[0] >= 'A' && last[0] <= 'Z') {
    if (space == std::string::npos) return "";
    last[0] = static_cast<char>(last[0] - 'A' + 'a');
  }
  for (char c : last) {
    if (!(c >= 'a' && c <= 'z') && c != '-') return "";
  }
  return last;
}

ChangeMarkers ReadChangeMarkers(const Atom& atom) {
  ChangeMarkers m;
  const std::string_view text = atom.text;
  // Words of the atom's own subject or value are names, not markers
  // ("Speak Now", "Let's Move!").
  std::vector<std::string> names = WordTokens(atom.subject);
  for (std::string& w : WordTokens(atom.value)) names.push_back(std::move(w));
  for (const std::string& w : WordTokens(text)) {
    if (std::find(names.begin(), names.end(), w) != names.end()) continue;
    if (IsChangeWord(w)) m.change = true;
    if (IsAdditiveWord(w)) m.additive = true;
  }
  const std::string key = NormalizeKey(text);
  for (std::string_view phrase :
       {"these days", "no longer", "any more", "from now on"}) {
    if (key.find(phrase) != std::string::npos) m.change = true;
  }
  if (key.find("as well") != std::string::npos) m.additive = true;
  return m;
}

Status Resolver::Impl::Rekey(graph::Writer& w, Atom* atom, Decision* d) {
  if (atom->ends) return Status::Ok();
  const ChangeMarkers markers = ReadChangeMarkers(*atom);
  const bool replaces = !CleanDisplay(atom->replaces).empty();
  if (!markers.change && !replaces) return Status::Ok();
  auto subject = w.FindEntity(atom->subject);
  if (!subject.ok()) {
    return subject.status().IsNotFound() ? Status::Ok() : subject.status();
  }
  // Its own slot in use: the statement changes that one.
  auto own = w.FindRelation(atom->relation);
  if (own.ok()) {
    FACTLINE_ASSIGN_OR_RETURN(std::vector<AtomId> ids,
                              w.Current(subject->id, own->id));
    if (!ids.empty()) return Status::Ok();
  } else if (!own.status().IsNotFound()) {
    return own.status();
  }
  auto relations = w.RelationsOfSubject(subject->id);
  if (!relations.ok()) {
    return relations.status().code() == StatusCode::kNotSupported
               ? Status::Ok()
               : relations.status();
  }
  std::vector<graph::Relation> named, met;
  for (RelationId id : *relations) {
    FACTLINE_ASSIGN_OR_RETURN(graph::Relation rel, w.GetRelation(id));
    if (rel.key == atom->relation) continue;
    FACTLINE_ASSIGN_OR_RETURN(std::vector<AtomId> ids,
                              w.Current(subject->id, id));
    if (ids.empty()) continue;
    if (replaces) {
      for (AtomId a : ids) {
        FACTLINE_ASSIGN_OR_RETURN(Atom held, w.GetAtom(a));
        if (held.provenance.verification == Verification::kRejected) continue;
        if (ValueNamed(held, atom->replaces)) {
          named.push_back(rel);
          break;
        }
      }
    }
    if (markers.change && rel.cardinality == Cardinality::kOne &&
        Meet(*lexicon, atom->relation, rel.key)) {
      met.push_back(rel);
    }
  }
  const std::vector<graph::Relation>& chosen = named.size() == 1 ? named : met;
  if (chosen.size() != 1) return Status::Ok();
  GateVerdict v;
  v.stage = "slot";
  v.reason = "relation '" + atom->relation + "' -> '" + chosen[0].key + "' (" +
             (named.size() == 1 ? "the slot holding '" + atom->replaces + "'"
                                : std::string("a change of the slot its "
                                              "phrase names")) +
             "; '" + atom->relation + "' holds nothing current)";
  d->verdicts.push_back(std::move(v));
  atom->relation = chosen[0].key;
  return Status::Ok();
}

Status Resolver::Impl::SlotsWithHead(
    graph::Writer& w, EntityId subject, const std::string& head,
    const std::function<void(const std::string&)>& found) {
  auto relations = w.RelationsOfSubject(subject);
  if (!relations.ok()) {
    return relations.status().code() == StatusCode::kNotSupported
               ? Status::Ok()
               : relations.status();
  }
  for (RelationId id : *relations) {
    FACTLINE_ASSIGN_OR_RETURN(graph::Relation rel, w.GetRelation(id));
    if (rel.cardinality != Cardinality::kOne) continue;
    const RelationDef* def = lexicon->Find(rel.key);
    if (def != nullptr && def->stable) continue;
    FACTLINE_ASSIGN_OR_RETURN(std::vector<AtomId> ids, w.Current(subject, id));
    for (AtomId a : ids) {
      FACTLINE_ASSIGN_OR_RETURN(Atom held, w.GetAtom(a));
      if (CleanDisplay(held.value).find(' ') != std::string::npos &&
          ValueHead(held.value) == head) {
        found(rel.key);
        break;
      }
    }
  }
  return Status::Ok();
}

Status Resolver::Impl::KeyByStore(graph::Writer& w, Atom* atom, Decision* d) {
  // A default among the relations the phrase cues is no lexicon reading
  // of its own: the store's slots among them decide first.
  const bool by_default = !atom->default_over_phrase.empty();
  const bool in_lexicon =
      lexicon->Find(atom->relation) != nullptr && !by_default;
  // Nothing to confirm (most bulk lines): done before reading the text.
  const bool store_evidence =
      !atom->kind_relations.empty() || atom->change_by_head ||
      (!in_lexicon &&
       (!atom->near_relations.empty() || !atom->cue_relations.empty()));
  if (atom->ends || !store_evidence) return Status::Ok();
  const bool change = ReadChangeMarkers(*atom).change;
  // The parser names kind relations only when the phrase names no lexicon
  // relation or one whose values are of another kind than this one; they
  // count only in a statement of change ("moved to", "now").
  const bool by_kind = change && !atom->kind_relations.empty();
  const std::string head =
      change && atom->change_by_head ? ValueHead(atom->value) : "";
  if (in_lexicon
          ? !by_kind && head.empty()
          : atom->near_relations.empty() && atom->cue_relations.empty() &&
                !by_kind && head.empty()) {
    return Status::Ok();
  }
  // The entity ids of subject and value, each looked up once (0: not in
  // the store, so it holds nothing; the graph numbers entities from 1).
  auto entity_id = [&w](const std::string& name, EntityId* id) -> Status {
    *id = 0;
    auto entity = w.FindEntity(name);
    if (entity.ok()) *id = entity->id;
    return entity.ok() || entity.status().IsNotFound() ? Status::Ok()
                                                       : entity.status();
  };
  EntityId subject = 0, value = 0;
  FACTLINE_RETURN_IF_ERROR(entity_id(atom->subject, &subject));
  FACTLINE_RETURN_IF_ERROR(entity_id(atom->value, &value));
  // Whether `entity` holds a current value in relation `key`.
  auto holds = [&w](EntityId entity, const std::string& key,
                    bool one_valued_only, bool* out) -> Status {
    *out = false;
    if (entity == 0) return Status::Ok();
    auto rel = w.FindRelation(key);
    if (!rel.ok()) {
      return rel.status().IsNotFound() ? Status::Ok() : rel.status();
    }
    if (one_valued_only && rel->cardinality != Cardinality::kOne) {
      return Status::Ok();
    }
    FACTLINE_ASSIGN_OR_RETURN(std::vector<AtomId> ids,
                              w.Current(entity, rel->id));
    *out = !ids.empty();
    return Status::Ok();
  };
  // Its own phrase slot in use: the statement continues that one. (A
  // lexicon relation reaches here by kind with a value of another kind than
  // its own, whose slot says nothing about it, or with a value of no known
  // kind, which may be its own.)
  bool own = false;
  if (!in_lexicon || !by_kind || atom->change_by_head) {
    // A default's own slot is one of those the phrase may name, weighed
    // with the others below.
    FACTLINE_RETURN_IF_ERROR(
        holds(subject, by_default ? atom->default_over_phrase : atom->relation,
              false, &own));
  }
  if (own) {
    if (by_default) atom->relation = atom->default_over_phrase;
    return Status::Ok();
  }
  struct Found {
    std::string key;
    bool backwards = false;  // the value holds the slot
    std::string why;
  };
  std::vector<Found> found;
  auto add = [&found](Found f) {
    for (const Found& g : found) {
      if (g.key == f.key && g.backwards == f.backwards) return;
    }
    found.push_back(std::move(f));
  };
  auto consider = [&](const std::vector<std::string>& keys,
                      bool one_valued_only, bool both_ways,
                      const std::string& why) -> Status {
    for (const std::string& key : keys) {
      for (bool backwards : {false, true}) {
        if (backwards && !both_ways) continue;
        bool held = false;
        FACTLINE_RETURN_IF_ERROR(
            holds(backwards ? value : subject, key, one_valued_only, &held));
        if (held) add({key, backwards, why});
      }
    }
    return Status::Ok();
  };
  const std::string named =
      "the only relation the phrase may name that it holds";
  if (!in_lexicon) {
    FACTLINE_RETURN_IF_ERROR(
        consider(atom->near_relations, false, true, named));
    if (change) {
      FACTLINE_RETURN_IF_ERROR(
          consider(atom->cue_relations, true, true, named));
    }
  }
  if (by_kind) {
    FACTLINE_RETURN_IF_ERROR(
        consider(atom->kind_relations, true, false,
                 "the only changeable slot it holds whose values are of the "
                 "new value's kind, in a statement of change"));
  }
  if (!head.empty() && subject != 0) {
    FACTLINE_RETURN_IF_ERROR(
        SlotsWithHead(w, subject, head, [&](const std::string& key) {
          add({key, false,
               "the only changeable slot it holds whose current value has the "
               "head noun '" +
                   head +
                   "' of the new value, in a statement of "
                   "change"});
        }));
  }
  if (by_default && found.size() > 1) {
    GateVerdict v;
    v.stage = "slot";
    v.reason = "relation '" + atom->relation + "' -> '" +
               atom->default_over_phrase +
               "' (a default among the phrase's relations; the store holds " +
               std::to_string(found.size()) + " of them)";
    d->verdicts.push_back(std::move(v));
    atom->relation = atom->default_over_phrase;
    return Status::Ok();
  }
  if (found.size() != 1) return Status::Ok();
  const std::string key = found[0].key;
  const bool backwards = found[0].backwards;
  GateVerdict v;
  v.stage = "slot";
  v.reason = "relation '" + atom->relation + "' -> '" + key + "' (" +
             (backwards ? "read backwards; " : "") +
             "the store holds a value of '" + key + "' for '" +
             (backwards ? atom->value : atom->subject) + "', " + found[0].why +
             ")";
  d->verdicts.push_back(std::move(v));
  if (backwards) std::swap(atom->subject, atom->value);
  atom->relation = key;
  return Status::Ok();
}

Status Resolver::Impl::EndChanged(graph::Writer& w, const Atom& statement,
                                  Cardinality cardinality, Decision* d) {
  if (cardinality != Cardinality::kMany ||
      !CleanDisplay(statement.replaces).empty() ||
      (d->action != Action::kAdded && d->action != Action::kSuperseded)) {
    return Status::Ok();
  }
  const ChangeMarkers markers = ReadChangeMarkers(statement);
  if (!markers.change || markers.additive) return Status::Ok();
  FACTLINE_ASSIGN_OR_RETURN(Atom stored, w.GetAtom(d->atom));
  const std::size_t before = d->closed.size();
  // An empty `said` names every other value of the slot.
  FACTLINE_RETURN_IF_ERROR(
      EndNamed(w, stored, "", stored.valid_from, stored.id, cardinality, d));
  if (d->closed.size() > before) d->action = Action::kSuperseded;
  return Status::Ok();
}

}  // namespace factline::resolver
