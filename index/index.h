// index: the HNSW side-index for fuzzy lookup of entities, relations, atoms
// and near-duplicate values. The LMDB graph is the source of truth: every
// vector here is derived from it (or supplied by the caller and kept in
// <store>/index/vectors.bin) and the whole index is rebuilt from the graph
// whenever its files are missing, unreadable or stale. A SideIndex reads the
// graph::Store it was opened on, which must outlive it. Thread safety: every
// method may be called from any thread; lookups run concurrently, while Add,
// Remove, Set*Vector, CatchUp, Rebuild and Save take an exclusive lock.
#ifndef FACTLINE_INDEX_INDEX_H_
#define FACTLINE_INDEX_INDEX_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "atoms/atoms.h"
#include "graph/graph.h"

namespace factline::index {

// Turns text into a vector. Implementations must be deterministic and safe to
// call from several threads at once. SideIndex L2-normalises every vector it
// receives, so an Embedder need not.
class Embedder {
 public:
  virtual ~Embedder() = default;
  virtual int dimension() const = 0;
  // Names the model and its settings ("hash-ngram-v1"). It is persisted with
  // the index; opening with another id rebuilds the index.
  virtual std::string id() const = 0;
  // A vector of exactly dimension() floats. InvalidArgument for text the
  // embedder refuses.
  virtual Result<std::vector<float>> Embed(std::string_view text) const = 0;
};

// The built-in embedder: needs no model or network. Features are hashed
// character 3-grams of each word (with word-boundary markers), 4-grams of
// longer words and whole words, with a small weight on stopwords ("the",
// "of"); ASCII case and punctuation are ignored and word order does not
// matter. The result is L2-normalised and identical on every machine (a
// fixed 64-bit hash, never std::hash). InvalidArgument unless 8 <= dimension
// <= 4096 (reported when Embed is called; dimension() still answers).
std::unique_ptr<Embedder> MakeHashEmbedder(int dimension = 256);

struct IndexOptions {
  // nullptr: MakeHashEmbedder(dimension).
  std::shared_ptr<const Embedder> embedder;
  int dimension = 256;  // built-in embedder only
  // Where the index files live; empty: "<store path>/index".
  std::string directory;
  // NearDuplicates reports values whose cosine similarity is >= this.
  double duplicate_threshold = 0.92;
  // HNSW parameters, tuned with tools/bench_index.cc on ~11k-20k names:
  // recall@10 ~0.99 of exact search, 20k names built in about a second.
  int hnsw_m = 16;                // links per node (hnswlib M)
  int hnsw_ef_construction = 48;  // candidate list while inserting
  int hnsw_ef_search = 256;       // candidate list while searching (>= k)
  // Write the files right after a rebuild at Open (skipped for read-only
  // stores).
  bool save_after_rebuild = true;
  // Relation names, aliases and templates for FindRelations; nullptr:
  // Lexicon::Builtin(). Must outlive the SideIndex.
  const Lexicon* lexicon = nullptr;
};

// One lookup result, best first in every returned vector.
struct Match {
  std::uint64_t id = 0;  // EntityId, RelationId or AtomId (see the call)
  float score = 0;       // cosine similarity in [-1, 1]
  std::string text;      // entity display name, relation key or atom text
};

// Restricts NearDuplicates to one (subject, relation) slot. An empty subject
// means "anywhere in the store".
struct DuplicateScope {
  std::string subject;   // any spelling that normalises to the entity key
  std::string relation;  // relation key as stored ("P26", "works at")
  double threshold = 0;  // 0: IndexOptions::duplicate_threshold
  int k = 10;            // most results returned
};

struct IndexStats {
  std::size_t entities = 0;        // indexed entity names
  std::size_t relations = 0;       // indexed relations (each with its phrases)
  std::size_t atoms = 0;           // indexed current atoms
  std::size_t caller_vectors = 0;  // entity and atom vectors set by callers
  int dimension = 0;
  std::string embedder_id;
  std::uint64_t covered_audit_seq = 0;  // graph audit seq the index matches
};

// The graph state a saved side-index covers, as its meta file records it.
struct IndexStamp {
  std::uint64_t audit_seq = 0;
  std::uint64_t atoms = 0;
  std::uint64_t entities = 0;
  std::uint64_t relations = 0;
  std::uint64_t current_atoms = 0;
};

// Reads <directory>/meta without loading the index (for `factline check`).
// NotFound when there is no meta file; Corruption when it does not decode;
// IOError when it cannot be read.
Result<IndexStamp> ReadIndexStamp(const std::string& directory);

class SideIndex {
 public:
  // Opens the index of `store`, loading <directory>/{meta,entities.hnsw,
  // relations.hnsw,atoms.hnsw} when they are intact and cover exactly the
  // graph's current state, else rebuilding from the graph (and saving unless
  // the store is read-only). `report`, when not null, receives one line
  // saying which happened and why. Errors: InvalidArgument for bad options
  // or caller vectors whose dimension differs from the embedder's; IOError
  // when vectors.bin exists but cannot be read; graph read errors as
  // returned. Damaged index files are never an error: they are rebuilt, and
  // a rebuilt index that cannot be written is used from memory (the report
  // says so).
  static Result<std::unique_ptr<SideIndex>> Open(const graph::Store& store,
                                                 IndexOptions options = {},
                                                 std::string* report = nullptr);
  ~SideIndex();
  SideIndex(const SideIndex&) = delete;
  SideIndex& operator=(const SideIndex&) = delete;

