// Statements that end a value instead of stating a new one: "Alice no
// longer works at Acme" (Atom::ends) and the replaced value of "I now play
// padel instead of tennis" (Atom::replaces). Both give the matching current
// atom of the slot a stated end; nothing is deleted, the slot's history
// keeps the value with its interval, and one "ended" audit record lets the
// replay redo it.
#include <algorithm>
#include <string>

#include "resolver/internal/resolver_impl.h"

namespace factline::resolver {

namespace {

// Words that stand for the value already known ("Alice doesn't work there
// anymore"): in a one-valued slot they name its single current value.
bool IsProForm(std::string_view value) {
  static constexpr std::string_view kProForms[] = {
      "there", "it", "that", "this", "them", "him", "her", "one", "so"};
  const std::string key = NormalizeKey(value);
  return std::find(std::begin(kProForms), std::end(kProForms), key) !=
         std::end(kProForms);
}

bool Contains(const std::vector<std::string>& outer,
              const std::vector<std::string>& inner) {
  if (inner.empty()) return false;
  for (const std::string& w : inner) {
    if (std::find(outer.begin(), outer.end(), w) == outer.end()) return false;
  }
  return true;
}

// The slot's atoms that `said` names: the same normalised value, else
// (when none is the same) values whose words contain the said words or are
// contained in them ("Acme" ends "Acme Corp"); a pro-form names the only
// value of a one-valued slot; an empty `said` names every candidate.
std::vector<const Atom*> Named(const std::vector<Atom>& candidates,
                               std::string_view said, Cardinality card) {
  std::vector<const Atom*> exact, loose;
  if (said.empty()) {  // every value (a many-valued slot's change)
    for (const Atom& a : candidates) exact.push_back(&a);
    return exact;
  }
  const std::string key = NormalizeKey(said);
  const std::vector<std::string> words = WordTokens(said);
  for (const Atom& a : candidates) {
    if (NormalizeKey(a.value) == key) {
      exact.push_back(&a);
      continue;
    }
    const std::vector<std::string> theirs = WordTokens(a.value);
    if (Contains(theirs, words) || Contains(words, theirs)) {
      loose.push_back(&a);
    }
  }
  if (!exact.empty()) return exact;
  if (!loose.empty()) return loose;
  if (card == Cardinality::kOne && candidates.size() == 1 && IsProForm(said)) {
    return {&candidates[0]};
  }
  return {};
}

// The slot's atoms that hold at `end` (the timeline's owners there, so a
// value another already superseded before it is left alone; the current
// set of a slot without a timeline), other than `except`, that started
// before `end` and are not stated to stop by then. None when the subject
// or the relation is not stored yet.
Status Candidates(graph::Writer& w, const Atom& statement, Timestamp end,
                  AtomId except, std::vector<Atom>* out) {
  auto subject = w.FindEntity(statement.subject);
  if (!subject.ok()) {
    return subject.status().IsNotFound() ? Status::Ok() : subject.status();
  }
  auto relation = w.FindRelation(statement.relation);
  if (!relation.ok()) {
    return relation.status().IsNotFound() ? Status::Ok() : relation.status();
  }
  std::vector<AtomId> ids;
  auto timeline = w.Timeline(subject->id, relation->id);
  if (timeline.ok()) {
    ids = graph::OwnersAt(*timeline, end);
  } else if (timeline.status().IsNotFound()) {
    FACTLINE_ASSIGN_OR_RETURN(ids, w.Current(subject->id, relation->id));
  } else {
    return timeline.status();
  }
  for (AtomId id : ids) {
    if (id == except) continue;
    FACTLINE_ASSIGN_OR_RETURN(Atom a, w.GetAtom(id));
    if (a.provenance.verification == Verification::kRejected) continue;
    if (a.valid_from >= end || a.valid_to <= end) continue;  // nothing to cut
    out->push_back(std::move(a));
  }
  return Status::Ok();
}

}  // namespace

Status Resolver::Impl::EndNamed(graph::Writer& w, const Atom& statement,
                                std::string_view said, Timestamp end,
                                AtomId except, Cardinality cardinality,
                                Decision* d) {
  std::vector<Atom> candidates;
  FACTLINE_RETURN_IF_ERROR(Candidates(w, statement, end, except, &candidates));
  std::vector<AtomId> ended;
  std::vector<Timestamp> previous;
  const Timestamp now = NowMicros();
  for (const Atom* a : Named(candidates, said, cardinality)) {
    Timestamp before = kForever;
    FACTLINE_RETURN_IF_ERROR(internal::EndAtom(w, a->id, end, now, &before));
    ended.push_back(a->id);
    previous.push_back(before);
    d->reason += (d->reason.empty() ? "" : "; ") + std::string("ended #") +
                 std::to_string(a->id) + " '" + a->value + "' at " +
                 FormatTimestamp(end);
  }
  for (AtomId id : ended) d->closed.push_back(id);
  if (ended.empty() && except == kNoAtom) {
    d->reason += (d->reason.empty() ? "" : "; ") +
                 std::string("nothing current in the slot is '") +
                 std::string(said) + "' at " + FormatTimestamp(end) +
                 ": nothing ended";
  }
  if (!options.audit || (ended.empty() && except != kNoAtom)) {
    return Status::Ok();
  }
  nlohmann::json detail = {
      {"reason", d->reason},
      {"subject", statement.subject},
      {"relation", statement.relation},
      {"value", std::string(said)},
      {"end", end},
      {"placed_at", now},
      {"closed", ended},
      {"prev_valid_to", previous},
      {"origin", ToString(statement.provenance.origin)},
  };
  if (except != kNoAtom) detail["by"] = except;
  if (!statement.text.empty()) {
    detail["text"] = internal::Excerpt(statement.text);
  }
  if (!statement.provenance.source.empty()) {
    detail["source"] = statement.provenance.source;
  }
  if (!d->verdicts.empty())
    detail["verdicts"] = internal::VerdictsJson(d->verdicts);
  return Audit(w, kNoAtom, ToString(Action::kEnded), std::move(detail));
}

Status Resolver::Impl::EndReplaced(graph::Writer& w,
                                   const std::string& replaces,
                                   Cardinality cardinality, Decision* d) {
  if (CleanDisplay(replaces).empty() ||
      (d->action != Action::kAdded && d->action != Action::kSuperseded)) {
    return Status::Ok();
  }
  // "V instead of Y": Y stops where V starts.
  FACTLINE_ASSIGN_OR_RETURN(Atom stored, w.GetAtom(d->atom));
  const std::size_t before = d->closed.size();
  FACTLINE_RETURN_IF_ERROR(EndNamed(w, stored, replaces, stored.valid_from,
                                    stored.id, cardinality, d));
  if (d->closed.size() > before) d->action = Action::kSuperseded;
  return Status::Ok();
}

Status Resolver::Impl::End(graph::Writer& w, const Atom& statement,
                           Cardinality cardinality, Decision* d) {
  d->action = Action::kEnded;
  // The moment the value stopped: the stated end, else the stated start
  // ("since March, no longer ..."), which defaults to the line's time.
  const Timestamp end = statement.valid_to != kForever ? statement.valid_to
                                                       : statement.valid_from;
  FACTLINE_RETURN_IF_ERROR(
      EndNamed(w, statement, statement.value, end, kNoAtom, cardinality, d));
  if (!d->closed.empty()) d->atom = d->closed.front();
  return Status::Ok();
}

namespace internal {

namespace {
constexpr std::string_view kEndsIntent = "intent: ends the value";
constexpr std::string_view kReplacesIntent = "intent: replaces ";
}  // namespace

void AddIntents(const Atom& atom, nlohmann::json* verdicts) {
  if (!verdicts->is_array()) return;
  if (atom.ends) verdicts->push_back(std::string(kEndsIntent));
  if (!CleanDisplay(atom.replaces).empty()) {
    verdicts->push_back(std::string(kReplacesIntent) + atom.replaces);
  }
}

void ReadIntents(std::string_view detail, Atom* atom) {
  const nlohmann::json j = nlohmann::json::parse(detail, nullptr, false);
  if (j.is_discarded() || !j.is_array()) return;
  for (const auto& v : j) {
    if (!v.is_string()) continue;
    const std::string& s = v.get_ref<const std::string&>();
    if (s == kEndsIntent) atom->ends = true;
    if (s.rfind(kReplacesIntent, 0) == 0) {
      atom->replaces = s.substr(kReplacesIntent.size());
    }
  }
}

}  // namespace internal

}  // namespace factline::resolver
