// The valid-time model of DESIGN.md section 1 on one slot's timeline. Pure
// functions over a sorted vector: the store keeps the result per slot, the
// resolver decides what to place, queries read owners and segments.
#include <algorithm>
#include <unordered_map>

#include "graph/graph.h"

namespace factline::graph {

namespace {

bool ByFrom(const ValidSegment& a, const ValidSegment& b) {
  return a.from != b.from ? a.from < b.from : a.atom < b.atom;
}

}  // namespace

void PlaceOnTimeline(Cardinality cardinality, Timestamp from, Timestamp to,
                     AtomId atom, std::vector<ValidSegment>* timeline,
                     const std::function<bool(AtomId)>& start_unstated) {
  if (cardinality == Cardinality::kMany) {
    if (from >= to) return;
    const ValidSegment seg{from, to, atom};
    timeline->insert(
        std::upper_bound(timeline->begin(), timeline->end(), seg, ByFrom), seg);
    return;
  }
  if (to == kForever) {
    // An open value lasts until the next value in valid time.
    auto next = std::upper_bound(
        timeline->begin(), timeline->end(), from,
        [](Timestamp t, const ValidSegment& s) { return t < s.from; });
    // A value whose start is only when we learned it is no later value in
    // valid time: this later-learned statement corrects it.
    while (next != timeline->end() && start_unstated &&
           start_unstated(next->atom)) {
      ++next;
    }
    if (next != timeline->end()) to = next->from;
  }
  if (from >= to) return;
  // Segments are disjoint and sorted, so only a contiguous run can overlap
  // [from, to); everything before and after it is kept as it is.
  std::vector<ValidSegment> out;
  out.reserve(timeline->size() + 2);
  bool placed = false;
  for (const ValidSegment& s : *timeline) {
    if (s.to <= from || s.from >= to) {
      if (!placed && s.from >= to) {
        out.push_back({from, to, atom});
        placed = true;
      }
      out.push_back(s);
      continue;
    }
    if (s.from < from) out.push_back({s.from, from, s.atom});
    if (!placed) {
      out.push_back({from, to, atom});
      placed = true;
    }
    if (s.to > to) out.push_back({to, s.to, s.atom});
  }
  if (!placed) out.push_back({from, to, atom});
  *timeline = std::move(out);
}

std::vector<AtomId> OwnersAt(const std::vector<ValidSegment>& timeline,
                             Timestamp t) {
  std::vector<AtomId> out;
  for (const ValidSegment& s : timeline) {
    if (s.from > t) break;  // sorted by from
    if (t < s.to && std::find(out.begin(), out.end(), s.atom) == out.end()) {
      out.push_back(s.atom);
    }
  }
  return out;
}

std::vector<ValidSegment> SegmentsOf(const std::vector<ValidSegment>& timeline,
                                     AtomId atom) {
  std::vector<ValidSegment> out;
  for (const ValidSegment& s : timeline) {
    if (s.atom == atom) out.push_back(s);
  }
  return out;
}

std::vector<AtomId> EndedEarlier(const std::vector<ValidSegment>& before,
                                 const std::vector<ValidSegment>& after) {
  // Slots hold few segments; sorted (atom, end) pairs keep this O(n log n).
  auto ends = [](const std::vector<ValidSegment>& tl) {
    std::vector<std::pair<AtomId, Timestamp>> out;
    out.reserve(tl.size());
    for (const ValidSegment& s : tl) out.emplace_back(s.atom, s.to);
    std::sort(out.begin(), out.end());
    // Keep each atom's latest end only.
    std::vector<std::pair<AtomId, Timestamp>> last;
    for (const auto& e : out) {
      if (!last.empty() && last.back().first == e.first) {
        last.back().second = e.second;
      } else {
        last.push_back(e);
      }
    }
    return last;
  };
  const auto old_ends = ends(before);
  const auto new_ends = ends(after);
  std::vector<AtomId> out;
  auto it = new_ends.begin();
  for (const auto& [atom, end] : old_ends) {
    while (it != new_ends.end() && it->first < atom) ++it;
    if (it == new_ends.end() || it->first != atom || it->second < end) {
      out.push_back(atom);
    }
  }
  return out;
}

std::vector<ValidSegment> DeriveTimeline(Cardinality cardinality,
                                         std::vector<Atom>* atoms) {
  std::vector<ValidSegment> timeline;
  for (Atom& a : *atoms) {
    a.superseded_by = kNoAtom;
    a.superseded_at = kNoTime;
    a.supersedes = kNoAtom;
  }
  std::unordered_map<AtomId, Atom*> by_id;
  by_id.reserve(atoms->size());
  for (Atom& a : *atoms) by_id[a.id] = &a;
  auto find = [&by_id](AtomId id) -> Atom* {
    auto it = by_id.find(id);
    return it == by_id.end() ? nullptr : it->second;
  };
  std::vector<ValidSegment> before;
  for (Atom& a : *atoms) {
    if (a.provenance.verification == Verification::kRejected) continue;
    before = timeline;
    PlaceOnTimeline(cardinality, a.valid_from, a.valid_to, a.id, &timeline,
                    [&find](AtomId id) {
                      const Atom* x = find(id);
                      return x != nullptr && x->valid_from == x->tx_time;
                    });
    for (AtomId id : EndedEarlier(before, timeline)) {
      if (Atom* old = find(id)) {
        old->superseded_by = a.id;
        old->superseded_at = a.tx_time;
        if (a.supersedes == kNoAtom) a.supersedes = id;
      }
    }
  }
  return timeline;
}

}  // namespace factline::graph
