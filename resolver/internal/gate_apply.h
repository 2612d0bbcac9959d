// The write path's mutation primitives and their audit encoding, shared by
// the live pipeline (resolver.cc, gate_review.cc) and ReplayAudit
// (gate_replay.cc). Each primitive changes the graph exactly as the audit
// record written for it describes, so replaying the log reproduces the
// store. Not thread-safe; callers hold the store's write transaction.
#ifndef FACTLINE_RESOLVER_INTERNAL_GATE_APPLY_H_
#define FACTLINE_RESOLVER_INTERNAL_GATE_APPLY_H_

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "resolver/resolver.h"

namespace factline::resolver::internal {

// A held atom's write intents (Atom::ends, Atom::replaces), which the
// atom record does not keep: added to its verdicts array as
// "intent: ..." strings when it is held, read back when it is approved.
void AddIntents(const Atom& atom, nlohmann::json* verdicts);
void ReadIntents(std::string_view detail, Atom* atom);

// Audit action names beyond ToString(Action).
inline constexpr const char* kActionApproved = "approved";
inline constexpr const char* kActionQuarantined = "quarantined";
inline constexpr const char* kActionReinstated = "reinstated";
inline constexpr const char* kActionVerified = "verified";
inline constexpr const char* kActionExpired = "expired";

// Stores a new atom without the timeline (baseline policies): interns its
// relation with `cardinality`, inserts it, closes each of `close`
// (superseded_by, superseded_at, out of its slot's current set; the stated
// valid_to is kept) and makes the atom current unless atom->superseded_by
// is set (a history-only arrival).
Status StoreAtom(graph::Writer& w, Atom* atom, Cardinality cardinality,
                 const std::vector<AtomId>& close);
// Ends a stored atom at `end` because a later statement said its value
// stopped ("Alice no longer works at Acme"): its valid_to becomes `end`, the
// only write that changes a stated interval, and only an open (or later)
// end is moved earlier. The "ended" audit record keeps the statement and
// the previous valid_to. The slot is then derived again with `now`
// (RederiveSlot); a slot without a timeline (baseline policies) just drops
// the atom from its current set. *previous receives the old valid_to.
Status EndAtom(graph::Writer& w, AtomId id, Timestamp end, Timestamp now,
               Timestamp* previous);
// Stores a new atom on its slot's valid-time timeline (docs/valid_time.md):
// interns its relation with `cardinality`, inserts it, places it with
// graph::PlaceOnTimeline, marks each atom whose effective end moved earlier
// as superseded by it (superseded_by, superseded_at = atom->tx_time), and
// sets the slot's current atoms to the timeline's owners at `now`. Stated
// intervals are never changed. *closed receives the superseded atoms,
// *current whether the new atom is current.
Status PlaceAtom(graph::Writer& w, Atom* atom, Cardinality cardinality,
                 Timestamp now, std::vector<AtomId>* closed, bool* current);
// A reinforcement of `target` by a statement over [from, to): on a
// one-valued slot with a timeline the interval is placed under target's id
// (the value stays the same; the boundary at `from` is kept, so later open
// statements end where the model says). *placed says whether it was.
Status PlaceReinforcement(graph::Writer& w, const Atom& target, Timestamp from,
                          Timestamp to, bool* placed);
// Re-derives a slot's timeline, supersession links and current atoms from
// its history (graph::DeriveTimeline), e.g. after a quarantine or a
// cardinality change. A slot that has no timeline gets one.
Status RederiveSlot(graph::Writer& w, EntityId subject, RelationId relation,
                    Cardinality cardinality, Timestamp now);
// Appends `source` (when not empty) to the atom's reinforcements, sets its
// confidence and its refresh time. *out receives the updated atom.
Status ReinforceAtom(graph::Writer& w, AtomId target, const std::string& source,
                     double confidence, Timestamp refreshed, Atom* out);
// Marks a stored atom rejected and drops it from the current set; a slot
// with a timeline is re-derived without it (its stated interval is kept).
Status QuarantineAtom(graph::Writer& w, AtomId id);
// Makes a closed atom current again: re-derives a slot with a timeline;
// otherwise clears superseded_by and adds it to the current set.
Status ReinstateAtom(graph::Writer& w, AtomId id);
// Sets an atom's verification; `refreshed` (kNoTime: unchanged) restarts
// its decay clock.
Status SetAtomVerification(graph::Writer& w, AtomId id,
                           Verification verification, Timestamp refreshed);

// The slot's size of history: the atom's version in its slot.
Result<std::uint64_t> SlotVersion(const graph::Reader& r, const Atom& atom);

// JSON forms used in audit details. AtomFromJson and HeldFromJson return
// Corruption naming the missing or malformed field.
nlohmann::json AtomJson(const Atom& atom);
Status AtomFromJson(const nlohmann::json& j, Atom* atom);
nlohmann::json HeldJson(const graph::HeldItem& item);
Status HeldFromJson(const nlohmann::json& j, graph::HeldItem* item);
// ["noise: pass", "contradiction: queue #5 (contradicts current ...)", ...]
nlohmann::json VerdictsJson(const std::vector<GateVerdict>& verdicts);

// The detail of a stored atom ("added", "superseded", "stored-as-history"),
// written directly rather than through a JSON tree: it is built once per
// atom on the write path. Same keys as the tree the other records use.
// `placed_at`: the `now` PlaceAtom ran with (kNoTime: stored without the
// timeline); replay places the atom again with it.
std::string StoredDetail(const Atom& atom, Cardinality cardinality,
                         const std::string& reason,
                         const std::vector<GateVerdict>& verdicts,
                         const std::vector<AtomId>& closed, double offered,
                         std::uint64_t version, Timestamp placed_at = kNoTime);
Status AppendAuditText(graph::Writer& w, AtomId atom, std::string_view action,
                       std::string detail);

// Serialises `detail` and appends an audit record. Oversized details (long
// text) have their longest strings shortened so the record always fits;
// such a record is marked "truncated" and replays without those bytes.
Status AppendAudit(graph::Writer& w, AtomId atom, std::string_view action,
                   nlohmann::json detail, Timestamp time = 0);

// Text kept in audit records of lines that were dropped (noise, transient).
std::string Excerpt(std::string_view text);

}  // namespace factline::resolver::internal

#endif  // FACTLINE_RESOLVER_INTERNAL_GATE_APPLY_H_
