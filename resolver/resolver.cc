// The write pipeline: validate -> gate stages -> supersession policy ->
// apply + audit, all inside one graph::Store::Update transaction.
#include "resolver/resolver.h"

#include <algorithm>
#include <cctype>
#include <string>

#include "resolver/internal/resolver_impl.h"

namespace factline::resolver {

namespace {

using internal::VerdictsJson;

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

Status CheckProvenanceFields(const Atom& atom) {
  const Provenance& p = atom.provenance;
  for (auto [field, text] :
       {std::pair<const char*, const std::string*>{"model_id", &p.model_id},
        {"session_id", &p.session_id},
        {"source", &p.source}}) {
    if (text->size() > kMaxFieldBytes) {
      return Status::InvalidArgument(std::string(field) + " is over " +
                                     std::to_string(kMaxFieldBytes) + " bytes");
    }
    FACTLINE_RETURN_IF_ERROR(ValidateUtf8(*text).WithContext(field));
  }
  if (!(p.confidence >= 0.0 && p.confidence <= 1.0)) {
    return Status::InvalidArgument(
        "confidence " + std::to_string(p.confidence) + " is outside [0, 1]");
  }
  return Status::Ok();
}

std::string Describe(std::size_t index, const Atom& atom, bool text_only) {
  if (text_only) return "line #" + std::to_string(index);
  std::string subject = atom.subject.substr(0, 80);
  return "atom #" + std::to_string(index) + " (subject '" + subject + "')";
}

Action ActionFor(GateOutcome outcome) {
  switch (outcome) {
    case GateOutcome::kNoise:
      return Action::kNoise;
    case GateOutcome::kTransient:
      return Action::kTransient;
    case GateOutcome::kQueue:
      return Action::kQueued;
    case GateOutcome::kReinforce:
      return Action::kReinforced;
    case GateOutcome::kPass:
    case GateOutcome::kReject:
      break;
  }
  return Action::kRejected;
}

// "The Riverton Hawks fired ..." after "... coaches the Riverton Hawks": a
// sentence's opening "The" may be the article a reader drops elsewhere or
// part of a title ("The Invisible Man" is not "Invisible Man"), and
// capitals cannot tell which. A plural name ("the Riverton Hawks", "the
// Miami Dolphins") takes the article as a rule; a singular one keeping
// "The" is a title. So a subject that opens its sentence with "The", ends
// in a plural noun and names no entity the store holds is the entity of
// the name without "The", when the store holds that one.
//
// A lower-case "the" inside a sentence ("the Bayview Tigers' head coach",
// "director of the Marlow Institute") is always the article: such a
// subject is the stored entity with the article when there is one, else
// the name without it (stored or new), so it meets "Bayview Tigers" read
// from "head coach of the Bayview Tigers". A sentence-opening "The" before
// a singular name is the article too when the store holds the bare name
// and has read it after a lower-case "the" ("the United Kingdom"); a
// title the store only knows bare ("Invisible Man") stays apart.
bool SeenWithArticle(const graph::Reader& r, const graph::Entity& e) {
  Result<std::vector<AtomId>> ids = r.CurrentOfSubject(e.id);
  if (!ids.ok()) return false;
  const std::string written = "the " + e.display;
  for (AtomId id : *ids) {
    Result<Atom> a = r.GetAtom(id);
    if (a.ok() && a->text.find(written) != std::string::npos) return true;
  }
  return false;
}

Status SubjectAsStored(const graph::Reader& r, Atom* atom) {
  constexpr std::string_view kThe = "The ";
  constexpr std::string_view kLowerThe = "the ";
  const std::string& subject = atom->subject;
  if (subject.size() <= kThe.size()) return Status::Ok();
  const bool lower = subject.starts_with(kLowerThe) &&
                     std::isupper(static_cast<unsigned char>(subject[4]));
  const bool opening =
      subject.starts_with(kThe) && atom->text.starts_with(subject);
  if (!lower && !opening) return Status::Ok();
  Result<graph::Entity> own = r.FindEntity(subject);
  if (own.ok() || !own.status().IsNotFound()) return own.status();
  const std::string name = subject.substr(kThe.size());
  Result<graph::Entity> bare = r.FindEntity(name);
  if (!bare.ok() && !bare.status().IsNotFound()) return bare.status();
  if (lower) {
    atom->subject = bare.ok() ? bare->display : name;
    return Status::Ok();
  }
  if (bare.ok() && (EndsInPluralNoun(subject) || SeenWithArticle(r, *bare))) {
    atom->subject = bare->display;
  }
  return Status::Ok();
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
    case Action::kQueued:
      return "queued";
    case Action::kNoise:
      return "noise";
    case Action::kTransient:
      return "transient";
    case Action::kEnded:
      return "ended";
  }
  return "unknown";
}

Status ValidateAtom(const Atom& atom) {
  for (auto [field, text] :
       {std::pair<const char*, const std::string*>{"subject", &atom.subject},
        {"relation", &atom.relation},
        {"value", &atom.value}}) {
    FACTLINE_RETURN_IF_ERROR(CheckText(field, *text));
    // A control character makes a key nobody can type back; a subject or
    // relation of punctuation only has an empty key (LMDB refuses it). A
    // value without letters ("!!! ???") is the gate's noise stage's to
    // judge (tests/tools/jsonl_test.cc, "titles and dates").
    FACTLINE_RETURN_IF_ERROR(CheckControlChars(*text).WithContext(field));
    if (text != &atom.value && !HasLetterOrDigit(*text)) {
      return Status::InvalidArgument(std::string(field) +
                                     " has no letters or digits");
    }
  }
  FACTLINE_RETURN_IF_ERROR(CheckProvenanceFields(atom));
  if (atom.valid_from != kNoTime && atom.valid_to != kForever &&
      atom.valid_to < atom.valid_from) {
    return Status::InvalidArgument("valid_to is before valid_from");
  }
  return Status::Ok();
}

Status Resolver::Impl::Init() {
  lexicon = options.lexicon ? options.lexicon : &Lexicon::Builtin();
  if (!options.policy) options.policy = MakeKeyedPolicy();
  const GateConfig& config = options.gate_config;
  if (config.enabled) {
    FACTLINE_ASSIGN_OR_RETURN(TextScreen made, TextScreen::Create(config));
    screen = std::make_shared<const TextScreen>(std::move(made));
    builtin = internal::MakeStages(config, options.near_duplicate, screen,
                                   &stage_input);
  }
  for (auto& stage : builtin) stages.push_back(stage.get());
  for (auto& stage : options.gate) stages.push_back(stage.get());
  return Status::Ok();
}

Resolver::Resolver(graph::Store* store, ResolverOptions options)
    : impl_(std::make_unique<Impl>()) {
  impl_->store = store;
  impl_->options = std::move(options);
  impl_->init = impl_->Init();
}

Result<std::unique_ptr<Resolver>> Resolver::Create(graph::Store* store,
                                                   ResolverOptions options) {
  auto resolver = std::make_unique<Resolver>(store, std::move(options));
  FACTLINE_RETURN_IF_ERROR(resolver->impl_->init);
  return resolver;
}

Resolver::~Resolver() = default;

const GateConfig& Resolver::gate_config() const {
  return impl_->options.gate_config;
}

const TextScreen* Resolver::screen() const { return impl_->screen.get(); }

Result<std::vector<Decision>> Resolver::Write(
    std::vector<Atom> atoms, std::vector<GateVerdict> screened) {
  FACTLINE_RETURN_IF_ERROR(impl_->init);
  if (!screened.empty() && screened.size() != atoms.size()) {
    return Status::InvalidArgument("Write: " + std::to_string(screened.size()) +
                                   " screen verdicts for " +
                                   std::to_string(atoms.size()) + " atoms");
  }
  const GateConfig& config = impl_->options.gate_config;
  const Timestamp now = NowMicros();
  for (std::size_t i = 0; i < atoms.size(); ++i) {
    Atom& atom = atoms[i];
    const bool text_only =
        !screened.empty() && screened[i].outcome != GateOutcome::kPass;
    Status s = text_only ? CheckText("text", atom.text) : ValidateAtom(atom);
    if (s.ok() && text_only) s = CheckProvenanceFields(atom);
    if (s.ok()) s = CheckProvenance(config, atom);
    if (!s.ok()) return s.WithContext(Describe(i, atom, text_only));
    if (!text_only) {
      atom.subject = CleanDisplay(atom.subject);
      atom.value = CleanDisplay(atom.value);
      atom.relation = impl_->lexicon->CanonicalRelation(atom.relation);
    }
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
      const GateVerdict* verdict = screened.empty() ? nullptr : &screened[i];
      Status one = impl_->ApplyOne(w, i, atoms[i], verdict, &decisions);
      if (!one.ok()) {
        return one.WithContext(Describe(
            i, atoms[i],
            verdict != nullptr && verdict->outcome != GateOutcome::kPass));
      }
    }
    return Status::Ok();
  });
  if (!s.ok()) return s;
  policy.CommitBatch();
  return decisions;
}

