// Slot reads on the valid-time and transaction-time axes; see
// query/internal/valid_time.h and docs/valid_time.md.
#include "query/internal/valid_time.h"

#include <algorithm>
#include <optional>
#include <string_view>
#include <unordered_map>

#include "query/internal/views.h"

namespace factline::query::internal {

namespace {

using graph::ValidSegment;

// The slot's stored timeline; nullopt for a slot without one.
Result<std::optional<std::vector<ValidSegment>>> LoadTimeline(
    const graph::Reader& r, EntityId subject, RelationId relation) {
  auto timeline = r.Timeline(subject, relation);
  if (timeline.ok()) return std::optional(std::move(timeline).value());
  if (timeline.status().IsNotFound() ||
      timeline.status().code() == StatusCode::kNotSupported) {
    return std::optional<std::vector<ValidSegment>>();
  }
  return timeline.status();
}

// A slot without a timeline (baseline policies): effective = stated.
std::vector<ValidSegment> Stated(const Atom& atom) {
  if (atom.valid_from >= atom.valid_to) return {};
  return {{atom.valid_from, atom.valid_to, atom.id}};
}

bool Rejected(const Atom& atom) {
  return atom.provenance.verification == Verification::kRejected;
}

// Why() calls an atom nothing superseded "current"; one whose effective
// interval does not hold `now` (a stated end passed, a past value placed
// late) is said to have ended instead.
void MarkPast(FactView* view, Timestamp now) {
  constexpr std::string_view kCurrent = "current";
  if (view->why.compare(0, kCurrent.size(), kCurrent) != 0) return;
  for (const ValidSegment& s : view->effective) {
    if (s.from <= now && now < s.to) return;
  }
  std::string standing = "not current";
  if (!view->effective.empty()) {
    const ValidSegment& last = view->effective.back();
    standing += last.from > now ? " (starts " + FormatTimestamp(last.from) + ")"
                                : " (ended " + FormatTimestamp(last.to) + ")";
  }
  view->why.replace(0, kCurrent.size(), standing);
}

// Views of `ids` (skipping quarantined atoms) with their effective segments.
Result<std::vector<FactView>> Views(
    const graph::Reader& r, const std::vector<AtomId>& ids,
    const std::optional<std::vector<ValidSegment>>& timeline) {
  const Timestamp now = NowMicros();
  std::vector<FactView> out;
  for (AtomId id : ids) {
    FACTLINE_ASSIGN_OR_RETURN(FactView view, MakeView(r, id));
    if (Rejected(view.atom)) continue;
    view.effective =
        timeline ? graph::SegmentsOf(*timeline, id) : Stated(view.atom);
    MarkPast(&view, now);
    out.push_back(std::move(view));
  }
  return out;
}

// Valid-time order: by the first effective start (the stated start when
// the atom owns nothing), then as learned. `views` are in learned order.
void SortByValidTime(std::vector<FactView>* views) {
  std::stable_sort(
      views->begin(), views->end(), [](const FactView& a, const FactView& b) {
        const Timestamp fa =
            a.effective.empty() ? a.atom.valid_from : a.effective.front().from;
        const Timestamp fb =
            b.effective.empty() ? b.atom.valid_from : b.effective.front().from;
        return fa < fb;
      });
}

}  // namespace

Result<std::vector<FactView>> CurrentViews(const graph::Reader& r,
                                           EntityId subject,
                                           RelationId relation, Timestamp now) {
  FACTLINE_ASSIGN_OR_RETURN(auto timeline, LoadTimeline(r, subject, relation));
  if (timeline) {
    return Views(r, graph::OwnersAt(*timeline, now), timeline);
  }
  FACTLINE_ASSIGN_OR_RETURN(std::vector<AtomId> ids,
                            r.Current(subject, relation));
  return Views(r, ids, timeline);
}

Result<std::vector<FactView>> HistoryViews(const graph::Reader& r,
                                           EntityId subject,
                                           RelationId relation,
                                           HistoryOrder order) {
  FACTLINE_ASSIGN_OR_RETURN(auto timeline, LoadTimeline(r, subject, relation));
  FACTLINE_ASSIGN_OR_RETURN(std::vector<AtomId> ids,
                            r.History(subject, relation));
  FACTLINE_ASSIGN_OR_RETURN(std::vector<FactView> views,
                            Views(r, ids, timeline));
  if (order == HistoryOrder::kValid) SortByValidTime(&views);
  return views;
}

Result<std::vector<FactView>> AsOfValidViews(const graph::Reader& r,
                                             EntityId subject,
                                             RelationId relation, Timestamp t) {
  FACTLINE_ASSIGN_OR_RETURN(auto timeline, LoadTimeline(r, subject, relation));
  if (timeline) return Views(r, graph::OwnersAt(*timeline, t), timeline);
  // No timeline: every stated interval that holds t.
  FACTLINE_ASSIGN_OR_RETURN(std::vector<AtomId> ids,
                            r.History(subject, relation));
  std::vector<FactView> out;
  FACTLINE_ASSIGN_OR_RETURN(std::vector<FactView> all, Views(r, ids, timeline));
  for (FactView& v : all) {
    if (v.atom.valid_from <= t && t < v.atom.valid_to) {
      out.push_back(std::move(v));
    }
  }
  return out;
}

namespace {

// The slot as derived from the atoms learned by t alone: *known receives
// them in learned order with their supersession as of t.
Result<std::vector<ValidSegment>> DeriveAtTx(const graph::Reader& r,
                                             EntityId subject,
                                             RelationId relation, Timestamp t,
                                             std::vector<Atom>* known) {
  FACTLINE_ASSIGN_OR_RETURN(std::vector<AtomId> ids,
                            r.History(subject, relation));
  FACTLINE_ASSIGN_OR_RETURN(graph::Relation rel, r.GetRelation(relation));
  known->clear();
  for (AtomId id : ids) {
    FACTLINE_ASSIGN_OR_RETURN(Atom atom, r.GetAtom(id));
    if (atom.tx_time <= t) known->push_back(std::move(atom));
  }
  return graph::DeriveTimeline(rel.cardinality, known);
}

}  // namespace

// A slot without a timeline (baseline policies): the atoms learned by t
// that no atom learned by t had closed.
Result<std::vector<Atom>> BaselineAtTx(const graph::Reader& r, EntityId subject,
                                       RelationId relation, Timestamp t) {
  FACTLINE_ASSIGN_OR_RETURN(std::vector<AtomId> ids,
                            r.History(subject, relation));
  std::vector<Atom> out;
  for (AtomId id : ids) {
    FACTLINE_ASSIGN_OR_RETURN(Atom atom, r.GetAtom(id));
    if (atom.tx_time <= t && !Rejected(atom) && CurrentAtTxTime(r, atom, t)) {
      out.push_back(std::move(atom));
    }
  }
  return out;
}

Result<std::vector<Atom>> CurrentAtTx(const graph::Reader& r, EntityId subject,
                                      RelationId relation, Timestamp t) {
  FACTLINE_ASSIGN_OR_RETURN(auto stored, LoadTimeline(r, subject, relation));
  if (!stored) return BaselineAtTx(r, subject, relation, t);
  std::vector<Atom> known;
  FACTLINE_ASSIGN_OR_RETURN(std::vector<ValidSegment> timeline,
                            DeriveAtTx(r, subject, relation, t, &known));
  std::vector<Atom> out;
  for (AtomId id : graph::OwnersAt(timeline, t)) {
    for (Atom& atom : known) {
      if (atom.id == id && !Rejected(atom)) out.push_back(std::move(atom));
    }
  }
  return out;
}

Result<std::vector<FactView>> AsOfTxViews(const graph::Reader& r,
                                          EntityId subject, RelationId relation,
                                          Timestamp t) {
  FACTLINE_ASSIGN_OR_RETURN(auto stored, LoadTimeline(r, subject, relation));
  if (!stored) {
    FACTLINE_ASSIGN_OR_RETURN(std::vector<Atom> atoms,
                              BaselineAtTx(r, subject, relation, t));
    std::vector<AtomId> ids;
    for (const Atom& a : atoms) ids.push_back(a.id);
    return Views(r, ids, stored);
  }
  std::vector<Atom> known;
  FACTLINE_ASSIGN_OR_RETURN(std::vector<ValidSegment> timeline,
                            DeriveAtTx(r, subject, relation, t, &known));
  std::unordered_map<AtomId, const Atom*> by_id;
  for (const Atom& a : known) by_id[a.id] = &a;
  std::vector<FactView> out;
  for (AtomId id : graph::OwnersAt(timeline, t)) {
    const Atom& atom = *by_id.at(id);
    if (Rejected(atom)) continue;
    FactView view;
    view.atom = atom;
    view.effective = graph::SegmentsOf(timeline, id);
    // The chain it superseded, as known at t.
    for (AtomId next = atom.supersedes; next != kNoAtom;) {
      auto it = by_id.find(next);
      if (it == by_id.end() || view.superseded.size() >= 16) break;
      view.superseded.push_back(*it->second);
      next = it->second->supersedes;
    }
    view.why = Why(view.atom);
    if (!view.superseded.empty()) {
      view.why += "; supersedes #" + std::to_string(view.superseded[0].id) +
                  " ('" + view.superseded[0].value + "')";
    }
    out.push_back(std::move(view));
  }
  return out;
}

}  // namespace factline::query::internal
