// The write pipeline: validate -> gate stages -> supersession policy ->
// apply + audit, all inside one graph::Store::Update transaction.
#include "resolver/resolver.h"

#include <algorithm>
#include <string>

#include <nlohmann/json.hpp>

namespace factline::resolver {

namespace {

Status CheckText(std::string_view field, const std::string& text) {
  if (CleanDisplay(text).empty()) {
    return Status::InvalidArgument(std::string(field) + " is empty");
  }
  if (text.size() > kMaxFieldBytes) {
    return Status::InvalidArgument(
        std::string(field) + " is " + std::to_string(text.size()) +
        " bytes, over the limit of " + std::to_string(kMaxFieldBytes));
  }
  return ValidateUtf8(text).WithContext(field);
}

std::string Describe(std::size_t index, const Atom& atom) {
  std::string subject = atom.subject.substr(0, 80);
  return "atom #" + std::to_string(index) + " (subject '" + subject + "')";
}

}  // namespace

std::string_view ToString(Action action) {
  switch (action) {
    case Action::kAdded:
      return "added";
    case Action::kSuperseded:
      return "superseded";
    case Action::kReinforced:
      return "reinforced";
    case Action::kStoredAsHistory:
      return "stored-as-history";
    case Action::kRejected:
      return "rejected";
  }
  return "unknown";
}

Status ValidateAtom(const Atom& atom) {
  FACTLINE_RETURN_IF_ERROR(CheckText("subject", atom.subject));
  FACTLINE_RETURN_IF_ERROR(CheckText("relation", atom.relation));
  FACTLINE_RETURN_IF_ERROR(CheckText("value", atom.value));
  const Provenance& p = atom.provenance;
  for (auto [field, text] :
       {std::pair<const char*, const std::string*>{"model_id", &p.model_id},
        {"session_id", &p.session_id},
        {"source", &p.source}}) {
    if (text->size() > kMaxFieldBytes) {
      return Status::InvalidArgument(std::string(field) + " is over " +
                                     std::to_string(kMaxFieldBytes) +
                                     " bytes");
    }
    FACTLINE_RETURN_IF_ERROR(ValidateUtf8(*text).WithContext(field));
  }
  if (!(p.confidence >= 0.0 && p.confidence <= 1.0)) {
    return Status::InvalidArgument("confidence " +
                                   std::to_string(p.confidence) +
                                   " is outside [0, 1]");
  }
  if (atom.valid_from != kNoTime && atom.valid_to != kForever &&
      atom.valid_to < atom.valid_from) {
    return Status::InvalidArgument("valid_to is before valid_from");
  }
  return Status::Ok();
}

struct Resolver::Impl {
  graph::Store* store;
  ResolverOptions options;
  const Lexicon* lexicon;

