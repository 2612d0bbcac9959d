// query: the read path and factline::Memory, the facade embedders use.
//
// A Memory owns one store directory: the LMDB graph, the write pipeline and
// the parser. Results are provenance-weighted views of atoms: each carries
// the atom, the atoms it superseded, and a one-line account of why it is
// trusted. Thread safety: all const methods may run concurrently with each
// other and with one writer; Remember* calls are serialised internally.
//
// Processes: several processes may each open one Memory on the same
// directory (LMDB's lock file): reads never block, writes from all of them
// are serialised by LMDB's writer lock, ids come from counters read inside
// each write transaction, and every read (Ask's cached index included, keyed
// on the store's counts) sees the latest commit of any process. The HNSW
// side-index is a cache each process saves on close; a copy overwritten by
// another process is detected and rebuilt. Within one process, open a
// directory once and share the Memory: two Memory objects on one directory
// in one process are not allowed (LMDB forbids opening one environment
// twice per process; closing one breaks the other's locks). Never use a
// Memory in a child after fork(); open a new one there.
// tests/query/threads_test.cc checks both contracts.
#ifndef FACTLINE_QUERY_QUERY_H_
#define FACTLINE_QUERY_QUERY_H_

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "atoms/atoms.h"
#include "graph/graph.h"
#include "resolver/resolver.h"

