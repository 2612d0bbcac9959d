// Memory::Diff: the slots whose current values differ between two
// transaction times. See query/internal/diff.h.
//
// Each slot is derived again (graph::DeriveTimeline, as AsOf on the
// transaction axis does) at t1, at every event between t1 and t2 and at t2:
// an event is an atom learned, an atom quarantined, or a stated bound on
// the valid-time axis, the only moments a slot's current values can change.
// The last event whose derivation differs from the one before it is the
// decision reported. Atom records carry today's verification, so an atom
// quarantined after t is counted as it stood before (its held item keeps
// it, with the time of the quarantine).
#include "query/internal/diff.h"

#include <algorithm>
#include <map>
#include <unordered_map>
#include <utility>

#include "query/internal/views.h"

namespace factline::query::internal {

namespace {

bool Rejected(const Atom& atom) {
  return atom.provenance.verification == Verification::kRejected;
}

// What the held items say about stored atoms.
struct HeldFacts {
  struct Quarantine {
    Timestamp at = 0;  // when it was quarantined
    Verification verification = Verification::kPending;  // as it stood
    std::string reason;
  };
  std::unordered_map<AtomId, Quarantine> quarantined;
  std::unordered_map<AtomId, std::string> approved;  // stored atom -> reason
};

Result<HeldFacts> ReadHeld(const graph::Reader& r) {
  HeldFacts out;
  Status s = r.ForEachHeld([&](const graph::HeldItem& item) {
    if (item.atom.id != kNoAtom) {
      out.quarantined[item.atom.id] = {
          item.held_at, item.atom.provenance.verification, item.reason};
    }
    if (item.state == graph::HeldState::kApproved && item.result != kNoAtom) {
      out.approved[item.result] = item.reason;
    }
    return Status::Ok();
  });
  if (s.code() == StatusCode::kNotSupported) return HeldFacts();
  if (!s.ok()) return s;
  return out;
}

// One slot's atoms in the order they were learned.
struct Slot {
  std::vector<Atom> atoms;
  Cardinality cardinality = Cardinality::kOne;
  bool timeline = false;  // the slot has a stored timeline
};

class SlotDiff {
 public:
  SlotDiff(const graph::Reader& r, const HeldFacts& held, const Slot& slot)
      : r_(r), held_(held), slot_(slot) {}

  // The slot's current atoms at transaction time t, as they stood then.
  std::vector<Atom> At(Timestamp t) const {
    std::vector<Atom> known;
    for (const Atom& a : slot_.atoms) {
      if (a.tx_time > t) continue;
      known.push_back(a);
      Atom& copy = known.back();
      if (!Rejected(copy)) continue;
      auto it = held_.quarantined.find(copy.id);
      if (it != held_.quarantined.end() && it->second.at > t) {
        copy.provenance.verification = it->second.verification;
      }
    }
    std::vector<Atom> out;
    if (slot_.timeline) {
      const std::vector<graph::ValidSegment> timeline =
          graph::DeriveTimeline(slot_.cardinality, &known);
      for (AtomId id : graph::OwnersAt(timeline, t)) {
        for (const Atom& a : known) {
          if (a.id == id && !Rejected(a)) out.push_back(a);
        }
      }
      return out;
    }
    // No timeline (baseline policies): the atoms no atom learned by t closed.
    for (const Atom& a : known) {
      if (!Rejected(a) && CurrentAtTxTime(r_, a, t)) out.push_back(a);
    }
    return out;
  }