  // Applies one atom inside the transaction; appends its decision.
  Status ApplyOne(graph::Writer& w, std::size_t index, Atom atom,
                  std::vector<Decision>* decisions);
  Status Audit(graph::Writer& w, const Decision& d, const Atom& atom);
};

Resolver::Resolver(graph::Store* store, ResolverOptions options)
    : impl_(std::make_unique<Impl>()) {
  impl_->store = store;
  impl_->options = std::move(options);
  impl_->lexicon = impl_->options.lexicon ? impl_->options.lexicon
                                          : &Lexicon::Builtin();
  if (!impl_->options.policy) impl_->options.policy = MakeKeyedPolicy();
}

Resolver::~Resolver() = default;

Result<std::vector<Decision>> Resolver::Write(std::vector<Atom> atoms) {
  const Timestamp now = NowMicros();
  for (std::size_t i = 0; i < atoms.size(); ++i) {
    Atom& atom = atoms[i];
    Status s = ValidateAtom(atom);
    if (!s.ok()) return s.WithContext(Describe(i, atom));
    atom.subject = CleanDisplay(atom.subject);
    atom.value = CleanDisplay(atom.value);
    atom.relation = impl_->lexicon->CanonicalRelation(atom.relation);
    if (atom.tx_time == kNoTime) atom.tx_time = now;
    if (atom.valid_from == kNoTime) atom.valid_from = atom.tx_time;
  }
  std::vector<Decision> decisions;
  SupersessionPolicy& policy = *impl_->options.policy;
  Status s = impl_->store->Update([&](graph::Writer& w) -> Status {
    // The store may rerun this callback after growing its map.
    decisions.clear();
    decisions.reserve(atoms.size());
    policy.BeginBatch();
    for (std::size_t i = 0; i < atoms.size(); ++i) {
      Status one = impl_->ApplyOne(w, i, atoms[i], &decisions);
      if (!one.ok()) return one.WithContext(Describe(i, atoms[i]));
    }
    return Status::Ok();
  });
  if (!s.ok()) return s;
  policy.CommitBatch();
  return decisions;
}

Status Resolver::Impl::ApplyOne(graph::Writer& w, std::size_t index, Atom atom,
                                std::vector<Decision>* decisions) {
  Decision d;
  d.input_index = index;
  for (auto& stage : options.gate) {
    bool reject = false;
    std::string reason;
    FACTLINE_RETURN_IF_ERROR(stage->Check(w, &atom, &reject, &reason));
    if (reject) {
      d.action = Action::kRejected;
      d.reason = std::string(stage->name()) + ": " + reason;
      FACTLINE_RETURN_IF_ERROR(Audit(w, d, atom));
      decisions->push_back(std::move(d));
      return Status::Ok();
    }
  }

  const Cardinality cardinality = lexicon->CardinalityOf(atom.relation);
  FACTLINE_ASSIGN_OR_RETURN(graph::Relation relation,
                            w.InternRelation(atom.relation, cardinality));
  std::vector<Atom> slot_current;
  auto subject = w.FindEntity(atom.subject);
  if (subject.ok()) {
    FACTLINE_ASSIGN_OR_RETURN(std::vector<AtomId> ids,
                              w.Current(subject->id, relation.id));
    for (AtomId id : ids) {
      FACTLINE_ASSIGN_OR_RETURN(Atom current, w.GetAtom(id));
      slot_current.push_back(std::move(current));
    }
  } else if (!subject.status().IsNotFound()) {
    return subject.status();
  }

  Choice choice;
  FACTLINE_RETURN_IF_ERROR(
      options.policy->Choose(w, atom, relation.cardinality, slot_current,
                             &choice));
  d.reason = choice.reason;

  switch (choice.kind) {
    case Choice::Kind::kReinforce: {
      FACTLINE_ASSIGN_OR_RETURN(Atom existing, w.GetAtom(choice.targets.at(0)));
      if (!atom.provenance.source.empty()) {
        existing.reinforced_by.push_back(atom.provenance.source);
      }
      existing.provenance.confidence =
          std::max(existing.provenance.confidence, atom.provenance.confidence);
      FACTLINE_RETURN_IF_ERROR(w.UpdateAtom(existing));
      d.action = Action::kReinforced;
      d.atom = existing.id;
      FACTLINE_RETURN_IF_ERROR(Audit(w, d, existing));
      decisions->push_back(std::move(d));
      return Status::Ok();
    }
    case Choice::Kind::kHistoryOnly: {
      FACTLINE_ASSIGN_OR_RETURN(Atom newer, w.GetAtom(choice.targets.at(0)));
      atom.valid_to = newer.valid_from;
      atom.superseded_by = newer.id;
      FACTLINE_RETURN_IF_ERROR(w.InsertAtom(&atom));
      d.action = Action::kStoredAsHistory;
      break;
    }
    case Choice::Kind::kAdd:
    case Choice::Kind::kSupersede: {
      if (choice.kind == Choice::Kind::kSupersede && !choice.targets.empty()) {
        atom.supersedes = choice.targets.front();
      }
      FACTLINE_RETURN_IF_ERROR(w.InsertAtom(&atom));
      // Close each superseded atom and drop it from its own slot, which for
      // similarity-based policies may not be the incoming atom's slot.
      for (AtomId target : choice.targets) {
        if (choice.kind != Choice::Kind::kSupersede) break;
        FACTLINE_ASSIGN_OR_RETURN(Atom old, w.GetAtom(target));
        old.valid_to = atom.valid_from;
        old.superseded_by = atom.id;
        FACTLINE_RETURN_IF_ERROR(w.UpdateAtom(old));
        FACTLINE_ASSIGN_OR_RETURN(std::vector<AtomId> ids,
                                  w.Current(old.subject_id, old.relation_id));
        ids.erase(std::remove(ids.begin(), ids.end(), target), ids.end());
        FACTLINE_RETURN_IF_ERROR(
            w.SetCurrent(old.subject_id, old.relation_id, ids));
        d.closed.push_back(target);
      }
      FACTLINE_ASSIGN_OR_RETURN(std::vector<AtomId> ids,
                                w.Current(atom.subject_id, atom.relation_id));
      ids.push_back(atom.id);
      FACTLINE_RETURN_IF_ERROR(
          w.SetCurrent(atom.subject_id, atom.relation_id, ids));
      d.action = d.closed.empty() ? Action::kAdded : Action::kSuperseded;
      break;
    }
  }
  d.atom = atom.id;
  options.policy->Stored(atom);
  FACTLINE_RETURN_IF_ERROR(Audit(w, d, atom));
  decisions->push_back(std::move(d));
  return Status::Ok();
}

Status Resolver::Impl::Audit(graph::Writer& w, const Decision& d,
                             const Atom& atom) {
  if (!options.audit) return Status::Ok();
  nlohmann::json detail = {
      {"subject", atom.subject},
      {"relation", atom.relation},
      {"value", atom.value},
      {"source", atom.provenance.source},
      {"origin", ToString(atom.provenance.origin)},
      {"confidence", atom.provenance.confidence},
      {"reason", d.reason},
  };
  if (!d.closed.empty()) detail["closed"] = d.closed;
  graph::AuditRecord record;
  record.time = NowMicros();
  record.atom = d.atom;
  record.action = std::string(ToString(d.action));
  record.detail = detail.dump(-1, ' ', false,
                              nlohmann::json::error_handler_t::replace);
  return w.AppendAudit(&record);
}

}  // namespace factline::resolver