namespace factline {

struct MemoryOptions {
  graph::StoreOptions store;
  const Lexicon* lexicon = nullptr;  // nullptr: Lexicon::Builtin()
  // A user lexicon file merged over `lexicon` (after <path>/lexicon.json,
  // which Open merges whenever the store directory has one); the Memory
  // owns the merged lexicon and builds its parser from it. Empty: none.
  std::string lexicon_path;
  // A writable Open records the user lexicon's declared cardinalities
  // (DeclareCardinality) and fails when one contradicts stored data; false
  // skips that (`factline relations set`, which applies one on purpose).
  bool apply_declared_cardinality = true;
  // nullptr: factline's keyed supersession.
  std::unique_ptr<resolver::SupersessionPolicy> policy;
  // Extra gate stages, run after the built-in ones (resolver::GateStage).
  std::vector<std::unique_ptr<resolver::GateStage>> gate;
  // The write-time gate (docs/gate.md); enabled = false: the bare path.
  resolver::GateConfig gate_config;
  // Near-duplicate lookup for the duplicate stage (the HNSW side-index);
  // empty: exact duplicates only.
  resolver::NearDuplicateFn near_duplicate;
  // The entity that "I", "my", "the user" (and "you" in assistant lines)
  // name in remembered text.
  std::string user_entity = "user";
};

// Which held items Memory::Held lists.
enum class HeldFilter { kPending, kQuarantined, kAll };

// One atom as a query returns it.
struct FactView {
  Atom atom;
  std::vector<Atom> superseded;  // atoms this one closed, newest first
  std::string why;               // provenance and standing, one line
  // Where the atom is its slot's value on the valid-time axis, derived from
  // the stated intervals (docs/valid_time.md); for AsOf on the transaction
  // axis, as derived from what was known then. Empty: overridden
  // everywhere (by a later statement with the same start) or never stated
  // over a non-empty interval.
  std::vector<graph::ValidSegment> effective;
};

// Order of Memory::History.
enum class HistoryOrder {
  kTransaction,  // as learned (tx_time, then atom id)
  kValid,        // by effective start (stated start when overridden)
};

// An atom due for re-verification (Memory::DueForReverification).
struct DueAtom {
  FactView fact;
  double age_days = 0;  // since stored, reinforced or last verified
  double weight = 0;    // retrieval weight now
};

// One line of text to remember.
struct TextFact {
  std::string text;
  Provenance provenance;
  Category category = Category::kFact;
  Timestamp tx_time = kNoTime;     // kNoTime: now
  Timestamp valid_from = kNoTime;  // kNoTime: tx_time (or its time words)
  // Said by the assistant: "you/your" is the user, "I" the assistant.
  bool from_assistant = false;
};

// A line that produced no atom, and why.
struct Unparsed {
  std::size_t index = 0;  // position in the input batch
  std::string text;
  std::string reason;
};

struct RememberReport {
  std::vector<resolver::Decision> decisions;  // input_index: batch position
  std::vector<Unparsed> unparsed;
};

enum class TimeAxis { kTransaction, kValid };

// A stored relation with its cardinality and atom counts
// (Memory::Relations, `factline relations list`).
struct RelationInfo {
  std::string key;   // as stored: lexicon id or normalised phrase
  std::string name;  // the lexicon's name; empty when no lexicon knows it
  Cardinality cardinality = Cardinality::kOne;  // as the store applies it
  bool declared = false;  // the lexicon in use declares a cardinality
  Cardinality declared_cardinality = Cardinality::kOne;
  std::size_t atoms = 0;       // every atom, past ones included
  std::size_t current = 0;     // current atoms
  std::size_t slots = 0;       // subjects with any atom of it
  std::size_t superseded = 0;  // atoms another atom superseded
};

// One step of an answer's reasoning chain.
struct Hop {
  FactView fact;
  double relation_score = 0;  // how well the relation matched the question
  bool cued = true;           // false: a hop the question leaves implicit
};

struct Answer {
  std::string text;  // the answer, or "unknown"; values joined by ", "
  // Every value of a many-valued slot true at the asked time (its current
  // atoms then), best first; empty for one-valued answers.
  std::vector<std::string> values;
  bool known = false;
  double score = 0;         // confidence of the whole chain in [0, 1]
  std::string subject;      // entity the question was found to be about
  std::vector<Hop> chain;   // from the subject to the answer, in hop order
  std::string explanation;  // why this answer, or why unknown
  // Up to ten candidate atoms ranked as a retrieval system would return them
  // (used for the benchmark's retrieval figures).
  std::vector<FactView> ranked;
  // "single-hop" (a question template named the slot), "multi-hop" (a
  // path search over the graph) or "none".
  std::string method = "none";
  // Relation keys the question's words point to, strongest first; lets a
  // caller tell "no cue for this relation" from "the wrong path won".
  std::vector<std::string> cued_relations;
};

struct AskOptions {
  Timestamp as_of = kForever;  // transaction time to answer at
  int max_hops = 4;
  // When a slot holds several current values (supersession switched off),
  // prefer the newest. Off reproduces a store with no notion of recency:
  // the value whose sentence shares most words with the question wins, ties
  // to the older one.
  bool prefer_recent = true;
  // Bound on the paths enumerated per candidate subject.
  std::size_t max_paths = 20000;
  // When the question's subject is not a stored entity, retry once with the
  // nearest entity name from the side-index if its cosine is at least
  // fuzzy_min_similarity ("Nobuhiro Watsuky" -> "Nobuhiro Watsuki"); the
  // explanation reports the match and its similarity.
  bool fuzzy = true;
  double fuzzy_min_similarity = 0.7;
};

// One result of Memory::Search or Memory::FindEntities.
struct SearchHit {
  FactView fact;       // Search: the matched current atom
  std::string entity;  // FindEntities: the entity's display name
  double score = 0;    // cosine similarity in [-1, 1]
};

// One slot whose value(s) differ between two transaction times
// (Memory::Diff): the values the store held current at each, and the last
// change between them that altered what it held.
struct SlotChange {
  std::string subject;       // display form
  std::string relation;      // relation key
  std::vector<Atom> before;  // current at t1, as they stood then
  std::vector<Atom> after;   // current at t2, as they stood then
  // "added" (a value learned beside or in place of none), "superseded" (a
  // value learned in place of another), "approved" (a held item stored by
  // review), "quarantined" (a value withdrawn; what it had superseded came
  // back), "expired" (a stated end passed on the valid-time axis, or a
  // statement ended it) or "started" (a stated start arrived).
  std::string decision;
  Timestamp decided_at = 0;  // when: tx_time, or the quarantine or bound
  // The atom the decision concerns: the value learned or approved, the one
  // quarantined or expired. Its provenance names the origin, model,
  // session and source behind the change.
  Atom by;
  std::string reason;  // the quarantine's or review's reason, else empty
};

class Memory {
 public:
  // Opens or creates the store at `path`. See graph::Store::Open for errors.
  static Result<std::unique_ptr<Memory>> Open(const std::string& path,
                                              MemoryOptions options = {});
  ~Memory();
  Memory(const Memory&) = delete;
  Memory& operator=(const Memory&) = delete;

