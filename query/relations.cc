// Relations and their cardinality: listing them, declaring a cardinality
// (JSONL field, user lexicon) and applying one with re-derivation
// (`factline relations`).
//
// A declaration may only record what the stored data already reads the
// same way: the relation's slots, derived under the stored and under the
// declared cardinality, must have the same values at every instant. Anything
// else would silently rewrite history, so it is refused and left to
// SetCardinality, which re-derives every slot on purpose.
#include <algorithm>
#include <map>
#include <set>

#include "query/internal/memory_impl.h"
#include "query/query.h"

namespace factline {

namespace {

// The stored relation key for a phrase, id or lexicon name: the canonical
// key, else the lexicon relation it is an alias of.
std::vector<std::string> KeysFor(const Lexicon& lexicon,
                                 std::string_view relation) {
  std::vector<std::string> keys = {lexicon.CanonicalRelation(relation)};
  if (const RelationDef* def = lexicon.FindByAlias(relation)) {
    if (def->id != keys[0]) keys.push_back(def->id);
  }
  return keys;
}

Result<graph::Relation> FindStored(const graph::Reader& r,
                                   const Lexicon& lexicon,
                                   std::string_view relation) {
  for (const std::string& key : KeysFor(lexicon, relation)) {
    auto rel = r.FindRelation(key);
    if (rel.ok() || !rel.status().IsNotFound()) return rel;
  }
  return Status::NotFound("the store has no relation '" +
                          std::string(relation) + "'");
}

// Every atom, by id (ids are dense from 1).
Status ForEachAtom(const graph::Reader& r,
                   const std::function<Status(const Atom&)>& fn) {
  FACTLINE_ASSIGN_OR_RETURN(graph::StoreStats stats, r.Stats());
  for (AtomId id = 1; id <= stats.atoms; ++id) {
    auto atom = r.GetAtom(id);
    if (atom.status().IsNotFound()) continue;
    if (!atom.ok()) return atom.status();
    FACTLINE_RETURN_IF_ERROR(fn(*atom));
  }
  return Status::Ok();
}

// Subjects with any atom of the relation, ascending.
Result<std::vector<EntityId>> SubjectsOf(const graph::Reader& r,
                                         RelationId relation) {
  std::set<EntityId> subjects;
  FACTLINE_RETURN_IF_ERROR(ForEachAtom(r, [&](const Atom& a) {
    if (a.relation_id == relation) subjects.insert(a.subject_id);
    return Status::Ok();
  }));
  return std::vector<EntityId>(subjects.begin(), subjects.end());
}

// The slot's values at every instant, as a comparable list: for each
// segment boundary, the owners there (sorted).
std::vector<std::pair<Timestamp, std::vector<AtomId>>> Meaning(
    const std::vector<graph::ValidSegment>& timeline,
    const std::vector<Timestamp>& points) {
  std::vector<std::pair<Timestamp, std::vector<AtomId>>> out;
  for (Timestamp t : points) {
    std::vector<AtomId> owners = graph::OwnersAt(timeline, t);
    std::sort(owners.begin(), owners.end());
    out.emplace_back(t, std::move(owners));
  }
  return out;
}

// Whether the slot reads the same under both cardinalities.
Result<bool> SameUnder(const graph::Reader& r, EntityId subject,
                       RelationId relation, Cardinality a, Cardinality b) {
  FACTLINE_ASSIGN_OR_RETURN(std::vector<AtomId> ids,
                            r.History(subject, relation));
  std::vector<Atom> atoms;
  for (AtomId id : ids) {
    FACTLINE_ASSIGN_OR_RETURN(atoms.emplace_back(), r.GetAtom(id));
  }
  std::vector<Atom> under_a = atoms, under_b = atoms;
  const auto ta = graph::DeriveTimeline(a, &under_a);
  const auto tb = graph::DeriveTimeline(b, &under_b);
  std::vector<Timestamp> points;
  for (const auto* t : {&ta, &tb}) {
    for (const graph::ValidSegment& s : *t) {
      points.push_back(s.from);
      if (s.to != kForever) points.push_back(s.to);
    }
  }
  std::sort(points.begin(), points.end());
  points.erase(std::unique(points.begin(), points.end()), points.end());
  return Meaning(ta, points) == Meaning(tb, points);
}

std::string CardinalityWord(Cardinality c) {
  return c == Cardinality::kMany ? "many-valued" : "one-valued";
}

}  // namespace

Result<std::vector<RelationInfo>> Memory::Relations() const {
  std::vector<RelationInfo> out;
  Status s = impl_->store->Read([&](const graph::Reader& r) -> Status {
    FACTLINE_ASSIGN_OR_RETURN(graph::StoreStats stats, r.Stats());
    std::map<RelationId, RelationInfo> by_id;
    std::map<RelationId, std::set<EntityId>> subjects;
    for (RelationId id = 1; id <= stats.relations; ++id) {
      auto rel = r.GetRelation(id);
      if (rel.status().IsNotFound()) continue;
      if (!rel.ok()) return rel.status();
      RelationInfo& info = by_id[id];
      info.key = rel->key;
      info.cardinality = rel->cardinality;
      if (const RelationDef* def = impl_->lexicon->Find(rel->key)) {
        info.name = def->name;
      }
      info.declared = impl_->lexicon->DeclaresCardinality(rel->key);
      if (info.declared) {
        info.declared_cardinality = impl_->lexicon->CardinalityOf(rel->key);
      }
    }
    FACTLINE_RETURN_IF_ERROR(ForEachAtom(r, [&](const Atom& a) {
      RelationInfo& info = by_id[a.relation_id];
      ++info.atoms;
      if (a.superseded_by != kNoAtom) ++info.superseded;
      subjects[a.relation_id].insert(a.subject_id);
      return Status::Ok();
    }));
    FACTLINE_RETURN_IF_ERROR(r.ForEachCurrentAtom([&](const Atom& a) {
      ++by_id[a.relation_id].current;
      return Status::Ok();
    }));
    for (auto& [id, info] : by_id) {
      info.slots = subjects[id].size();
      out.push_back(std::move(info));
    }
    return Status::Ok();
  });
  if (!s.ok()) return s;
  std::sort(out.begin(), out.end(),
            [](const RelationInfo& a, const RelationInfo& b) {
              return a.key < b.key;
            });
  return out;
}

Status Memory::DeclareCardinality(std::string_view relation,
                                  Cardinality cardinality) {
  std::lock_guard<std::mutex> lock(impl_->write_mu);
  return impl_->store->Update([&](graph::Writer& w) -> Status {
    auto rel = FindStored(w, *impl_->lexicon, relation);
    if (rel.status().IsNotFound()) {
      return w
          .InternRelation(impl_->lexicon->CanonicalRelation(relation),
                          cardinality)
          .status();
    }
    if (!rel.ok()) return rel.status();
    if (rel->cardinality == cardinality) return Status::Ok();
    FACTLINE_ASSIGN_OR_RETURN(std::vector<EntityId> subjects,
                              SubjectsOf(w, rel->id));
    std::size_t changed = 0;
    EntityId first = 0;
    for (EntityId subject : subjects) {
      FACTLINE_ASSIGN_OR_RETURN(
          bool same,
          SameUnder(w, subject, rel->id, rel->cardinality, cardinality));
      if (same) continue;
      if (changed++ == 0) first = subject;
    }
    if (changed > 0) {
      FACTLINE_ASSIGN_OR_RETURN(graph::Entity e, w.GetEntity(first));
      return Status::InvalidArgument(
          "relation '" + rel->key + "' is declared " +
          CardinalityWord(cardinality) + " but the store holds it " +
          CardinalityWord(rel->cardinality) + " and " +
          std::to_string(changed) + " of its " +
          std::to_string(subjects.size()) +
          " slot(s) would change (first: subject '" + e.display +
          "'); run `factline relations set " +
          (rel->key.find(' ') == std::string::npos ? rel->key
                                                   : "\"" + rel->key + "\"") +
          " " + (cardinality == Cardinality::kMany ? "many" : "one") +
          "` to apply it and re-derive them");
    }
    return w.SetRelationCardinality(rel->id, cardinality);
  });
}

Result<std::size_t> Memory::SetCardinality(std::string_view relation,
                                           Cardinality cardinality) {
  std::lock_guard<std::mutex> lock(impl_->write_mu);
  std::size_t slots = 0;
  Status s = impl_->store->Update([&](graph::Writer& w) -> Status {
    slots = 0;
    FACTLINE_ASSIGN_OR_RETURN(graph::Relation rel,
                              FindStored(w, *impl_->lexicon, relation));
    FACTLINE_RETURN_IF_ERROR(w.SetRelationCardinality(rel.id, cardinality));
    FACTLINE_ASSIGN_OR_RETURN(std::vector<EntityId> subjects,
                              SubjectsOf(w, rel.id));
    for (EntityId subject : subjects) {
      FACTLINE_RETURN_IF_ERROR(
          resolver::RederiveSlot(w, subject, rel.id, cardinality));
      ++slots;
    }
    return Status::Ok();
  });
  if (!s.ok()) return s;
  return slots;
}

}  // namespace factline