Status Resolver::Impl::LoadSlot(const graph::Reader& r, const Atom& atom,
                                Cardinality* cardinality,
                                std::vector<Atom>* current) {
  current->clear();
  auto relation = r.FindRelation(atom.relation);
  if (!relation.ok()) {
    if (!relation.status().IsNotFound()) return relation.status();
    *cardinality = lexicon->CardinalityOf(atom.relation);
    return Status::Ok();
  }
  *cardinality = relation->cardinality;
  auto subject = r.FindEntity(atom.subject);
  if (!subject.ok()) {
    return subject.status().IsNotFound() ? Status::Ok() : subject.status();
  }
  auto timeline = r.Timeline(subject->id, relation->id);
  if (!timeline.ok() && !timeline.status().IsNotFound()) {
    return timeline.status();
  }
  if (!timeline.ok()) {
    // No timeline (a baseline policy's slot): the current atoms.
    FACTLINE_ASSIGN_OR_RETURN(std::vector<AtomId> ids,
                              r.Current(subject->id, relation->id));
    for (AtomId id : ids) {
      FACTLINE_ASSIGN_OR_RETURN(Atom a, r.GetAtom(id));
      current->push_back(std::move(a));
    }
    return Status::Ok();
  }
  // The slot's value(s) at the atom's valid time (for an undated atom, the
  // current ones). A value equal to the atom's is left out unless it
  // already covers what the atom would cover: reinforcing it would lose
  // part of what the source stated (the same value again after a gap, or
  // for longer).
  const std::string key = NormalizeKey(atom.value);
  const Timestamp from = atom.valid_from;
  for (AtomId id : graph::OwnersAt(*timeline, from)) {
    FACTLINE_ASSIGN_OR_RETURN(Atom a, r.GetAtom(id));
    if (NormalizeKey(a.value) == key &&
        !Covers(*timeline, *cardinality, a, from, atom.valid_to)) {
      continue;
    }
    current->push_back(std::move(a));
  }
  return Status::Ok();
}

