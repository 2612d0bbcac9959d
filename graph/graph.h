// graph: the temporal graph on LMDB, factline's source of truth.
//
// Entities are nodes (interned by normalised name), atoms are timed edges
// subject --relation--> value. A Store owns one LMDB environment in a
// directory. All reads run in a Reader (an MVCC snapshot); all writes run in
// Store::Update, whose callback may be re-run from scratch if the map had to
// grow, so it must not leak side effects outside the Writer it is given.
// Thread safety: a Store may be shared; Read and Update may be called from
// any thread (writers serialise). A Reader/Writer belongs to the call that
// received it and must not escape it; do not call Update from inside Read or
// Update (it would wait for itself). A GraphView copies the current atoms of
// a snapshot into a Boost.Graph for multi-hop paths.
#ifndef FACTLINE_GRAPH_GRAPH_H_
#define FACTLINE_GRAPH_GRAPH_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "atoms/atoms.h"

namespace factline::graph {

// Bumped whenever the on-disk layout changes; Open refuses other versions.
// 2: stated intervals kept, superseded_at, the `timeline` database.
// 3: atom, audit and held records carry a CRC32C. A format-2 store opened
//    read-only is read as it is; opened for writing it is migrated first
//    (every record sealed in one transaction, then stamped 3).
inline constexpr std::uint32_t kFormatVersion = 3;
inline constexpr std::uint32_t kOldestReadableFormatVersion = 2;

// Which opens walk every page of data.mdb first (see VerifyStoreFile).
enum class PageCheck : std::uint8_t { kNever, kWhenWritable, kAlways };

struct StoreOptions {
  std::size_t initial_map_bytes = 64u << 20;         // grown on MDB_MAP_FULL
  std::size_t max_map_bytes = std::size_t{1} << 40;  // growth stops here
  bool read_only = false;
  bool create_if_missing = true;
  bool sync = true;  // false: MDB_NOSYNC, durable only on clean close
  // When Open walks every page of an existing data.mdb (VerifyStoreFile)
  // before LMDB maps it. The walk reads the pages in use once (about 2 us
  // of CPU per 4 KiB page from the page cache, see tools/README.md), so by
  // default only a writable open pays it: nothing is ever written into a
  // damaged file.
  PageCheck page_check = PageCheck::kWhenWritable;
};

struct Entity {
  EntityId id = 0;
  std::string display;  // first display form seen
  std::string key;      // NormalizeKey(display)
};

struct Relation {
  RelationId id = 0;
  std::string key;  // canonical relation key ("P641", "works at")
  Cardinality cardinality = Cardinality::kOne;
};

// One piece of a slot's valid-time timeline: `atom` is the slot's value
// over [from, to) (to may be kForever: open). See docs/valid_time.md.
struct ValidSegment {
  Timestamp from = 0;
  Timestamp to = kForever;
  AtomId atom = kNoAtom;
  bool operator==(const ValidSegment&) const = default;
};

// The valid-time model (docs/valid_time.md, DESIGN.md section 1): places an
// atom stated over [from, to) on a slot's timeline (sorted by from).
// kMany: the stated interval is added as it is. kOne: a closed atom takes
// [from, to) over whatever is there (the earlier atoms keep the rest of
// their segments); an open atom (to == kForever) takes [from, next), next
// being the earliest segment start after `from` (open if none). An empty
// interval (from >= to) places nothing. Atoms must be placed in the order
// they were learned.
//
// `start_unstated(id)` (may be empty) tells an atom whose source stated no
// start (its from is the time it was learned, valid_from == tx_time). Such
// an atom bounds no later-learned open atom: "X lives in A" learned today,
// then "X moved to B last month" means B from last month on, not B until
// today and A after (docs/valid_time.md, "Undated values").
void PlaceOnTimeline(Cardinality cardinality, Timestamp from, Timestamp to,
                     AtomId atom, std::vector<ValidSegment>* timeline,
                     const std::function<bool(AtomId)>& start_unstated = {});
// The atoms whose segment holds t (at most one for a kOne timeline), in
// segment order, each once.
std::vector<AtomId> OwnersAt(const std::vector<ValidSegment>& timeline,
                             Timestamp t);
// The segments of `atom`, in order.
std::vector<ValidSegment> SegmentsOf(const std::vector<ValidSegment>& timeline,
                                     AtomId atom);
// Atoms of `before` whose effective end moved earlier (or who lost every
// segment) in `after`: the ones a placement superseded, by ascending id.
std::vector<AtomId> EndedEarlier(const std::vector<ValidSegment>& before,
                                 const std::vector<ValidSegment>& after);
// Derives a slot's timeline from scratch: `atoms` must be the slot's atoms
// in the order they were learned (Reader::History order). Rejected
// (quarantined) atoms are left out. Sets each atom's superseded_by,
// superseded_at and supersedes as the derivation leaves them.
std::vector<ValidSegment> DeriveTimeline(Cardinality cardinality,
                                         std::vector<Atom>* atoms);

// One audit-log entry. Sequence numbers start at 1 and have no gaps.
struct AuditRecord {
  std::uint64_t seq = 0;
  Timestamp time = 0;     // wall-clock time of the write
  AtomId atom = kNoAtom;  // atom acted on (kNoAtom for store-level events)
  std::string action;     // "added", "superseded", "reinforced", ...
  std::string detail;     // JSON object with the rest (reason, verdicts)
};

// An atom the write-time gate held back instead of storing, or a stored atom
// withdrawn from the current state (quarantined). Items are never deleted,
// only moved between states; ids start at 1 and have no gaps.
enum class HeldState : std::uint8_t {
  kPending,      // in the review queue
  kQuarantined,  // rejected: kept with its reason, restorable by approval
  kApproved,     // applied; `result` names the atom stored or reinforced
};
std::string_view ToString(HeldState state);

struct HeldItem {
  std::uint64_t id = 0;
  HeldState state = HeldState::kPending;
  // The proposed atom. atom.id is kNoAtom unless a stored atom was
  // quarantined; subject, relation and value are empty for a line of text
  // that never became an atom.
  Atom atom;
  Timestamp held_at = 0;      // wall-clock time it was held
  Timestamp resolved_at = 0;  // wall-clock time of the last state change
  AtomId result = kNoAtom;    // kApproved: the atom stored or reinforced
  std::string reason;         // why it is held, or the reviewer's reason
  std::string detail;         // JSON: the gate verdicts
};

struct StoreStats {
  std::uint64_t entities = 0;
  std::uint64_t relations = 0;
  std::uint64_t atoms = 0;
  std::uint64_t current_slots = 0;  // (subject, relation) pairs with a value
  std::uint64_t current_atoms = 0;
  std::uint64_t superseded_atoms = 0;
  std::uint64_t audit_records = 0;
  std::size_t map_bytes = 0;
  std::size_t used_bytes = 0;
};

// Read access to one consistent snapshot. Every result is a copy owned by
// the caller. Errors other than NotFound: Corruption for undecodable
// records, ResourceExhausted for a long name whose hashed key collides with
// another's (see graph/README.md).
class Reader {
 public:
  virtual ~Reader() = default;