  // Indexes atoms just committed to the graph: their subject and value
  // entities (ids and names from subject_id/subject, value_id/value), their
  // relation, and each atom's text unless it is closed (superseded_by set),
  // in which case it is removed. An atom's `supersedes` target is removed.
  // Entities and atoms already indexed are left as they are. Call after the
  // LMDB commit; InvalidArgument for atoms without ids.
  Status Add(const std::vector<Atom>& stored_atoms);
  // Drops closed atoms from the atom index; unknown ids are ignored.
  Status Remove(const std::vector<AtomId>& closed_atoms);

  // Use the caller's vector for an entity name or an atom instead of the
  // embedder's. InvalidArgument when vector.size() != dimension() (the
  // message names both), or it has a non-finite or all-zero value; NotFound
  // when the graph has no such id. Kept in vectors.bin and reused by
  // rebuilds.
  Status SetEntityVector(EntityId id, const std::vector<float>& vector);
  Status SetAtomVector(AtomId id, const std::vector<float>& vector);

  // Brings the index up to the graph's newest snapshot: indexes entities,
  // relations and atoms created since the last covered state, drops atoms
  // that stopped being current (audit log and slot checks), then verifies
  // the counts against the graph and rebuilds when they disagree. Returns a
  // one-line account. Cheap when nothing changed.
  Result<std::string> CatchUp();
  // Rebuilds every index from the graph (caller vectors are reused).
  Status Rebuild(std::string* report = nullptr);
  // CatchUp, then writes the files atomically (temp file, fsync, rename;
  // meta last); writes nothing when the files already hold this state.
  // NotSupported for a read-only store; IOError on write errors (the
  // previous files stay valid or are detected as damaged on Open).
  Status Save();

  // The k entities whose names are nearest to `text` (k in [1, 1000]). A
  // possessive query ("the Beatles' Hey Jude") is also matched on the part
  // after the possessive, scaled by 0.95. `reader`: a snapshot to read names
  // from (pass the Writer when calling inside Store::Update); nullptr opens
  // one.
  Result<std::vector<Match>> FindEntities(
      std::string_view text, int k,
      const graph::Reader* reader = nullptr) const;
  // Same with a caller-supplied query vector; InvalidArgument for a wrong
  // dimension.
  Result<std::vector<Match>> FindEntitiesByVector(
      const std::vector<float>& vector, int k,
      const graph::Reader* reader = nullptr) const;
  // Relations whose key, lexicon name, alias or sentence template is nearest
  // to `phrase`; one Match per relation (text: the relation key).
  Result<std::vector<Match>> FindRelations(
      std::string_view phrase, int k,
      const graph::Reader* reader = nullptr) const;
  // Current atoms whose text (Atom::text, else "subject relation value") is
  // nearest to `text`.
  Result<std::vector<Match>> FindAtoms(
      std::string_view text, int k,
      const graph::Reader* reader = nullptr) const;
  Result<std::vector<Match>> FindAtomsByVector(
      const std::vector<float>& vector, int k,
      const graph::Reader* reader = nullptr) const;
  // Values close to `value` (cosine >= threshold), best first. With a slot
  // scope: the slot's current atoms (Match::id is the AtomId, text the
  // value), compared exactly; an unknown subject or relation gives no
  // matches. Without: entity names anywhere (Match::id is the EntityId).
  Result<std::vector<Match>> NearDuplicates(
      std::string_view value, const DuplicateScope& scope = {},
      const graph::Reader* reader = nullptr) const;
  // The atoms among `atoms` whose value is close to `value` (cosine >=
  // threshold; 0: IndexOptions::duplicate_threshold), best first, compared
  // exactly with the embedder; no graph access, no lock. For the resolver's
  // gate, which already holds the slot's current atoms. Match::id is the
  // atom's id (kNoAtom for atoms not yet stored).
  Result<std::vector<Match>> NearDuplicateValues(std::string_view value,
                                                 const std::vector<Atom>& atoms,
                                                 double threshold = 0) const;

  int dimension() const;
  const Embedder& embedder() const;
  IndexStats Stats() const;
  const std::string& directory() const;

 private:
  struct Impl;
  explicit SideIndex(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace factline::index

#endif  // FACTLINE_INDEX_INDEX_H_