bool Resolver::Impl::Covers(const std::vector<graph::ValidSegment>& timeline,
                            Cardinality cardinality, const Atom& owner,
                            Timestamp from, Timestamp to) {
  if (cardinality == Cardinality::kMany) {
    return owner.valid_from <= from && to <= owner.valid_to;
  }
  Timestamp owned_to = from, next = kForever;
  for (const graph::ValidSegment& seg : timeline) {
    if (seg.atom == owner.id && seg.from <= from && from < seg.to) {
      owned_to = seg.to;
    }
    if (seg.from > from && seg.from < next) next = seg.from;
  }
  // What the atom would take: [from, to), or [from, next) when open.
  const Timestamp would = to == kForever ? next : to;
  return would <= owned_to;
}

Status Resolver::Impl::ApplyOne(graph::Writer& w, std::size_t index, Atom atom,
                                const GateVerdict* screened,
                                std::vector<Decision>* decisions) {
  Decision d;
  d.input_index = index;
  const double offered = atom.provenance.confidence;
  // A passing parse-time verdict with a reason (the parser's relation
  // mapping) stays with the decision, so the audit record shows it.
  if (screened != nullptr && screened->outcome == GateOutcome::kPass &&
      !screened->reason.empty()) {
    d.verdicts.push_back(*screened);
  }
  if (screened != nullptr && screened->outcome != GateOutcome::kPass) {
    d.verdicts.push_back(*screened);
    d.reason = screened->stage + ": " + screened->reason;
    switch (screened->outcome) {
      case GateOutcome::kNoise:
      case GateOutcome::kTransient:
        FACTLINE_RETURN_IF_ERROR(
            Drop(w, atom, ActionFor(screened->outcome), &d));
        break;
      case GateOutcome::kQueue:
      case GateOutcome::kReject:
        FACTLINE_RETURN_IF_ERROR(Hold(w, atom,
                                      screened->outcome == GateOutcome::kQueue
                                          ? graph::HeldState::kPending
                                          : graph::HeldState::kQuarantined,
                                      offered, &d));
        break;
      case GateOutcome::kPass:
      case GateOutcome::kReinforce:
        return Status::InvalidArgument(
            "a parse-time verdict cannot be 'reinforce'");
    }
    decisions->push_back(std::move(d));
    return Status::Ok();
  }

  FACTLINE_RETURN_IF_ERROR(SubjectAsStored(w, &atom));
  FACTLINE_RETURN_IF_ERROR(KeyByStore(w, &atom, &d));
  FACTLINE_RETURN_IF_ERROR(Rekey(w, &atom, &d));
  Cardinality cardinality = Cardinality::kOne;
  std::vector<Atom> slot_current;
  FACTLINE_RETURN_IF_ERROR(LoadSlot(w, atom, &cardinality, &slot_current));
  stage_input.text_screened = screened != nullptr;
  const GateContext context{w, cardinality, slot_current};
  for (GateStage* stage : stages) {
    // Ending a value names the value it ends: that is no duplicate.
    if (atom.ends && stage->name() == internal::kStageDuplicate) continue;
    GateVerdict v;
    FACTLINE_RETURN_IF_ERROR(stage->Evaluate(context, &atom, &v));
    v.stage = std::string(stage->name());
    d.verdicts.push_back(v);
    if (v.outcome == GateOutcome::kPass) continue;
    d.reason = v.stage + ": " + v.reason;
    switch (v.outcome) {
      case GateOutcome::kReinforce:
        FACTLINE_RETURN_IF_ERROR(Reinforce(w, v.target, atom, &d));
        break;
      case GateOutcome::kQueue:
        FACTLINE_RETURN_IF_ERROR(
            Hold(w, atom, graph::HeldState::kPending, offered, &d));
        break;
      case GateOutcome::kReject:
        FACTLINE_RETURN_IF_ERROR(
            Hold(w, atom, graph::HeldState::kQuarantined, offered, &d));
        break;
      case GateOutcome::kNoise:
      case GateOutcome::kTransient:
        FACTLINE_RETURN_IF_ERROR(Drop(w, atom, ActionFor(v.outcome), &d));
        break;
      case GateOutcome::kPass:
        break;
    }
    decisions->push_back(std::move(d));
    return Status::Ok();
  }
  if (atom.ends) {
    FACTLINE_RETURN_IF_ERROR(End(w, atom, cardinality, &d));
    decisions->push_back(std::move(d));
    return Status::Ok();
  }
  Atom statement;  // what EndChanged reads: the words and the intents
  statement.text = atom.text;
  statement.subject = atom.subject;
  statement.value = atom.value;
  statement.replaces = atom.replaces;
  FACTLINE_RETURN_IF_ERROR(
      Resolve(w, std::move(atom), cardinality, slot_current, offered, &d));
  FACTLINE_RETURN_IF_ERROR(EndReplaced(w, statement.replaces, cardinality, &d));
  FACTLINE_RETURN_IF_ERROR(EndChanged(w, statement, cardinality, &d));
  decisions->push_back(std::move(d));
  return Status::Ok();
}