  // Parses each fact's text into an atom and writes all of them in one
  // transaction. Lines with no atom are reported in `unparsed` with the
  // reason, never dropped silently; so are lines the parser or the write
  // path refuses (invalid UTF-8, a control character, oversized text, a
  // field without a letter or digit), and the rest of the batch is written.
  // Other errors (storage) fail the whole batch and name the line.
  Result<RememberReport> Remember(const std::vector<TextFact>& facts);
  // Convenience: one fact per line of `text`, all with `provenance`. A
  // leading list number ("12. ") is stripped.
  Result<RememberReport> Remember(std::string_view text,
                                  const Provenance& provenance);
  // Writes structured atoms in one transaction.
  Result<std::vector<resolver::Decision>> RememberAtoms(
      std::vector<Atom> atoms);

  // Current value(s) of (subject, relation). Relation may be a lexicon id, a
  // name or a phrase. Empty when nothing is known.
  Result<std::vector<FactView>> Current(std::string_view subject,
                                        std::string_view relation) const;
  // Every value the slot ever had, oldest transaction first (quarantined
  // atoms are left out; Held(HeldFilter::kQuarantined) lists them).
  Result<std::vector<FactView>> History(
      std::string_view subject, std::string_view relation,
      HistoryOrder order = HistoryOrder::kTransaction) const;
  // The subject's values on the valid-time axis: one slot's (relation not
  // empty) or every slot's, grouped by relation, each in valid-time order,
  // with stated and effective intervals and when each was learned and
  // superseded (Atom::tx_time, superseded_at). Quarantined atoms are left
  // out. Empty when nothing is known.
  Result<std::vector<FactView>> Timeline(std::string_view subject,
                                         std::string_view relation = {}) const;
  // The value(s) as the store stood at transaction time `t` (derived from
  // the atoms learned by `t` only: no end or supersession learned later),
  // or the values valid at `t` by today's knowledge (TimeAxis::kValid: the
  // slot's timeline owner(s) at `t`; a gap is an empty answer).
  Result<std::vector<FactView>> AsOf(std::string_view subject,
                                     std::string_view relation, Timestamp t,
                                     TimeAxis axis) const;
  // Every slot whose current value(s) at transaction time `t2` differ from
  // those at `t1` (compared by normalised value), each with the last change
  // between the two that altered them; a value changed and changed back is
  // no difference. "Current at t" is as the store believed at t (AsOf on
  // the transaction axis), quarantined atoms counting as current until
  // their quarantine. `subject` not empty: that subject's slots only (an
  // unknown subject: none). Ordered by subject, then relation.
  // InvalidArgument when t2 is before t1.
  Result<std::vector<SlotChange>> Diff(Timestamp t1, Timestamp t2,
                                       std::string_view subject = {}) const;
  // All current atoms whose subject is `subject`.
  Result<std::vector<FactView>> Entity(std::string_view subject) const;
  // Answers a natural-language question from the current graph (or the
  // graph as it stood at options.as_of): a question template first, then a
  // search for the path from the entity the question names whose relations
  // best explain its words. Never guesses: with no entity or no cued
  // relation the answer is "unknown" (known == false) with an explanation.
  // Errors are storage errors and InvalidArgument for empty or non-UTF-8
  // questions. Per-snapshot lookup structures are built on the first call
  // after a write and shared by later calls; safe from any thread.
  Result<Answer> Ask(std::string_view question,
                     const AskOptions& options = {}) const;

  Result<graph::StoreStats> Stats() const;

  // Relations the store holds, by key (query/relations.cc).
  Result<std::vector<RelationInfo>> Relations() const;
  // Declares a relation's cardinality for this store (a JSONL `cardinality`
  // field, a user lexicon). Recorded when the relation is new or its stored
  // data reads the same either way; InvalidArgument naming the relation and
  // a slot when re-deriving would change stored history (use
  // SetCardinality). `relation` is a key, id or lexicon name.
  Status DeclareCardinality(std::string_view relation, Cardinality cardinality);
  // Applies a cardinality and re-derives every slot of the relation
  // (resolver::RederiveSlot). Returns the number of slots re-derived.
  // NotFound when the store has no such relation.
  Result<std::size_t> SetCardinality(std::string_view relation,
                                     Cardinality cardinality);
  Result<std::vector<graph::AuditRecord>> Audit(std::uint64_t since,
                                                std::size_t limit) const;

  const Parser& parser() const;
  const Lexicon& lexicon() const;
  // The store, read-only (Read, Backup, counts): every write goes through
  // Remember*, the gate and the audit log, never around them.
  const graph::Store& store() const;

