// ReplayAudit: rebuilds a store from another's audit log with the same
// primitives the live write path used, then compares the two.
#include <algorithm>

#include "resolver/internal/gate_apply.h"

namespace factline::resolver {

namespace {

using internal::AtomJson;
using Json = nlohmann::json;

constexpr std::size_t kBatch = 4096;  // audit records per transaction
constexpr std::size_t kMaxDifferences = 20;

Status Bad(const graph::AuditRecord& r, std::string_view what) {
  return Status::Corruption("audit record " + std::to_string(r.seq) + " (" +
                            r.action + "): " + std::string(what));
}

Result<Cardinality> CardinalityOf(const graph::AuditRecord& r, const Json& j) {
  auto it = j.find("cardinality");
  if (it == j.end() || !it->is_string()) return Bad(r, "missing cardinality");
  if (*it == "one") return Cardinality::kOne;
  if (*it == "many") return Cardinality::kMany;
  return Bad(r, "unknown cardinality");
}

// Creates or overwrites the record's held item, checking that a new item
// gets the id the log names.
Status ReplayHeld(graph::Writer& w, const graph::AuditRecord& r,
                  const Json& j) {
  auto it = j.find("item");
  if (it == j.end()) return Bad(r, "missing item");
  graph::HeldItem item;
  FACTLINE_RETURN_IF_ERROR(
      internal::HeldFromJson(*it, &item)
          .WithContext("audit record " + std::to_string(r.seq)));
  const std::uint64_t id = item.id;
  auto existing = w.GetHeld(id);
  if (!existing.ok() && !existing.status().IsNotFound()) {
    return existing.status();
  }
  if (!existing.ok()) item.id = 0;
  FACTLINE_RETURN_IF_ERROR(w.PutHeld(&item));
  if (item.id != id) {
    return Bad(r, "replay assigned held item " + std::to_string(item.id) +
                      ", the log says " + std::to_string(id));
  }
  return Status::Ok();
}

Status ReplayOne(graph::Writer& w, const graph::AuditRecord& r) {
  const Json j = Json::parse(r.detail, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return Bad(r, "detail is not JSON");
  if (j.value("truncated", false)) {
    return Bad(r,
               "the record was truncated (a field over 64 KiB) and cannot "
               "be replayed");
  }
  const std::string& a = r.action;
  if (a == ToString(Action::kAdded) || a == ToString(Action::kSuperseded) ||
      a == ToString(Action::kStoredAsHistory)) {
    auto it = j.find("atom");
    if (it == j.end()) return Bad(r, "missing atom");
    Atom atom;
    FACTLINE_RETURN_IF_ERROR(
        internal::AtomFromJson(*it, &atom)
            .WithContext("audit record " + std::to_string(r.seq)));
    FACTLINE_ASSIGN_OR_RETURN(Cardinality cardinality, CardinalityOf(r, j));
    std::vector<AtomId> close;
    if (auto c = j.find("closed"); c != j.end()) {
      if (!c->is_array()) return Bad(r, "malformed closed");
      for (const auto& id : *c) {
        if (!id.is_number_unsigned()) return Bad(r, "malformed closed");
        close.push_back(id.get<AtomId>());
      }
    }
    const AtomId expected = atom.id;
    atom.id = kNoAtom;
    if (auto placed = j.find("placed_at"); placed != j.end()) {
      if (!placed->is_number_integer()) return Bad(r, "malformed placed_at");
      std::vector<AtomId> closed;
      bool current = false;
      FACTLINE_RETURN_IF_ERROR(internal::PlaceAtom(
          w, &atom, cardinality, placed->get<Timestamp>(), &closed, &current));
    } else {
      FACTLINE_RETURN_IF_ERROR(
          internal::StoreAtom(w, &atom, cardinality, close));
    }
    if (atom.id != expected) {
      return Bad(r, "replay assigned atom id " + std::to_string(atom.id) +
                        ", the log says " + std::to_string(expected));
    }
    return Status::Ok();
  }
  if (a == ToString(Action::kReinforced)) {
    const std::string source = j.value("source", std::string());
    auto conf = j.find("new_confidence");
    auto refreshed = j.find("refreshed");
    if (conf == j.end() || !conf->is_number() || refreshed == j.end() ||
        !refreshed->is_number_integer()) {
      return Bad(r, "missing new_confidence or refreshed");
    }
    Atom out;
    FACTLINE_RETURN_IF_ERROR(
        internal::ReinforceAtom(w, r.atom, source, conf->get<double>(),
                                refreshed->get<Timestamp>(), &out));
    auto from = j.find("placed_from");
    auto to = j.find("placed_to");
    if (from == j.end() && to == j.end()) return Status::Ok();
    if (from == j.end() || to == j.end() || !from->is_number_integer() ||
        !to->is_number_integer()) {
      return Bad(r, "malformed placed_from/placed_to");
    }
    bool placed = false;
    return internal::PlaceReinforcement(w, out, from->get<Timestamp>(),
                                        to->get<Timestamp>(), &placed);
  }
  if (a == ToString(Action::kQueued) || a == ToString(Action::kRejected) ||
      a == internal::kActionApproved) {
    return ReplayHeld(w, r, j);
  }
  if (a == internal::kActionQuarantined) {
    if (r.atom != kNoAtom) {
      FACTLINE_RETURN_IF_ERROR(internal::QuarantineAtom(w, r.atom));
    }
    return ReplayHeld(w, r, j);
  }
  if (a == internal::kActionReinstated) {
    return internal::ReinstateAtom(w, r.atom);
  }
  if (a == internal::kActionVerified || a == internal::kActionExpired) {
    Timestamp refreshed = kNoTime;
    if (auto it = j.find("refreshed"); it != j.end()) {
      if (!it->is_number_integer()) return Bad(r, "malformed refreshed");
      refreshed = it->get<Timestamp>();
    }
    return internal::SetAtomVerification(w, r.atom,
                                         a == internal::kActionVerified
                                             ? Verification::kVerified
                                             : Verification::kExpired,
                                         refreshed);
  }
  if (a == ToString(Action::kEnded)) {
    auto end = j.find("end");
    auto placed = j.find("placed_at");
    auto closed = j.find("closed");
    if (end == j.end() || !end->is_number_integer() || placed == j.end() ||
        !placed->is_number_integer() || closed == j.end() ||
        !closed->is_array()) {
      return Bad(r, "missing end, placed_at or closed");
    }
    for (const auto& id : *closed) {
      if (!id.is_number_unsigned()) return Bad(r, "malformed closed");
      Timestamp previous = kForever;
      FACTLINE_RETURN_IF_ERROR(
          internal::EndAtom(w, id.get<AtomId>(), end->get<Timestamp>(),
                            placed->get<Timestamp>(), &previous));
    }
    return Status::Ok();
  }
  if (a == ToString(Action::kNoise) || a == ToString(Action::kTransient)) {
    return Status::Ok();  // nothing was stored
  }
  return Bad(r, "unknown action");
}

// Every atom field, the graph's ids and the refresh time.
Result<Json> AtomState(const graph::Reader& r, AtomId id) {
  FACTLINE_ASSIGN_OR_RETURN(Atom atom, r.GetAtom(id));
  Json j = AtomJson(atom);
  j["subject_id"] = atom.subject_id;
  j["relation_id"] = atom.relation_id;
  j["value_id"] = atom.value_id;
  FACTLINE_ASSIGN_OR_RETURN(j["refreshed"], r.Refreshed(id));
  return j;
}

Result<std::vector<AtomId>> CurrentIds(const graph::Reader& r) {
  std::vector<AtomId> ids;
  FACTLINE_RETURN_IF_ERROR(r.ForEachCurrentAtom([&](const Atom& a) {
    ids.push_back(a.id);
    return Status::Ok();
  }));
  return ids;
}

Result<std::vector<Json>> HeldState(const graph::Reader& r) {
  std::vector<Json> items;
  FACTLINE_RETURN_IF_ERROR(r.ForEachHeld([&](const graph::HeldItem& item) {
    items.push_back(internal::HeldJson(item));
    return Status::Ok();
  }));
  return items;
}

Status Compare(const graph::Reader& a, const graph::Reader& b,
               ReplayReport* report) {
  auto differ = [&](std::string what) {
    if (report->differences.size() < kMaxDifferences) {
      report->differences.push_back(std::move(what));
    }
  };
  FACTLINE_ASSIGN_OR_RETURN(graph::StoreStats sa, a.Stats());
  FACTLINE_ASSIGN_OR_RETURN(graph::StoreStats sb, b.Stats());
  if (sa.atoms != sb.atoms) {
    differ("atom count " + std::to_string(sa.atoms) + " vs replayed " +
           std::to_string(sb.atoms));
  }
  const std::uint64_t n = std::min(sa.atoms, sb.atoms);
  for (AtomId id = 1; id <= n; ++id) {
    FACTLINE_ASSIGN_OR_RETURN(Json ja, AtomState(a, id));
    FACTLINE_ASSIGN_OR_RETURN(Json jb, AtomState(b, id));
    if (ja != jb)
      differ("atom " + std::to_string(id) + ": " + ja.dump() + " vs replayed " +
             jb.dump());
  }
  report->atoms = n;
  FACTLINE_ASSIGN_OR_RETURN(std::vector<AtomId> ca, CurrentIds(a));
  FACTLINE_ASSIGN_OR_RETURN(std::vector<AtomId> cb, CurrentIds(b));
  if (ca != cb) {
    differ("current atoms: " + std::to_string(ca.size()) + " vs replayed " +
           std::to_string(cb.size()) + " (or in another order)");
  }
  report->current = ca.size();
  FACTLINE_ASSIGN_OR_RETURN(std::vector<Json> ha, HeldState(a));
  FACTLINE_ASSIGN_OR_RETURN(std::vector<Json> hb, HeldState(b));
  if (ha.size() != hb.size()) {
    differ("held items " + std::to_string(ha.size()) + " vs replayed " +
           std::to_string(hb.size()));
  }
  for (std::size_t i = 0; i < std::min(ha.size(), hb.size()); ++i) {
    if (ha[i] != hb[i]) {
      differ("held item " + std::to_string(i + 1) + ": " + ha[i].dump() +
             " vs replayed " + hb[i].dump());
    }
  }
  report->held = ha.size();
  return Status::Ok();
}

}  // namespace

Result<ReplayReport> ReplayAudit(const graph::Store& source,
                                 graph::Store* target) {
  ReplayReport report;
  Status s = source.Read([&](const graph::Reader& src) -> Status {
    FACTLINE_RETURN_IF_ERROR(target->Read([](const graph::Reader& t) {
      FACTLINE_ASSIGN_OR_RETURN(graph::StoreStats st, t.Stats());
      if (st.atoms != 0 || st.audit_records != 0) {
        return Status::InvalidArgument(
            "the replay target is not an empty store");
      }
      return Status::Ok();
    }));
    for (std::uint64_t since = 1;;) {
      FACTLINE_ASSIGN_OR_RETURN(std::vector<graph::AuditRecord> records,
                                src.Audit(since, kBatch));
      if (records.empty()) break;
      FACTLINE_RETURN_IF_ERROR(target->Update([&](graph::Writer& w) {
        for (graph::AuditRecord record : records) {
          FACTLINE_RETURN_IF_ERROR(ReplayOne(w, record));
          // The copy keeps the log too, so the replayed store can be
          // replayed and audited in turn.
          FACTLINE_RETURN_IF_ERROR(w.AppendAudit(&record));
        }
        return Status::Ok();
      }));
      report.records += records.size();
      since = records.back().seq + 1;
    }
    return target->Read([&](const graph::Reader& replayed) {
      return Compare(src, replayed, &report);
    });
  });
  if (!s.ok()) return s;
  return report;
}

bool AuditConcerns(const graph::AuditRecord& record, AtomId atom) {
  if (record.atom == atom) return true;
  const Json j = Json::parse(record.detail, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return false;
  for (const char* key : {"closed", "reinstated"}) {
    auto it = j.find(key);
    if (it == j.end() || !it->is_array()) continue;
    for (const auto& id : *it) {
      if (id.is_number_unsigned() && id.get<AtomId>() == atom) return true;
    }
  }
  if (auto by = j.find("by"); by != j.end() && by->is_number_unsigned()) {
    if (by->get<AtomId>() == atom) return true;
  }
  if (auto item = j.find("item"); item != j.end() && item->is_object()) {
    auto held_atom = item->find("atom");
    if (held_atom != item->end() && held_atom->is_object() &&
        held_atom->value("id", AtomId{0}) == atom) {
      return true;
    }
  }
  return false;
}

}  // namespace factline::resolver