Status Resolver::Impl::Resolve(graph::Writer& w, Atom atom,
                               Cardinality cardinality,
                               const std::vector<Atom>& slot_current,
                               double offered, Decision* d) {
  Choice choice;
  FACTLINE_RETURN_IF_ERROR(
      options.policy->Choose(w, atom, cardinality, slot_current, &choice));
  d->reason =
      d->reason.empty() ? choice.reason : d->reason + "; " + choice.reason;
  std::vector<AtomId> close;
  if (choice.kind == Choice::Kind::kReinforce) {
    return Reinforce(w, choice.targets.at(0), atom, d);
  }
  if (options.policy->PlacesOnTimeline()) {
    const Timestamp now = NowMicros();
    bool current = false;
    FACTLINE_RETURN_IF_ERROR(
        internal::PlaceAtom(w, &atom, cardinality, now, &close, &current));
    d->action = !current        ? Action::kStoredAsHistory
                : close.empty() ? Action::kAdded
                                : Action::kSuperseded;
    if (!current) d->reason += "; not current now (valid-time timeline)";
    return Stored(w, atom, cardinality, close, offered, now, d);
  }
  switch (choice.kind) {
    case Choice::Kind::kReinforce:
      break;
    case Choice::Kind::kHistoryOnly: {
      FACTLINE_ASSIGN_OR_RETURN(Atom newer, w.GetAtom(choice.targets.at(0)));
      atom.superseded_by = newer.id;
      atom.superseded_at = newer.tx_time;
      d->action = Action::kStoredAsHistory;
      break;
    }
    case Choice::Kind::kSupersede:
      if (!choice.targets.empty()) atom.supersedes = choice.targets.front();
      close = choice.targets;
      [[fallthrough]];
    case Choice::Kind::kAdd:
      d->action = close.empty() ? Action::kAdded : Action::kSuperseded;
      break;
  }
  FACTLINE_RETURN_IF_ERROR(internal::StoreAtom(w, &atom, cardinality, close));
  return Stored(w, atom, cardinality, close, offered, kNoTime, d);
}