  // Times in (t1, t2] at which the slot's current atoms may change.
  std::vector<Timestamp> Events(Timestamp t1, Timestamp t2) const {
    std::vector<Timestamp> out;
    auto add = [&](Timestamp t) {
      if (t > t1 && t <= t2) out.push_back(t);
    };
    for (const Atom& a : slot_.atoms) {
      add(a.tx_time);
      add(a.valid_from);
      if (a.valid_to != kForever) add(a.valid_to);
      auto it = held_.quarantined.find(a.id);
      if (it != held_.quarantined.end()) add(it->second.at);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }

  // Why the slot went from `prev` to `cur` at `at`; fills the decision
  // fields of *change.
  void Classify(Timestamp at, const std::vector<Atom>& prev,
                const std::vector<Atom>& cur, SlotChange* change) const {
    change->decided_at = at;
    change->reason.clear();
    auto has = [](const std::vector<Atom>& atoms, AtomId id) {
      return std::any_of(atoms.begin(), atoms.end(),
                         [&](const Atom& a) { return a.id == id; });
    };
    // A quarantine, the live value's first.
    const Atom* quarantined = nullptr;
    for (const Atom& a : slot_.atoms) {
      auto it = held_.quarantined.find(a.id);
      if (it == held_.quarantined.end() || it->second.at != at) continue;
      if (quarantined == nullptr || has(prev, a.id)) {
        quarantined = &a;
        change->reason = it->second.reason;
      }
    }
    if (quarantined != nullptr) {
      change->decision = "quarantined";
      change->by = *quarantined;
      return;
    }
    // An atom learned, the one that became current first.
    const Atom* learned = nullptr;
    for (const Atom& a : slot_.atoms) {
      if (a.tx_time != at) continue;
      if (learned == nullptr || (has(cur, a.id) && !has(cur, learned->id))) {
        learned = &a;
      }
    }
    bool lost = false;
    for (const Atom& a : prev) lost = lost || !has(cur, a.id);
    if (learned != nullptr) {
      change->by = *learned;
      auto it = held_.approved.find(learned->id);
      if (it != held_.approved.end()) {
        change->decision = "approved";
        change->reason = it->second;
      } else {
        change->decision = lost ? "superseded" : "added";
      }
      return;
    }
    // A stated bound passed on the valid-time axis.
    for (const Atom& a : prev) {
      if (!has(cur, a.id)) {
        change->decision = "expired";
        change->by = a;
        return;
      }
    }
    change->decision = "started";
    if (!cur.empty()) change->by = cur.front();
  }

 private:
  const graph::Reader& r_;
  const HeldFacts& held_;
  const Slot& slot_;
};

std::vector<std::string> Keys(const std::vector<Atom>& atoms) {
  std::vector<std::string> keys;
  for (const Atom& a : atoms) keys.push_back(NormalizeKey(a.value));
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  return keys;
}

// The slot's change between t1 and t2, if its values differ.
Result<std::optional<SlotChange>> DiffSlot(const graph::Reader& r,
                                           const HeldFacts& held,
                                           const Slot& slot, Timestamp t1,
                                           Timestamp t2) {
  SlotDiff diff(r, held, slot);
  const std::vector<Timestamp> events = diff.Events(t1, t2);
  if (events.empty()) return std::optional<SlotChange>();
  SlotChange change;
  change.before = diff.At(t1);
  std::vector<Atom> prev = change.before;
  std::vector<std::string> prev_keys = Keys(prev);
  for (Timestamp at : events) {
    std::vector<Atom> cur = diff.At(at);
    std::vector<std::string> cur_keys = Keys(cur);
    if (cur_keys != prev_keys) diff.Classify(at, prev, cur, &change);
    prev = std::move(cur);
    prev_keys = std::move(cur_keys);
  }
  change.after = diff.At(t2);
  if (Keys(change.before) == Keys(change.after)) {
    return std::optional<SlotChange>();
  }
  change.subject = slot.atoms.front().subject;
  change.relation = slot.atoms.front().relation;
  return std::optional(std::move(change));
}

}  // namespace

Result<std::vector<SlotChange>> SlotChanges(const graph::Reader& r,
                                            Timestamp t1, Timestamp t2,
                                            std::optional<EntityId> subject) {
  FACTLINE_ASSIGN_OR_RETURN(HeldFacts held, ReadHeld(r));
  // (subject, relation) -> its atoms.
  std::map<std::pair<EntityId, RelationId>, Slot> slots;
  if (subject) {
    FACTLINE_ASSIGN_OR_RETURN(std::vector<RelationId> relations,
                              r.RelationsOfSubject(*subject));
    for (RelationId rel : relations) {
      FACTLINE_ASSIGN_OR_RETURN(std::vector<AtomId> ids,
                                r.History(*subject, rel));
      Slot& slot = slots[{*subject, rel}];
      for (AtomId id : ids) {
        FACTLINE_ASSIGN_OR_RETURN(Atom atom,
                                  ReferencedAtom(r, id, "a slot's history"));
        slot.atoms.push_back(std::move(atom));
      }
    }
  } else {
    // Atom ids run from 1 to the atom count without gaps.
    FACTLINE_ASSIGN_OR_RETURN(graph::StoreStats stats, r.Stats());
    for (AtomId id = 1; id <= stats.atoms; ++id) {
      FACTLINE_ASSIGN_OR_RETURN(Atom atom,
                                ReferencedAtom(r, id, "the atom count"));
      slots[{atom.subject_id, atom.relation_id}].atoms.push_back(
          std::move(atom));
    }
  }
  std::unordered_map<RelationId, Cardinality> cardinality;
  std::vector<SlotChange> out;
  for (auto& [key, slot] : slots) {
    if (slot.atoms.empty()) continue;
    std::stable_sort(
        slot.atoms.begin(), slot.atoms.end(), [](const Atom& a, const Atom& b) {
          return a.tx_time != b.tx_time ? a.tx_time < b.tx_time : a.id < b.id;
        });
    if (SlotDiff(r, held, slot).Events(t1, t2).empty()) continue;
    auto card = cardinality.find(key.second);
    if (card == cardinality.end()) {
      FACTLINE_ASSIGN_OR_RETURN(graph::Relation rel, r.GetRelation(key.second));
      card = cardinality.emplace(key.second, rel.cardinality).first;
    }
    slot.cardinality = card->second;
    auto timeline = r.Timeline(key.first, key.second);
    if (!timeline.ok() && !timeline.status().IsNotFound() &&
        timeline.status().code() != StatusCode::kNotSupported) {
      return timeline.status();
    }
    slot.timeline = timeline.ok();
    FACTLINE_ASSIGN_OR_RETURN(std::optional<SlotChange> change,
                              DiffSlot(r, held, slot, t1, t2));
    if (change) out.push_back(std::move(*change));
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const SlotChange& a, const SlotChange& b) {
                     const std::string ka = NormalizeKey(a.subject);
                     const std::string kb = NormalizeKey(b.subject);
                     return ka != kb ? ka < kb : a.relation < b.relation;
                   });
  return out;
}

}  // namespace factline::query::internal