  // NotFound when no entity has this normalised name.
  virtual Result<Entity> FindEntity(std::string_view name) const = 0;
  virtual Result<Entity> GetEntity(EntityId id) const = 0;
  virtual Result<Relation> FindRelation(std::string_view key) const = 0;
  virtual Result<Relation> GetRelation(RelationId id) const = 0;
  virtual Result<Atom> GetAtom(AtomId id) const = 0;
  // Current atoms of a slot; empty when none.
  virtual Result<std::vector<AtomId>> Current(EntityId subject,
                                              RelationId relation) const = 0;
  // Every atom ever written for the slot, in transaction-time order (ties
  // by atom id).
  virtual Result<std::vector<AtomId>> History(EntityId subject,
                                              RelationId relation) const = 0;
  // The slot's valid-time timeline (see PlaceOnTimeline), sorted by from;
  // NotFound when the slot has none (never written through the timeline,
  // e.g. by a baseline policy). The default is NotSupported.
  virtual Result<std::vector<ValidSegment>> Timeline(EntityId subject,
                                                     RelationId relation) const;
  // Relations the subject has any atom of (current or past), by id. The
  // default is NotSupported.
  virtual Result<std::vector<RelationId>> RelationsOfSubject(
      EntityId subject) const;
  // Current atoms of every relation of a subject.
  virtual Result<std::vector<AtomId>> CurrentOfSubject(
      EntityId subject) const = 0;
  // Subjects whose (any, current or past) atom of `relation` has this
  // value, by ascending id, each once.
  virtual Result<std::vector<EntityId>> SubjectsWithValue(
      EntityId value, RelationId relation) const = 0;
  // Calls fn for each entity; stops early and returns fn's error.
  virtual Status ForEachEntity(
      const std::function<Status(const Entity&)>& fn) const = 0;
  // Calls fn for each current atom, ordered by (subject, relation); stops
  // early and returns fn's error. fn must not change current sets.
  virtual Status ForEachCurrentAtom(
      const std::function<Status(const Atom&)>& fn) const = 0;
  // Audit records with seq >= since, at most limit of them.
  virtual Result<std::vector<AuditRecord>> Audit(std::uint64_t since,
                                                 std::size_t limit) const = 0;
  virtual Result<StoreStats> Stats() const = 0;
  // The gate's records. The store's readers implement them; the defaults
  // (NotSupported) let wrappers that only reshape atoms leave them out.
  // The held item with this id; NotFound when there is none.
  virtual Result<HeldItem> GetHeld(std::uint64_t id) const;
  // Calls fn for each held item in id order; stops early and returns fn's
  // error.
  virtual Status ForEachHeld(
      const std::function<Status(const HeldItem&)>& fn) const;
  // When the atom was last reinforced or re-verified (see
  // Writer::SetRefreshed); kNoTime when never.
  virtual Result<Timestamp> Refreshed(AtomId id) const;
};

// Write access inside Store::Update. Reads see the transaction's own writes.
class Writer : public Reader {
 public:
  // Returns the entity with this normalised name, creating it if needed.
  virtual Result<Entity> InternEntity(std::string_view display) = 0;
  // Relation keys are stored verbatim (not normalised). An existing relation
  // is returned unchanged: the first cardinality recorded wins.
  virtual Result<Relation> InternRelation(std::string_view key,
                                          Cardinality cardinality) = 0;
  // Records a new cardinality for an interned relation (`factline relations
  // set`); the caller re-derives its slots. NotFound for an unknown id.
  virtual Status SetRelationCardinality(RelationId id,
                                        Cardinality cardinality) = 0;
  // Stores a new atom: interns the subject and value entities (the value is
  // an entity so multi-hop questions can follow it), assigns atom->id and
  // the entity/relation ids, stamps tx_time (NowMicros) and valid_from
  // (tx_time) when unset, and adds the atom to the slot's history and to the
  // reverse index. A relation not yet interned is interned with
  // Cardinality::kOne; intern it first for another cardinality. Does not
  // touch the slot's current set (the resolver decides that).
  // InvalidArgument for empty or oversized (kMaxFieldBytes) fields.
  virtual Status InsertAtom(Atom* atom) = 0;
  // Rewrites an existing atom record (validity, links, reinforcements,
  // provenance). The subject, relation and value (ids and text) and tx_time
  // stay as stored. NotFound for an unknown id; InvalidArgument when the
  // given ids or tx_time differ from the stored ones (0/kNoTime: unset).
  virtual Status UpdateAtom(const Atom& atom) = 0;
  // Replaces the slot's current set (empty clears it). InvalidArgument for
  // ids never assigned; membership of the slot is the caller's promise.
  virtual Status SetCurrent(EntityId subject, RelationId relation,
                            const std::vector<AtomId>& atoms) = 0;
  // Replaces the slot's timeline (empty removes it). InvalidArgument for an
  // unknown slot, atom ids never assigned, or an empty segment.
  virtual Status SetTimeline(EntityId subject, RelationId relation,
                             const std::vector<ValidSegment>& timeline) = 0;
  // Appends to the audit log; fills record->seq (and record->time with
  // NowMicros when it is 0).
  virtual Status AppendAudit(AuditRecord* record) = 0;
  // Stores a held item. item->id 0 appends a new item and assigns the next
  // id; any other id overwrites that item (NotFound when there is none).
  // InvalidArgument for oversized fields.
  virtual Status PutHeld(HeldItem* item) = 0;
  // Records when an atom was last reinforced or re-verified, for decay.
  // InvalidArgument for an atom id never assigned.
  virtual Status SetRefreshed(AtomId id, Timestamp time) = 0;
};

class Store {
 public:
  // Opens or creates a store in directory `path` (created, with parents, if
  // missing and create_if_missing). read_only opens with MDB_RDONLY; the
  // store must exist and its lock file must be writable. Errors: IOError when
  // the directory or store is missing or unwritable, NotSupported for
  // another format version ("store at <path> has format version N, this
  // build reads M"), Corruption when the files are not a factline store,
  // InvalidArgument for bad options.
  static Result<std::unique_ptr<Store>> Open(const std::string& path,
                                             const StoreOptions& options);
  virtual ~Store() = default;
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  // Runs fn on a read snapshot.
  virtual Status Read(const std::function<Status(const Reader&)>& fn) const = 0;
  // Runs fn in one write transaction and commits it if fn returns OK; if
  // fn fails nothing is written. On MDB_MAP_FULL the map grows (doubling,
  // up to max_map_bytes) and fn runs again from the start; at the limit the
  // result is ResourceExhausted. NotSupported on a read-only store.
  virtual Status Update(const std::function<Status(Writer&)>& fn) = 0;

