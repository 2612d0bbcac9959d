// Resolver's state and pipeline steps, shared by resolver.cc (Write) and
// gate_review.cc (approval, quarantine, verification).
#ifndef FACTLINE_RESOLVER_INTERNAL_RESOLVER_IMPL_H_
#define FACTLINE_RESOLVER_INTERNAL_RESOLVER_IMPL_H_

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "resolver/internal/gate_apply.h"
#include "resolver/internal/gate_stages.h"
#include "resolver/resolver.h"

namespace factline::resolver {

// What a statement's words say about change (gate_change.cc): `change`
// ("now", "instead", "these days", a verb of change), `additive` ("also",
// "too", "as well", "another"), in the atom's text outside its own subject
// and value.
struct ChangeMarkers {
  bool change = false;
  bool additive = false;
};
ChangeMarkers ReadChangeMarkers(const Atom& atom);

struct Resolver::Impl {
  graph::Store* store = nullptr;
  ResolverOptions options;
  const Lexicon* lexicon = nullptr;
  Status init;  // an invalid gate config; returned by every call
  std::shared_ptr<const TextScreen> screen;  // null when the gate is off
  internal::StageInput stage_input;          // read by the stages per atom
  // Built-in stages, then options.gate's.
  std::vector<GateStage*> stages;
  std::vector<std::unique_ptr<GateStage>> builtin;

  Status Init();

  // Runs one atom through the gate and the policy inside the transaction;
  // appends its decision. `screened`: its parse-time verdict or nullptr.
  Status ApplyOne(graph::Writer& w, std::size_t index, Atom atom,
                  const GateVerdict* screened,
                  std::vector<Decision>* decisions);
  // The slot the atom lands in: its cardinality and current atoms. Reads
  // only, so gate refusals leave no trace in the graph.
  Status LoadSlot(const graph::Reader& r, const Atom& atom,
                  Cardinality* cardinality, std::vector<Atom>* current);
  // The supersession policy's choice, applied and audited. `offered`: the
  // confidence the caller gave (before hedging).
  Status Resolve(graph::Writer& w, Atom atom, Cardinality cardinality,
                 const std::vector<Atom>& slot_current, double offered,
                 Decision* d);
  // Records a stored atom in the decision, tells the policy and audits it.
  // `placed_at`: the `now` of PlaceAtom, kNoTime without the timeline.
  Status Stored(graph::Writer& w, const Atom& atom, Cardinality cardinality,
                const std::vector<AtomId>& close, double offered,
                Timestamp placed_at, Decision* d);
  // Whether `owner` (a value of the slot at `from`) already covers what an
  // atom stated over [from, to) would cover on the timeline.
  static bool Covers(const std::vector<graph::ValidSegment>& timeline,
                     Cardinality cardinality, const Atom& owner, Timestamp from,
                     Timestamp to);
  // Reinforces `target` with the incoming atom's source and confidence.
  Status Reinforce(graph::Writer& w, AtomId target, const Atom& incoming,
                   Decision* d);
  // Holds the atom (review queue or quarantine).
  Status Hold(graph::Writer& w, const Atom& atom, graph::HeldState state,
              double offered, Decision* d);
  // A statement that its value stopped (Atom::ends): ends the slot's
  // current atoms with that value (gate_end.cc); nothing new is stored.
  Status End(graph::Writer& w, const Atom& statement, Cardinality cardinality,
             Decision* d);
  // After d->atom was stored (added or superseding): ends the slot's
  // current value that `replaces` names ("V instead of Y"), if any.
  Status EndReplaced(graph::Writer& w, const std::string& replaces,
                     Cardinality cardinality, Decision* d);
  // Ends the current atoms of `statement`'s slot that `said` names (other
  // than `except`, the atom that replaced them) at `end`; adds them to
  // d->closed and audits one "ended" record.
  Status EndNamed(graph::Writer& w, const Atom& statement,
                  std::string_view said, Timestamp end, AtomId except,
                  Cardinality cardinality, Decision* d);
  // Before the gate: a statement of change whose own slot is empty is
  // moved to the subject's slot it names (gate_change.cc); adds a "slot"
  // verdict saying so.
  Status Rekey(graph::Writer& w, Atom* atom, Decision* d);
  // Before Rekey: a phrase no lexicon relation takes is keyed on the one
  // relation among its near (or, in a statement of change, cue) relations
  // whose slot the store already holds for the subject, or backwards for
  // the value (Atom::near_relations; gate_change.cc). Adds a "slot" verdict.
  Status KeyByStore(graph::Writer& w, Atom* atom, Decision* d);
  // Calls `found` with each one-valued, not stable relation in which
  // `subject` holds a current value of two or more words with head noun
  // `head` (ValueHead).
  Status SlotsWithHead(graph::Writer& w, EntityId subject,
                       const std::string& head,
                       const std::function<void(const std::string&)>& found);
  // After d->atom was stored in a many-valued slot: a change marker without
  // an additive one ends the slot's other values where it starts.
  Status EndChanged(graph::Writer& w, const Atom& statement,
                    Cardinality cardinality, Decision* d);
  // Quarantine's body inside the transaction: withdraws `atom` (not yet
  // quarantined), holds it as a quarantined item with `reason` and
  // reinstates the values it had superseded when it was current; audits
  // each change (`extra` is merged into the quarantine's detail). Appends
  // the reinstated atoms to *reinstated.
  Status QuarantineOne(graph::Writer& w, const Atom& atom,
                       const std::string& reason, const nlohmann::json& extra,
                       Decision* d, std::vector<AtomId>* reinstated);
  // Appends an audit record unless options.audit is off.
  Status Audit(graph::Writer& w, AtomId atom, std::string_view action,
               nlohmann::json detail, Timestamp time = 0);
  // Audits a dropped line (noise, transient).
  Status Drop(graph::Writer& w, const Atom& atom, Action action, Decision* d);
};

}  // namespace factline::resolver

#endif  // FACTLINE_RESOLVER_INTERNAL_RESOLVER_IMPL_H_