Status Resolver::Impl::Stored(graph::Writer& w, const Atom& atom,
                              Cardinality cardinality,
                              const std::vector<AtomId>& close, double offered,
                              Timestamp placed_at, Decision* d) {
  d->atom = atom.id;
  d->closed = close;
  options.policy->Stored(atom);
  if (!options.audit) return Status::Ok();
  FACTLINE_ASSIGN_OR_RETURN(std::uint64_t version,
                            internal::SlotVersion(w, atom));
  return internal::AppendAuditText(
      w, atom.id, ToString(d->action),
      internal::StoredDetail(atom, cardinality, d->reason, d->verdicts, close,
                             offered, version, placed_at));
}

Status RederiveSlot(graph::Writer& writer, EntityId subject,
                    RelationId relation, Cardinality cardinality) {
  return internal::RederiveSlot(writer, subject, relation, cardinality,
                                NowMicros());
}

Status Resolver::Impl::Reinforce(graph::Writer& w, AtomId target,
                                 const Atom& incoming, Decision* d) {
  FACTLINE_ASSIGN_OR_RETURN(Atom existing, w.GetAtom(target));
  const double previous = existing.provenance.confidence;
  const double next = std::max(previous, incoming.provenance.confidence);
  FACTLINE_RETURN_IF_ERROR(
      internal::ReinforceAtom(w, target, incoming.provenance.source, next,
                              incoming.tx_time, &existing));
  bool placed = false;
  FACTLINE_RETURN_IF_ERROR(internal::PlaceReinforcement(
      w, existing, incoming.valid_from, incoming.valid_to, &placed));
  d->action = Action::kReinforced;
  d->atom = target;
  if (!options.audit) return Status::Ok();
  nlohmann::json detail = {
      {"reason", d->reason},
      {"value", incoming.value},
      {"origin", ToString(incoming.provenance.origin)},
      {"source", incoming.provenance.source},
      {"prev_confidence", previous},
      {"new_confidence", next},
      {"refreshed", incoming.tx_time},
  };
  if (placed) {
    detail["placed_from"] = incoming.valid_from;
    detail["placed_to"] = incoming.valid_to;
  }
  if (!d->verdicts.empty()) detail["verdicts"] = VerdictsJson(d->verdicts);
  FACTLINE_ASSIGN_OR_RETURN(detail["version"],
                            internal::SlotVersion(w, existing));
  return Audit(w, target, ToString(Action::kReinforced), std::move(detail));
}

Status Resolver::Impl::Hold(graph::Writer& w, const Atom& atom,
                            graph::HeldState state, double offered,
                            Decision* d) {
  graph::HeldItem item;
  item.state = state;
  item.atom = atom;
  item.atom.id = kNoAtom;
  item.held_at = NowMicros();
  item.reason = d->reason;
  // The atom's write intents are not stored with it; they ride along with
  // the verdicts so that approving does what the statement said.
  nlohmann::json verdicts = VerdictsJson(d->verdicts);
  internal::AddIntents(atom, &verdicts);
  item.detail =
      verdicts.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  FACTLINE_RETURN_IF_ERROR(w.PutHeld(&item));
  d->action =
      state == graph::HeldState::kPending ? Action::kQueued : Action::kRejected;
  d->held = item.id;
  return Audit(w, kNoAtom, ToString(d->action),
               {{"reason", d->reason},
                {"verdicts", VerdictsJson(d->verdicts)},
                {"item", internal::HeldJson(item)},
                {"prev_confidence", offered},
                {"new_confidence", atom.provenance.confidence}},
               item.held_at);
}

Status Resolver::Impl::Drop(graph::Writer& w, const Atom& atom, Action action,
                            Decision* d) {
  d->action = action;
  const Provenance& p = atom.provenance;
  const std::string text =
      !atom.text.empty()
          ? atom.text
          : atom.subject + " " + atom.relation + " " + atom.value;
  nlohmann::json detail = {
      {"reason", d->reason},
      {"verdicts", VerdictsJson(d->verdicts)},
      {"text", internal::Excerpt(text)},
      {"category", ToString(atom.category)},
      {"origin", ToString(p.origin)},
  };
  if (!p.model_id.empty()) detail["model_id"] = p.model_id;
  if (!p.session_id.empty()) detail["session_id"] = p.session_id;
  if (!p.source.empty()) detail["source"] = p.source;
  return Audit(w, kNoAtom, ToString(action), std::move(detail));
}

Status Resolver::Impl::Audit(graph::Writer& w, AtomId atom,
                             std::string_view action, nlohmann::json detail,
                             Timestamp time) {
  if (!options.audit) return Status::Ok();
  return internal::AppendAudit(w, atom, action, std::move(detail), time);
}

}  // namespace factline::resolver