  virtual const std::string& path() const = 0;
  virtual bool read_only() const = 0;

  // Writes a consistent copy of the store (LMDB's mdb_env_copy2) to
  // directory `dir`, created if missing, while writers go on; compact drops
  // free pages. The copy appears whole or not at all and opens as a store.
  // InvalidArgument when `dir` already holds a data.mdb; IOError or
  // ResourceExhausted ("disk full") on write errors.
  virtual Status Backup(const std::string& dir, bool compact) const = 0;

 protected:
  Store() = default;
};

// For programs (like the CLI) that would rather stop with a clear message
// than crash: a SIGBUS or SIGSEGV whose address lies inside the memory map
// of a file named data.mdb, or that happens inside LMDB's own code (LMDB
// maps the file and trusts its pages, so damage the open-time checks cannot
// see ends there), prints a message to stderr and exits with `exit_code`;
// any other fault keeps its default action. Process-wide; call once, early,
// before threads start.
void InstallMapFaultHandler(int exit_code);

// LMDB checks the pages it reads with assert()s, so a damaged page it
// trips over aborts the process. The handler (process-wide; nullptr
// restores LMDB's own abort) is called instead, with LMDB's text
// ("mdb.c:5921: Assertion 'IS_LEAF(mp)' failed in mdb_cursor_next()"), by
// every environment opened afterwards. It must not return (LMDB aborts when
// it does): the library never exits, so a program that would rather stop
// with a message (the CLI) passes a handler that reports and exits. Call
// once, early, before threads start.
using LmdbAssertHandler = void (*)(const char* message);
void SetLmdbAssertHandler(LmdbAssertHandler handler);

// Walks every B-tree of <path>/data.mdb from its newest sound meta page,
// reading the file with pread (never mapping it), and checks each page's
// structure: page number, flags, free-space bounds, node offsets and sizes,
// key order, child and overflow page numbers in range, no page reached
// twice, leaves at their tree's depth. Corruption ("store at P is damaged:
// page N of P/data.mdb: <what>") for the first problem; NotFound when
// there is no data.mdb; IOError when it cannot be read. O(file size);
// safe while other processes write. Thread-safe.
Status VerifyStoreFile(const std::string& path);

// One hop of a path: the current atom subject --relation--> value.
struct GraphEdge {
  AtomId atom = kNoAtom;
  EntityId subject = 0;
  RelationId relation = 0;
  EntityId value = 0;
};

using GraphPath = std::vector<GraphEdge>;  // hops in order, first from start
// Decides whether a hop may be used; an empty filter allows every hop.
using EdgeFilter = std::function<bool(const GraphEdge&)>;

// An in-memory directed multigraph (Boost.Graph underneath) of the current
// atoms of one snapshot, for multi-hop questions: entities are vertices,
// each current atom an edge subject -> value. It is a copy: later writes to
// the store do not show. Immutable once built; const methods may be called
// from any thread.
class GraphView {
 public:
  // Reads every current atom of `reader` (O(current atoms) time and memory).
  static Result<GraphView> Build(const Reader& reader);
  GraphView(GraphView&& other) noexcept;
  GraphView& operator=(GraphView&& other) noexcept;
  GraphView(const GraphView&) = delete;
  GraphView& operator=(const GraphView&) = delete;
  ~GraphView();

  std::size_t num_entities() const;  // entities that have an edge
  std::size_t num_edges() const;

  // Simple paths (no entity visited twice) that start at `from` and have 1
  // to max_hops hops, depth-first, at most max_paths of them. Hops rejected
  // by `filter` are not taken. Empty when `from` has no edges.
  std::vector<GraphPath> PathsFrom(EntityId from, std::size_t max_hops,
                                   const EdgeFilter& filter = {},
                                   std::size_t max_paths = 1000) const;
  // A path with the fewest hops from `from` to `to` using hops `filter`
  // allows (breadth-first). Empty path when from == to; NotFound when `to`
  // is unreachable.
  Result<GraphPath> ShortestPath(EntityId from, EntityId to,
                                 const EdgeFilter& filter = {}) const;

 private:
  struct Impl;
  explicit GraphView(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace factline::graph

#endif  // FACTLINE_GRAPH_GRAPH_H_
