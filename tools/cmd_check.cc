// factline check: walks every record of the store in one snapshot and
// checks the invariants graph/README.md lists that are cheap to check:
// every record decodes; entity and relation ids are dense and their by-key
// and by-id records agree; every atom names existing entities and
// relations, and its supersession links existing atoms; each slot's history
// holds exactly the slot's atoms; current ids exist, belong to the slot
// they are listed under, and add up to the counters; the reverse index
// lists exactly the subjects of each (value, relation); audit seqs and held
// item ids are contiguous from 1; the side-index stamp is not ahead of the
// graph. Exit 0 when all hold, 1 naming the first violation, 4 when the
// store cannot be opened. Also: every atom's valid_to is not before its
// valid_from; an atom that says it superseded another is named back by it;
// a one-valued relation's slot has at most one current atom. Timelines are
// left to their own checks. Before any of this, every page of data.mdb is
// walked (graph::VerifyStoreFile): damage there is exit 4.
#include <algorithm>
#include <iostream>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "index/index.h"
#include "tools/cli.h"

namespace factline::cli {

namespace {

struct CheckCounts {
  std::uint64_t entities = 0;
  std::uint64_t relations = 0;
  std::uint64_t atoms = 0;
  std::uint64_t slots = 0;
  std::uint64_t current = 0;
  std::uint64_t audit = 0;
  std::uint64_t held = 0;
};

// The first violation found, as a plain sentence; empty while none.
class Violations {
 public:
  bool found() const { return !first_.empty(); }
  const std::string& first() const { return first_; }
  // Records `what` unless an earlier violation was recorded; returns found().
  bool Add(const std::string& what) {
    if (first_.empty()) first_ = what;
    return true;
  }
  // A read that failed: a record that does not decode or a missing one.
  bool Failed(const std::string& what, const Status& s) {
    return Add(what + ": " + s.ToString());
  }