  // What Remember would read from one line, and why: the atom, the rule or
  // template, the relation mapping (score, evidence), the time bounds. The
  // context's user defaults to MemoryOptions::user_entity; a null ctx reads
  // the line alone as the user's. NotFound (with the reason) when the line
  // holds no statement. Stores nothing.
  Result<ParsedFact> Parse(std::string_view sentence,
                           ParseContext* ctx = nullptr) const;
  // The cardinality a relation key gets: the lexicon's, else by the shape
  // of its phrase; *by_shape says which.
  Cardinality CardinalityFor(std::string_view relation_key,
                             bool* by_shape = nullptr) const;

  // -------------------------------------------------------------------------
  // Fuzzy lookup through the HNSW side-index (index/index.h). The index is
  // opened on first use (loaded, or rebuilt from the graph when missing,
  // stale or damaged), brought up to date with the graph before every
  // lookup, and saved when the Memory is destroyed.
  // The k current atoms whose text is nearest to `text`.
  Result<std::vector<SearchHit>> Search(std::string_view text, int k) const;
  // The k entities whose names are nearest to `name` (typos, case, word
  // order, extra words).
  Result<std::vector<SearchHit>> FindEntities(std::string_view name,
                                              int k) const;
  // One line on how the side-index was opened ("loaded", "rebuilt: ..."),
  // empty until first use.
  std::string IndexReport() const;

  // Gate, review and audit (docs/gate.md). Writes serialise with Remember*;
  // reads may run from any thread.

  // Remembers a conversation chunk with role tags (resolver::SplitTurns).
  // The chunk is scored for significance, tiered by its share of human
  // text; a chunk below its tier is dropped as noise (one decision). Else
  // tool and system turns are dropped as noise and each sentence of a human
  // turn (origin human, confidence 1, the provenance's session and source)
  // or assistant turn (`provenance` as given) is remembered like a Remember
  // line. input_index and Unparsed::index are turn positions.
  // InvalidArgument for a chunk without role tags.
  Result<RememberReport> RememberConversation(std::string_view chunk,
                                              const Provenance& provenance);
  // Held items (the review queue, quarantine), by id.
  Result<std::vector<graph::HeldItem>> Held(
      HeldFilter filter = HeldFilter::kPending) const;
  // See resolver::Resolver::Approve, RejectHeld, Quarantine.
  Result<resolver::Decision> Approve(std::uint64_t item,
                                     const resolver::ReviewEdit& edit = {},
                                     std::string_view reason = "");
  Status RejectHeld(std::uint64_t item, std::string_view reason);
  Result<resolver::Decision> Quarantine(AtomId atom, std::string_view reason);
  // See resolver::Resolver::QuarantineWhere: undoes a session, model or
  // origin in one transaction (`factline quarantine --session`).
  Result<resolver::BulkQuarantine> QuarantineWhere(
      const resolver::AtomFilter& filter, std::string_view reason,
      std::size_t max_atoms);
  // Re-verification: verified restarts the atom's decay clock.
  Status MarkVerified(AtomId atom, std::string_view reason);
  Status MarkExpired(AtomId atom, std::string_view reason);
  // Current atoms older than reverify.min_age_days (since stored, reinforced
  // or verified) with confidence above reverify.min_confidence, oldest
  // first; expired atoms are left out.
  Result<std::vector<DueAtom>> DueForReverification(
      Timestamp now = NowMicros()) const;
  // The atom's retrieval weight at `now` (resolver::RetrievalWeight).
  Result<double> Weight(AtomId atom, Timestamp now = NowMicros()) const;
  // Audit records with seq >= since that concern `atom`
  // (resolver::AuditConcerns), at most limit of them.
  Result<std::vector<graph::AuditRecord>> AuditOf(AtomId atom,
                                                  std::uint64_t since,
                                                  std::size_t limit) const;
  // Gate outcomes, writes by origin per hour, signal-to-noise.
  Result<resolver::GateReport> GateStats() const;
  // Replays the audit log into a new store at `scratch_dir` (created; must
  // not hold a store yet) and compares it with this one.
  Result<resolver::ReplayReport> CheckReplay(
      const std::string& scratch_dir) const;
  const resolver::GateConfig& gate_config() const;

 private:
  Memory();
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace factline

#endif  // FACTLINE_QUERY_QUERY_H_
