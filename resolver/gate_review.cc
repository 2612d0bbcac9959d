// The review queue and quarantine: approving, rejecting and quarantining,
// and re-verification. Every call is one write transaction, audited.
#include <algorithm>

#include "resolver/internal/resolver_impl.h"

namespace factline::resolver {

namespace {

using internal::HeldJson;

std::string WithReason(std::string what, std::string_view reason) {
  if (!reason.empty()) what += ": " + std::string(reason);
  return what;
}

}  // namespace

Result<Decision> Resolver::Approve(std::uint64_t item_id,
                                   const ReviewEdit& edit,
                                   std::string_view reason) {
  FACTLINE_RETURN_IF_ERROR(impl_->init);
  Impl& impl = *impl_;
  Decision d;
  Status s = impl.store->Update([&](graph::Writer& w) -> Status {
    d = Decision();
    FACTLINE_ASSIGN_OR_RETURN(graph::HeldItem item, w.GetHeld(item_id));
    if (item.state == graph::HeldState::kApproved) {
      return Status::InvalidArgument("held item " + std::to_string(item_id) +
                                     " is already approved (atom #" +
                                     std::to_string(item.result) + ")");
    }
    Atom atom = item.atom;
    internal::ReadIntents(item.detail, &atom);
    if (edit.subject) atom.subject = *edit.subject;
    if (edit.relation) atom.relation = *edit.relation;
    if (edit.value) atom.value = *edit.value;
    if (edit.confidence) atom.provenance.confidence = *edit.confidence;
    if (edit.category) atom.category = *edit.category;
    if (CleanDisplay(atom.subject).empty() ||
        CleanDisplay(atom.relation).empty() ||
        CleanDisplay(atom.value).empty()) {
      return Status::InvalidArgument(
          "held item " + std::to_string(item_id) +
          " has no atom (it is the text '" + atom.text.substr(0, 80) +
          "'); edit it with a subject, relation and value to approve it");
    }
    FACTLINE_RETURN_IF_ERROR(
        ValidateAtom(atom).WithContext("held item " + std::to_string(item_id)));
    // Applied as if it had passed the gate now, with the reviewer's word.
    atom.subject = CleanDisplay(atom.subject);
    atom.value = CleanDisplay(atom.value);
    atom.relation = impl.lexicon->CanonicalRelation(atom.relation);
    atom.id = kNoAtom;
    atom.subject_id = atom.relation_id = atom.value_id = 0;
    atom.superseded_by = atom.supersedes = kNoAtom;
    atom.superseded_at = kNoTime;  // the stated interval is kept as given
    atom.tx_time = NowMicros();
    if (atom.valid_from == kNoTime) atom.valid_from = atom.tx_time;
    atom.provenance.verification = Verification::kVerified;

    d.reason =
        WithReason("approved held item " + std::to_string(item_id), reason);
    d.verdicts.push_back({"review", GateOutcome::kPass, kNoAtom, d.reason});
    Cardinality cardinality = Cardinality::kOne;
    std::vector<Atom> slot_current;
    FACTLINE_RETURN_IF_ERROR(
        impl.LoadSlot(w, atom, &cardinality, &slot_current));
    GateVerdict dup;
    dup.stage = internal::kStageDuplicate;
    FACTLINE_RETURN_IF_ERROR(internal::CheckDuplicate(
        {w, cardinality, slot_current}, atom,
        impl.options.gate_config.duplicate, impl.options.near_duplicate, &dup));
    d.verdicts.push_back(dup);
    impl.options.policy->BeginBatch();
    if (atom.ends) {
      // "No longer": approving ends the value the statement names.
      d.verdicts.pop_back();
      FACTLINE_RETURN_IF_ERROR(impl.End(w, atom, cardinality, &d));
    } else if (dup.outcome == GateOutcome::kReinforce) {
      d.reason += "; " + dup.reason;
      FACTLINE_RETURN_IF_ERROR(impl.Reinforce(w, dup.target, atom, &d));
    } else {
      FACTLINE_RETURN_IF_ERROR(impl.Resolve(w, atom, cardinality, slot_current,
                                            atom.provenance.confidence, &d));
      FACTLINE_RETURN_IF_ERROR(
          impl.EndReplaced(w, atom.replaces, cardinality, &d));
    }
    item.state = graph::HeldState::kApproved;
    item.result = d.atom;
    item.resolved_at = NowMicros();
    item.reason = WithReason(item.reason + "; approved", reason);
    FACTLINE_RETURN_IF_ERROR(w.PutHeld(&item));
    d.held = item.id;
    nlohmann::json edits = nlohmann::json::object();
    if (edit.subject) edits["subject"] = *edit.subject;
    if (edit.relation) edits["relation"] = *edit.relation;
    if (edit.value) edits["value"] = *edit.value;
    if (edit.confidence) edits["confidence"] = *edit.confidence;
    if (edit.category) edits["category"] = ToString(*edit.category);
    return impl.Audit(w, d.atom, internal::kActionApproved,
                      {{"reason", d.reason},
                       {"item", HeldJson(item)},
                       {"edits", edits},
                       {"result", d.atom}},
                      item.resolved_at);
  });
  if (!s.ok()) return s;
  impl.options.policy->CommitBatch();
  return d;
}

Status Resolver::RejectHeld(std::uint64_t item_id, std::string_view reason) {
  FACTLINE_RETURN_IF_ERROR(impl_->init);
  if (CleanDisplay(reason).empty()) {
    return Status::InvalidArgument("rejecting held item " +
                                   std::to_string(item_id) + " needs a reason");
  }
  Impl& impl = *impl_;
  return impl.store->Update([&](graph::Writer& w) -> Status {
    FACTLINE_ASSIGN_OR_RETURN(graph::HeldItem item, w.GetHeld(item_id));
    if (item.state != graph::HeldState::kPending) {
      return Status::InvalidArgument(
          "held item " + std::to_string(item_id) + " is " +
          std::string(graph::ToString(item.state)) + ", not pending review");
    }
    item.state = graph::HeldState::kQuarantined;
    item.resolved_at = NowMicros();
    item.reason = "rejected in review: " + std::string(reason);
    FACTLINE_RETURN_IF_ERROR(w.PutHeld(&item));
    return impl.Audit(w, kNoAtom, internal::kActionQuarantined,
                      {{"reason", item.reason}, {"item", HeldJson(item)}},
                      item.resolved_at);
  });
}

Status Resolver::Impl::QuarantineOne(graph::Writer& w, const Atom& atom,
                                     const std::string& reason,
                                     const nlohmann::json& extra, Decision* d,
                                     std::vector<AtomId>* reinstated) {
  const AtomId atom_id = atom.id;
  FACTLINE_ASSIGN_OR_RETURN(std::vector<AtomId> current,
                            w.Current(atom.subject_id, atom.relation_id));
  // The values this atom closed come back only if it was the live value:
  // a quarantined atom that was itself superseded changes nothing current.
  std::vector<AtomId> reinstate;
  if (std::find(current.begin(), current.end(), atom_id) != current.end()) {
    FACTLINE_ASSIGN_OR_RETURN(std::vector<AtomId> history,
                              w.History(atom.subject_id, atom.relation_id));
    for (AtomId id : history) {
      FACTLINE_ASSIGN_OR_RETURN(Atom older, w.GetAtom(id));
      if (older.superseded_by == atom_id &&
          older.provenance.verification != Verification::kRejected) {
        reinstate.push_back(id);
      }
    }
  }
  FACTLINE_RETURN_IF_ERROR(internal::QuarantineAtom(w, atom_id));
  graph::HeldItem item;
  item.state = graph::HeldState::kQuarantined;
  item.atom = atom;  // as it stood, so approval restores it
  item.held_at = item.resolved_at = NowMicros();
  item.reason = "quarantined: " + reason;
  FACTLINE_RETURN_IF_ERROR(w.PutHeld(&item));
  d->action = Action::kRejected;
  d->atom = atom_id;
  d->held = item.id;
  d->reason = item.reason;
  d->closed.clear();
  nlohmann::json detail = {{"reason", item.reason},
                           {"item", HeldJson(item)},
                           {"reinstated", reinstate},
                           {"prev_confidence", atom.provenance.confidence},
                           {"new_confidence", atom.provenance.confidence}};
  for (const auto& [key, value] : extra.items()) detail[key] = value;
  FACTLINE_ASSIGN_OR_RETURN(detail["version"], internal::SlotVersion(w, atom));
  FACTLINE_RETURN_IF_ERROR(Audit(w, atom_id, internal::kActionQuarantined,
                                 std::move(detail), item.held_at));
  for (AtomId id : reinstate) {
    FACTLINE_RETURN_IF_ERROR(internal::ReinstateAtom(w, id));
    FACTLINE_RETURN_IF_ERROR(
        Audit(w, id, internal::kActionReinstated,
              {{"reason", "atom #" + std::to_string(atom_id) +
                              ", which had superseded it, was quarantined"},
               {"by", atom_id}}));
    reinstated->push_back(id);
  }
  return Status::Ok();
}

Result<Decision> Resolver::Quarantine(AtomId atom_id, std::string_view reason) {
  FACTLINE_RETURN_IF_ERROR(impl_->init);
  if (CleanDisplay(reason).empty()) {
    return Status::InvalidArgument("quarantining atom " +
                                   std::to_string(atom_id) + " needs a reason");
  }
  Impl& impl = *impl_;
  Decision d;
  Status s = impl.store->Update([&](graph::Writer& w) -> Status {
    d = Decision();
    FACTLINE_ASSIGN_OR_RETURN(Atom atom, w.GetAtom(atom_id));
    if (atom.provenance.verification == Verification::kRejected) {
      return Status::InvalidArgument("atom " + std::to_string(atom_id) +
                                     " is already quarantined");
    }
    std::vector<AtomId> reinstated;
    return impl.QuarantineOne(w, atom, std::string(reason),
                              nlohmann::json::object(), &d, &reinstated);
  });
  if (!s.ok()) return s;
  return d;
}

bool AtomFilter::Matches(const Atom& atom) const {
  const Provenance& p = atom.provenance;
  return (!session_id || p.session_id == *session_id) &&
         (!model_id || p.model_id == *model_id) &&
         (!origin || p.origin == *origin) &&
         (since == kNoTime || atom.tx_time >= since);
}

std::string AtomFilter::Describe() const {
  std::string out;
  auto add = [&](const std::string& part) {
    out += (out.empty() ? "" : ", ") + part;
  };
  if (session_id) add("session " + *session_id);
  if (model_id) add("model " + *model_id);
  if (origin) add("origin " + std::string(ToString(*origin)));
  if (since != kNoTime) add("since " + FormatTimestamp(since));
  return out;
}

Result<BulkQuarantine> Resolver::QuarantineWhere(const AtomFilter& filter,
                                                 std::string_view reason,
                                                 std::size_t max_atoms) {
  FACTLINE_RETURN_IF_ERROR(impl_->init);
  if (!filter.session_id && !filter.model_id && !filter.origin) {
    return Status::InvalidArgument(
        "a bulk quarantine needs a session, a model or an origin");
  }
  if (CleanDisplay(reason).empty()) {
    return Status::InvalidArgument("quarantining " + filter.Describe() +
                                   " needs a reason");
  }
  Impl& impl = *impl_;
  BulkQuarantine report;
  const nlohmann::json extra = {{"bulk", filter.Describe()}};
  Status s = impl.store->Update([&](graph::Writer& w) -> Status {
    report = BulkQuarantine();
    // Atom ids run from 1 to the atom count without gaps, in the order the
    // atoms were stored.
    FACTLINE_ASSIGN_OR_RETURN(graph::StoreStats stats, w.Stats());
    std::vector<Atom> matched;
    for (AtomId id = 1; id <= stats.atoms; ++id) {
      FACTLINE_ASSIGN_OR_RETURN(Atom atom, w.GetAtom(id));
      if (atom.provenance.verification != Verification::kRejected &&
          filter.Matches(atom)) {
        matched.push_back(std::move(atom));
      }
    }
    report.matched = matched.size();
    if (matched.size() > max_atoms) return Status::Ok();
    for (const Atom& stored : matched) {
      // Re-read: an earlier quarantine of this batch re-derived its slot.
      FACTLINE_ASSIGN_OR_RETURN(Atom atom, w.GetAtom(stored.id));
      Decision d;
      FACTLINE_RETURN_IF_ERROR(impl.QuarantineOne(
          w, atom, std::string(reason), extra, &d, &report.reinstated));
      report.decisions.push_back(std::move(d));
    }
    report.applied = true;
    return Status::Ok();
  });
  if (!s.ok()) return s;
  return report;
}

Status Resolver::SetVerification(AtomId atom_id, Verification verification,
                                 std::string_view reason) {
  FACTLINE_RETURN_IF_ERROR(impl_->init);
  if (verification != Verification::kVerified &&
      verification != Verification::kExpired) {
    return Status::InvalidArgument(
        "SetVerification takes verified or expired; use Quarantine to "
        "reject an atom");
  }
  Impl& impl = *impl_;
  return impl.store->Update([&](graph::Writer& w) -> Status {
    FACTLINE_ASSIGN_OR_RETURN(Atom atom, w.GetAtom(atom_id));
    if (atom.provenance.verification == Verification::kRejected) {
      return Status::InvalidArgument("atom " + std::to_string(atom_id) +
                                     " is quarantined; approve its held item "
                                     "to restore it");
    }
    const Timestamp now = NowMicros();
    const Timestamp refreshed =
        verification == Verification::kVerified ? now : kNoTime;
    FACTLINE_RETURN_IF_ERROR(
        internal::SetAtomVerification(w, atom_id, verification, refreshed));
    nlohmann::json detail = {
        {"reason", std::string(reason)},
        {"prev_verification", ToString(atom.provenance.verification)},
        {"verification", ToString(verification)},
        {"prev_confidence", atom.provenance.confidence},
        {"new_confidence", atom.provenance.confidence},
    };
    if (refreshed != kNoTime) detail["refreshed"] = refreshed;
    FACTLINE_ASSIGN_OR_RETURN(detail["version"],
                              internal::SlotVersion(w, atom));
    return impl.Audit(w, atom_id,
                      verification == Verification::kVerified
                          ? internal::kActionVerified
                          : internal::kActionExpired,
                      std::move(detail), now);
  });
}

}  // namespace factline::resolver