 private:
  std::string first_;
};

using Slot = std::pair<EntityId, RelationId>;

std::string Slot2(const Slot& s) {
  return "slot (entity #" + std::to_string(s.first) + ", relation #" +
         std::to_string(s.second) + ")";
}

// Walks the snapshot; stops at the first violation. Returns an error only
// for failures that are not about the store's content.
void CheckSnapshot(const graph::Reader& r, CheckCounts* counts, Violations* v) {
  Result<graph::StoreStats> stats = r.Stats();
  if (!stats.ok()) {
    v->Failed("store counters", stats.status());
    return;
  }
  // Entities: ids 1..n, each found again by its name.
  for (EntityId id = 1; id <= stats->entities; ++id) {
    Result<graph::Entity> e = r.GetEntity(id);
    if (!e.ok()) {
      v->Failed("entity #" + std::to_string(id), e.status());
      return;
    }
    Result<graph::Entity> by_key = r.FindEntity(e->display);
    if (!by_key.ok() || by_key->id != id) {
      v->Add("entity #" + std::to_string(id) + " (" + e->key +
             ") is not found by its name" +
             (by_key.ok()
                  ? " (the key names #" + std::to_string(by_key->id) + ")"
                  : ": " + by_key.status().ToString()));
      return;
    }
  }
  std::uint64_t listed = 0;
  Status each = r.ForEachEntity([&](const graph::Entity&) {
    ++listed;
    return Status::Ok();
  });
  if (!each.ok()) {
    v->Failed("entity records", each);
    return;
  }
  if (listed != stats->entities) {
    v->Add(std::to_string(listed) + " entity records, the counters say " +
           std::to_string(stats->entities));
    return;
  }
  counts->entities = listed;
  // Relations: ids 1..n, each found again by its key.
  for (RelationId id = 1; id <= stats->relations; ++id) {
    Result<graph::Relation> rel = r.GetRelation(id);
    if (!rel.ok()) {
      v->Failed("relation #" + std::to_string(id), rel.status());
      return;
    }
    Result<graph::Relation> by_key = r.FindRelation(rel->key);
    if (!by_key.ok() || by_key->id != id) {
      v->Add("relation #" + std::to_string(id) + " (" + rel->key +
             ") is not found by its key");
      return;
    }
  }
  counts->relations = stats->relations;
  std::vector<graph::Relation> relations(stats->relations + 1);
  for (RelationId id = 1; id <= stats->relations; ++id) {
    Result<graph::Relation> rel = r.GetRelation(id);
    if (!rel.ok()) {
      v->Failed("relation #" + std::to_string(id), rel.status());
      return;
    }
    relations[id] = std::move(rel).value();
  }
  // Atoms: ids 1..n, each decodes and points at existing records.
  std::map<Slot, std::set<AtomId>> slot_atoms;
  std::map<Slot, std::set<EntityId>> reverse;  // (value, relation) -> subjects
  // Index: atom id. kNoAtom where none.
  std::vector<AtomId> superseded_by(stats->atoms + 1, kNoAtom);
  std::vector<AtomId> supersedes(stats->atoms + 1, kNoAtom);
  for (AtomId id = 1; id <= stats->atoms; ++id) {
    Result<Atom> a = r.GetAtom(id);
    const std::string name = "atom #" + std::to_string(id);
    if (!a.ok()) {
      v->Failed(name, a.status());
      return;
    }
    if (a->id != id) {
      v->Add(name + " is stored with id " + std::to_string(a->id));
      return;
    }
    if (a->subject_id == 0 || a->subject_id > stats->entities ||
        a->value_id == 0 || a->value_id > stats->entities ||
        a->relation_id == 0 || a->relation_id > stats->relations) {
      v->Add(name + " names an entity or relation that does not exist");
      return;
    }
    for (AtomId link : {a->superseded_by, a->supersedes}) {
      if (link != kNoAtom && (link > stats->atoms || link == id)) {
        v->Add(name + " links to atom #" + std::to_string(link) +
               ", which does not exist");
        return;
      }
    }
    // [valid_from, valid_to) as stated: an end before the start is what
    // the write path refuses, so such an atom came from elsewhere.
    if (a->valid_to < a->valid_from) {
      v->Add(name + " has valid_to " + FormatTimestamp(a->valid_to) +
             " before its valid_from " + FormatTimestamp(a->valid_from));
      return;
    }
    superseded_by[id] = a->superseded_by;
    supersedes[id] = a->supersedes;
    slot_atoms[{a->subject_id, a->relation_id}].insert(id);
    reverse[{a->value_id, a->relation_id}].insert(a->subject_id);
  }
  // Supersession both ways: the atom a newer one says it closed records
  // that newer atom as what superseded it. (The converse is not a rule: an
  // atom stored as history names the earlier-learned atom that outranks it,
  // which closed nothing.)
  for (AtomId id = 1; id <= stats->atoms; ++id) {
    const AtomId old = supersedes[id];
    if (old != kNoAtom && superseded_by[old] != id) {
      v->Add("atom #" + std::to_string(id) + " supersedes atom #" +
             std::to_string(old) + ", but atom #" + std::to_string(old) +
             (superseded_by[old] == kNoAtom
                  ? std::string(" is not superseded")
                  : " is superseded by atom #" +
                        std::to_string(superseded_by[old])) +
             " (supersession links disagree)");
      return;
    }
  }
  counts->atoms = stats->atoms;
  // History: exactly the slot's atoms.
  for (const auto& [slot, ids] : slot_atoms) {
    Result<std::vector<AtomId>> history = r.History(slot.first, slot.second);
    if (!history.ok()) {
      v->Failed("history of " + Slot2(slot), history.status());
      return;
    }
    const std::set<AtomId> got(history->begin(), history->end());
    if (got != ids || history->size() != ids.size()) {
      v->Add("history of " + Slot2(slot) + " lists " +
             std::to_string(history->size()) + " atoms, the slot has " +
             std::to_string(ids.size()));
      return;
    }
  }
  counts->slots = slot_atoms.size();
  // Current: every id listed under a subject is one of its atoms, in the
  // slot of its relation; the total matches the counters.
  std::uint64_t current = 0;
  for (EntityId e = 1; e <= stats->entities; ++e) {
    Result<std::vector<AtomId>> ids = r.CurrentOfSubject(e);
    if (!ids.ok()) {
      v->Failed("current atoms of entity #" + std::to_string(e), ids.status());
      return;
    }
    current += ids->size();
    std::map<RelationId, std::vector<AtomId>> by_relation;
    for (AtomId id : *ids) {
      const std::string name = "current atom #" + std::to_string(id) +
                               " of entity #" + std::to_string(e);
      if (id == kNoAtom || id > stats->atoms) {
        v->Add(name + " does not exist");
        return;
      }
      Result<Atom> a = r.GetAtom(id);
      if (!a.ok()) {
        v->Failed(name, a.status());
        return;
      }
      const Slot slot{a->subject_id, a->relation_id};
      Result<std::vector<AtomId>> in_slot = r.Current(e, a->relation_id);
      if (a->subject_id != e || !in_slot.ok() ||
          std::find(in_slot->begin(), in_slot->end(), id) == in_slot->end()) {
        v->Add(name + " is listed under a slot it does not belong to (it is " +
               Slot2(slot) + "'s)");
        return;
      }
      by_relation[a->relation_id].push_back(id);
    }
    // A one-valued relation (as the store records its cardinality, which
    // is what the write path follows) has at most one current value.
    for (const auto& [rel, in_slot] : by_relation) {
      if (relations[rel].cardinality != Cardinality::kOne ||
          in_slot.size() < 2) {
        continue;
      }
      std::string list;
      for (AtomId id : in_slot) {
        list += (list.empty() ? "#" : ", #") + std::to_string(id);
      }
      v->Add(Slot2({e, rel}) + " of one-valued relation '" +
             relations[rel].key + "' has " + std::to_string(in_slot.size()) +
             " current atoms (" + list + ")");
      return;
    }
  }
  if (current != stats->current_atoms) {
    v->Add(std::to_string(current) +
           " current atoms listed, the counters say " +
           std::to_string(stats->current_atoms));
    return;
  }
  counts->current = current;
  // Reverse index: exactly the subjects with each (value, relation).
  for (const auto& [key, subjects] : reverse) {
    Result<std::vector<EntityId>> got =
        r.SubjectsWithValue(key.first, key.second);
    if (!got.ok()) {
      v->Failed("reverse index of (entity #" + std::to_string(key.first) +
                    ", relation #" + std::to_string(key.second) + ")",
                got.status());
      return;
    }
    if (std::set<EntityId>(got->begin(), got->end()) != subjects ||
        got->size() != subjects.size()) {
      v->Add("reverse index of (entity #" + std::to_string(key.first) +
             ", relation #" + std::to_string(key.second) + ") lists " +
             std::to_string(got->size()) + " subjects, the atoms have " +
             std::to_string(subjects.size()));
      return;
    }
  }
  // Audit log: seqs 1..n without gaps, atoms that exist.
  constexpr std::size_t kBatch = 4096;
  std::uint64_t next = 1;
  for (;;) {
    Result<std::vector<graph::AuditRecord>> batch = r.Audit(next, kBatch);
    if (!batch.ok()) {
      v->Failed("audit records from seq " + std::to_string(next),
                batch.status());
      return;
    }
    for (const graph::AuditRecord& rec : *batch) {
      if (rec.seq != next) {
        v->Add("audit seq " + std::to_string(rec.seq) + " follows " +
               std::to_string(next - 1) + " (not contiguous)");
        return;
      }
      if (rec.atom != kNoAtom && rec.atom > stats->atoms) {
        v->Add("audit seq " + std::to_string(rec.seq) + " names atom #" +
               std::to_string(rec.atom) + ", which does not exist");
        return;
      }
      ++next;
    }
    if (batch->size() < kBatch) break;
  }
  if (next - 1 != stats->audit_records) {
    v->Add(std::to_string(next - 1) + " audit records, the counters say " +
           std::to_string(stats->audit_records));
    return;
  }
  counts->audit = next - 1;
  // Held items: ids 1..n.
  std::uint64_t held = 0;
  Status held_walk = r.ForEachHeld([&](const graph::HeldItem& item) {
    if (item.id != held + 1) {
      return Status::Corruption("held item #" + std::to_string(item.id) +
                                " follows #" + std::to_string(held));
    }
    ++held;
    if (item.result != kNoAtom && item.result > stats->atoms) {
      return Status::Corruption("held item #" + std::to_string(item.id) +
                                " names atom #" + std::to_string(item.result) +
                                ", which does not exist");
    }
    return Status::Ok();
  });
  if (!held_walk.ok()) {
    v->Failed("held items", held_walk);
    return;
  }
  counts->held = held;
}

}  // namespace

int RunStoreCheck(const GlobalOptions& global) {
  // Every page is walked before LMDB reads any: check must report damage,
  // not trip over it.
  auto memory =
      OpenMemory(global, true, false, true, graph::PageCheck::kAlways);
  if (!memory.ok()) {
    return Fail(memory.status(), "check");
  }
  CheckCounts counts;
  Violations violations;
  graph::StoreStats stats;
  Status s = (*memory)->store().Read([&](const graph::Reader& r) {
    CheckSnapshot(r, &counts, &violations);
    if (!violations.found()) {
      FACTLINE_ASSIGN_OR_RETURN(stats, r.Stats());
    }
    return Status::Ok();
  });
  if (!s.ok()) {
    return Fail(s, "check");
  }
  if (!violations.found()) {
    Result<index::IndexStamp> stamp =
        index::ReadIndexStamp(global.db + "/index");
    if (stamp.ok() &&
        (stamp->audit_seq > stats.audit_records || stamp->atoms > stats.atoms ||
         stamp->entities > stats.entities ||
         stamp->relations > stats.relations)) {
      violations.Add(
          "the side-index in " + global.db + "/index covers audit seq " +
          std::to_string(stamp->audit_seq) + " and " +
          std::to_string(stamp->atoms) + " atoms, ahead of the graph (" +
          std::to_string(stats.audit_records) + ", " +
          std::to_string(stats.atoms) + "); the next search rebuilds it");
    } else if (!stamp.ok() && !stamp.status().IsNotFound()) {
      // Derived data: a damaged index is rebuilt, not a store violation.
      std::cerr << "factline: check: side-index: " << stamp.status().ToString()
                << " (it is rebuilt at the next search)\n";
    }
  }
  const nlohmann::json checked = {
      {"entities", counts.entities},     {"relations", counts.relations},
      {"atoms", counts.atoms},           {"slots", counts.slots},
      {"current_atoms", counts.current}, {"audit_records", counts.audit},
      {"held_items", counts.held}};
  if (global.json) {
    PrintJson({{"ok", !violations.found()},
               {"violation", violations.first()},
               {"checked", checked}});
  } else if (violations.found()) {
    std::cout << "violation: " << violations.first() << "\n";
  } else {
    std::cout << "ok: " << counts.entities << " entities, " << counts.relations
              << " relations, " << counts.atoms << " atoms in " << counts.slots
              << " slots (" << counts.current << " current), " << counts.audit
              << " audit records, " << counts.held << " held items\n";
  }
  return violations.found() ? kExitNotFound : kExitOk;
}

}  // namespace factline::cli
