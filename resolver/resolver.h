// resolver: the write path. Every atom passes a pipeline of stages before it
// reaches the graph: validation (fields, sizes, UTF-8, times), the gate
// stages (noise, transient, confidence; see GateStage), then the supersession
// policy, which decides whether the atom is new, supersedes the current value
// of its (subject, relation) slot, reinforces an identical value, or is a late
// arrival that belongs in history. The decision is applied and audited in the
// same LMDB transaction. A Resolver is not thread-safe: callers serialise
// Write (Memory does). The store must outlive the resolver.
#ifndef FACTLINE_RESOLVER_RESOLVER_H_
#define FACTLINE_RESOLVER_RESOLVER_H_

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "atoms/atoms.h"
#include "graph/graph.h"

namespace factline::resolver {

enum class Action {
  kAdded,            // new current atom, nothing closed
  kSuperseded,       // new current atom; closed `other`
  kReinforced,       // same value as `other`; no new row, source recorded
  kStoredAsHistory,  // older than the current value; kept in history only
  kRejected,         // refused by a gate stage; nothing stored
};
std::string_view ToString(Action action);

// What happened to one input atom.
struct Decision {
  std::size_t input_index = 0;  // position in the Write() batch
  Action action = Action::kAdded;
  AtomId atom = kNoAtom;       // stored atom (or the reinforced one)
  std::vector<AtomId> closed;  // atoms this one superseded
  std::string reason;          // human-readable why
};

// What a supersession policy wants done with an incoming atom.
struct Choice {
  enum class Kind { kAdd, kSupersede, kReinforce, kHistoryOnly };
  Kind kind = Kind::kAdd;
  std::vector<AtomId> targets;  // closed (kSupersede) or reinforced atom
  std::string reason;
};

// Decides how a new atom relates to what is stored. Called inside the write
// transaction, once per atom, in batch order; `reader` sees earlier atoms of
// the same batch. Stateful policies must treat BeginBatch as "forget what
// the previous attempt of this batch told you" (Update may rerun a batch).
class SupersessionPolicy {
 public:
  virtual ~SupersessionPolicy() = default;
  virtual void BeginBatch() {}
  virtual void CommitBatch() {}
  // `slot_current`: current atoms of the incoming atom's (subject, relation).
  virtual Status Choose(const graph::Reader& reader, const Atom& incoming,
                        Cardinality cardinality,
                        const std::vector<Atom>& slot_current,
                        Choice* choice) = 0;
  // Called after the atom is stored (with its id) so stateful policies can
  // index it.
  virtual void Stored(const Atom& /*atom*/) {}
};

// factline's rule: keyed on (subject, relation), never on string similarity.
// One-valued slots: a different value supersedes, the same value reinforces,
// an older valid_from goes to history. Many-valued slots add alongside.
std::unique_ptr<SupersessionPolicy> MakeKeyedPolicy();
// Baseline: nothing is ever superseded; identical values still reinforce.
std::unique_ptr<SupersessionPolicy> MakeNoSupersessionPolicy();
// Baseline used by other memory systems: the new atom supersedes the most
// similar current atom anywhere in the store when the token Jaccard
// similarity of their texts (Atom::text, else "subject relation value")
// exceeds `threshold`. Kept for ablations; it misses "ice hockey" ->
// "pesapallo" (0.70) and retires atoms of unrelated subjects.
std::unique_ptr<SupersessionPolicy> MakeJaccardPolicy(double threshold = 0.7);

// Lower-cased word tokens (ASCII letters/digits and any non-ASCII byte run)
// of `text`, deduplicated. Jaccard = |A n B| / |A u B|.
std::vector<std::string> WordTokens(std::string_view text);
double TokenJaccard(std::string_view a, std::string_view b);

// A check an atom must pass before it is stored (the write-time gate).
// Returning a non-OK Status fails the whole batch; setting *reject refuses
// only this atom with *reason.
class GateStage {
 public:
  virtual ~GateStage() = default;
  virtual std::string_view name() const = 0;
  virtual Status Check(const graph::Reader& reader, Atom* atom, bool* reject,
                       std::string* reason) = 0;
};

struct ResolverOptions {
  const Lexicon* lexicon = nullptr;              // nullptr: Lexicon::Builtin()
  std::unique_ptr<SupersessionPolicy> policy;    // nullptr: keyed
  std::vector<std::unique_ptr<GateStage>> gate;  // run in order
  bool audit = true;  // append one audit record per decision
};

class Resolver {
 public:
  Resolver(graph::Store* store, ResolverOptions options);
  ~Resolver();
  Resolver(const Resolver&) = delete;
  Resolver& operator=(const Resolver&) = delete;

  // Validates, gates, resolves and stores `atoms` in one write transaction
  // (the unit of durability). Missing times are stamped with NowMicros().
  // On error nothing of the batch is stored and the Status names the atom
  // (by batch index and subject) and the field at fault.
  Result<std::vector<Decision>> Write(std::vector<Atom> atoms);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Checks one atom's fields (non-empty, UTF-8, size limits, confidence range,
// valid_from <= valid_to). Exposed so callers can check before batching.
Status ValidateAtom(const Atom& atom);

}  // namespace factline::resolver

#endif  // FACTLINE_RESOLVER_RESOLVER_H_
