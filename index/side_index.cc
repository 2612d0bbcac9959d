// SideIndex: three HNSW indexes (entity names, relation phrases, atom texts)
// kept beside the LMDB store and checked against it.
//
// Invariants (checked on load and after every catch-up; a failure rebuilds):
//   - the entity index holds one live point per graph entity, label = id;
//   - the relation index holds every graph relation, label = id << 8 | n
//     for its n-th phrase;
//   - the atom index holds exactly the current atoms, label = atom id;
//   - `covered` is the graph state (StoreStats) those three reflect.
// Files are trusted only when the meta file's checksum, format, embedder,
// dimension and covered state all match, and each index file's size and
// checksum match what the meta recorded.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "index/index.h"
#include "index/internal/files.h"
#include "index/internal/vector_index.h"

namespace factline::index {
namespace {

using internal::CallerVectors;
using internal::GraphMark;
using internal::Hits;
using internal::HnswParams;
using internal::Meta;
using internal::VectorIndex;

constexpr char kMetaFile[] = "meta";
constexpr char kEntitiesFile[] = "entities.hnsw";
constexpr char kRelationsFile[] = "relations.hnsw";
constexpr char kAtomsFile[] = "atoms.hnsw";
constexpr char kVectorsFile[] = "vectors.bin";

constexpr int kMaxK = 1000;
constexpr std::uint64_t kMaxPhrasesPerRelation = 255;
constexpr int kRelationPhraseBits = 8;
constexpr float kPossessiveScale = 0.95f;
constexpr std::size_t kAuditBatch = 1024;

GraphMark MarkOf(const graph::StoreStats& s) {
  return GraphMark{s.audit_records, s.atoms, s.entities, s.relations,
                   s.current_atoms};
}

bool Behind(const GraphMark& graph, const GraphMark& covered) {
  return graph.audit_seq < covered.audit_seq || graph.atoms < covered.atoms ||
         graph.entities < covered.entities ||
         graph.relations < covered.relations;
}

std::uint64_t RelationLabel(RelationId id, std::uint64_t phrase) {
  return (id << kRelationPhraseBits) | phrase;
}
RelationId RelationOfLabel(std::uint64_t label) {
  return label >> kRelationPhraseBits;
}

Status CheckK(int k) {
  if (k < 1 || k > kMaxK) {
    return Status::InvalidArgument("k must be in [1, " + std::to_string(kMaxK) +
                                   "], got " + std::to_string(k));
  }
  return Status::Ok();
}

// Checks a vector's dimension and values and returns it L2-normalised.
// `allow_zero`: an all-zero vector (text with no word characters) is kept as
// is rather than refused.
Result<std::vector<float>> Normalized(const std::vector<float>& v, int dim,
                                      std::string_view what, bool allow_zero) {
  if (v.size() != static_cast<std::size_t>(dim)) {
    return Status::InvalidArgument(
        std::string(what) + " has dimension " + std::to_string(v.size()) +
        "; this index expects dimension " + std::to_string(dim));
  }
  double norm = 0;
  for (float x : v) {
    if (!std::isfinite(x)) {
      return Status::InvalidArgument(std::string(what) +
                                     " has a non-finite value");
    }
    norm += static_cast<double>(x) * x;
  }
  std::vector<float> out(v.size(), 0.0f);
  if (norm == 0) {
    if (allow_zero) return out;
    return Status::InvalidArgument(std::string(what) + " is all zeros");
  }
  const double inv = 1.0 / std::sqrt(norm);
  for (std::size_t i = 0; i < v.size(); ++i) {
    out[i] = static_cast<float>(v[i] * inv);
  }
  return out;
}

std::string Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
    s.remove_prefix(1);
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) {
    s.remove_suffix(1);
  }
  return std::string(s);
}

// Names and phrases a relation answers to: its key unless that is a bare
// lexicon id, the lexicon name and aliases, and each sentence template with
// its [X] and __ slots removed ("[X] is married to __" -> "is married to").
std::vector<std::string> RelationPhrases(std::string_view key,
                                         const Lexicon& lexicon) {
  std::vector<std::string> phrases;
  std::set<std::string> seen;
  auto add = [&](std::string_view phrase) {
    std::string p = Trim(phrase);
    if (p.empty() || phrases.size() >= kMaxPhrasesPerRelation) return;
    if (seen.insert(NormalizeKey(p)).second) phrases.push_back(std::move(p));
  };
  auto add_def = [&](const RelationDef& def) {
    add(def.name);
    for (const std::string& a : def.aliases) add(a);
    for (const std::string& t : def.sentence_templates) {
      // Slots become spaces. Built by appending: GCC 12 at -O3 reports a
      // false -Wrestrict on std::string::replace here.
      std::string s;
      s.reserve(t.size());
      for (std::size_t i = 0; i < t.size();) {
        if (t.compare(i, 3, "[X]") == 0) {
          s += ' ';
          i += 3;
        } else if (t.compare(i, 2, "__") == 0) {
          s += ' ';
          i += 2;
        } else {
          s += t[i++];
        }
      }
      add(s);
    }
  };
  // Find follows alias_of ("P276" -> P131); the entry named by the key
  // itself comes first so its own name ranks with its canonical one.
  const RelationDef* canonical = lexicon.Find(key);
  if (canonical == nullptr) add(key);  // a phrase key, not a lexicon id
  for (const RelationDef& def : lexicon.relations()) {
    if (def.id == key && &def != canonical) add_def(def);
  }
  if (canonical != nullptr) add_def(*canonical);
  if (phrases.empty()) phrases.emplace_back(key);
  return phrases;
}

std::string RelationPhrase(std::string_view key, const Lexicon& lexicon) {
  const RelationDef* def = lexicon.Find(key);
  return def != nullptr ? def->name : std::string(key);
}

// What an atom is indexed (and shown) as.
std::string AtomText(const Atom& a, const Lexicon& lexicon) {
  if (!a.text.empty()) return a.text;
  return a.subject + " " + RelationPhrase(a.relation, lexicon) + " " + a.value;
}

// "the Beatles' Hey Jude" -> "Hey Jude"; "" when there is no possessive
// with words on both sides.
std::string PossessiveTail(std::string_view text) {
  std::size_t best = std::string_view::npos;
  for (std::string_view marker :
       {"'s ", "' ", "\xE2\x80\x99s ", "\xE2\x80\x99 "}) {
    const std::size_t at = text.rfind(marker);
    if (at != std::string_view::npos && at > 0 &&
        (best == std::string_view::npos || at + marker.size() > best)) {
      best = at + marker.size();
    }
  }
  if (best == std::string_view::npos) return "";
  return Trim(text.substr(best));
}

void SortMatches(std::vector<Match>* m) {
  std::sort(m->begin(), m->end(), [](const Match& a, const Match& b) {
    return a.score != b.score ? a.score > b.score : a.id < b.id;
  });
}

std::vector<AtomId> ClosedFromDetail(std::string_view detail) {
  std::vector<AtomId> out;
  const nlohmann::json j = nlohmann::json::parse(detail, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return out;
  auto it = j.find("closed");
  if (it == j.end() || !it->is_array()) return out;
  for (const auto& v : *it) {
    if (v.is_number_unsigned()) out.push_back(v.get<AtomId>());
  }
  return out;
}

}  // namespace

struct SideIndex::Impl {
  const graph::Store* store = nullptr;
  IndexOptions options;
  std::shared_ptr<const Embedder> embedder;
  const Lexicon* lexicon = nullptr;
  std::string dir;
  bool read_only = false;
  int dim = 0;
  HnswParams params;

  // Thread safety: lookups hold mu shared; everything that changes the
  // members below holds it exclusively.
  mutable std::shared_mutex mu;
  std::unique_ptr<VectorIndex> entities;
  std::unique_ptr<VectorIndex> relations;
  std::unique_ptr<VectorIndex> atoms;
  std::size_t relations_indexed = 0;  // relations with phrase 0 live
  CallerVectors caller;
  GraphMark covered;   // graph state the indexes were last proven to match
  bool clean = false;  // the files on disk hold exactly this state

  std::string Path(std::string_view name) const {
    return dir + "/" + std::string(name);
  }

  Result<std::vector<float>> EmbedText(std::string_view text) const {
    FACTLINE_ASSIGN_OR_RETURN(std::vector<float> v, embedder->Embed(text));
    return Normalized(v, dim, "embedder '" + embedder->id() + "' output",
                      /*allow_zero=*/true);
  }

  Status IndexEntity(EntityId id, std::string_view name) {
    if (entities->Contains(id)) return Status::Ok();
    clean = false;
    if (auto it = caller.entities.find(id); it != caller.entities.end()) {
      return entities->Put(id, it->second.data());
    }
    FACTLINE_ASSIGN_OR_RETURN(std::vector<float> v, EmbedText(name));
    return entities->Put(id, v.data());
  }

  Status IndexRelation(RelationId id, std::string_view key) {
    if (relations->Contains(RelationLabel(id, 0))) return Status::Ok();
    clean = false;
    const std::vector<std::string> phrases = RelationPhrases(key, *lexicon);
    for (std::size_t i = 0; i < phrases.size(); ++i) {
      FACTLINE_ASSIGN_OR_RETURN(std::vector<float> v, EmbedText(phrases[i]));
      FACTLINE_RETURN_IF_ERROR(relations->Put(RelationLabel(id, i), v.data()));
    }
    ++relations_indexed;
    return Status::Ok();
  }

  Status IndexAtom(const Atom& a) {
    if (atoms->Contains(a.id)) return Status::Ok();
    clean = false;
    if (auto it = caller.atoms.find(a.id); it != caller.atoms.end()) {
      return atoms->Put(a.id, it->second.data());
    }
    FACTLINE_ASSIGN_OR_RETURN(std::vector<float> v,
                              EmbedText(AtomText(a, *lexicon)));
    return atoms->Put(a.id, v.data());
  }

  Status RemoveAtom(AtomId id) {
    if (!atoms->Contains(id)) return Status::Ok();
    clean = false;
    return atoms->Remove(id);
  }

  // Makes the atom index agree with the graph about one atom.
  Status SyncAtom(const graph::Reader& r, AtomId id) {
    Result<Atom> atom = r.GetAtom(id);
    if (!atom.ok()) {
      if (atom.status().IsNotFound()) return RemoveAtom(id);
      return atom.status();
    }
    FACTLINE_ASSIGN_OR_RETURN(std::vector<AtomId> current,
                              r.Current(atom->subject_id, atom->relation_id));
    if (std::find(current.begin(), current.end(), id) != current.end()) {
      return IndexAtom(*atom);
    }
    return RemoveAtom(id);
  }

  // Empty when the index counts match the graph's; else what differs.
  std::string CountMismatch(const graph::StoreStats& s) const {
    if (entities->live_count() != s.entities) {
      return "entity index has " + std::to_string(entities->live_count()) +
             " names, the graph " + std::to_string(s.entities) + " entities";
    }
    if (relations_indexed != s.relations) {
      return "relation index has " + std::to_string(relations_indexed) +
             " relations, the graph " + std::to_string(s.relations);
    }
    if (atoms->live_count() != s.current_atoms) {
      return "atom index has " + std::to_string(atoms->live_count()) +
             " atoms, the graph " + std::to_string(s.current_atoms) +
             " current atoms";
    }
    return "";
  }

  std::string Counts() const {
    return std::to_string(entities->live_count()) + " entities, " +
           std::to_string(relations_indexed) + " relations, " +
           std::to_string(atoms->live_count()) + " atoms, covering audit seq " +
           std::to_string(covered.audit_seq);
  }

  // Builds all three indexes from one snapshot and swaps them in only when
  // every step succeeded.
  Status RebuildFrom(const graph::Reader& r) {
    FACTLINE_ASSIGN_OR_RETURN(graph::StoreStats stats, r.Stats());
    Impl fresh_state;  // reuse the Index* helpers on fresh indexes
    fresh_state.embedder = embedder;
    fresh_state.lexicon = lexicon;
    fresh_state.dim = dim;
    fresh_state.caller = caller;
    FACTLINE_ASSIGN_OR_RETURN(
        fresh_state.entities,
        VectorIndex::Create(dim, params, stats.entities + stats.entities / 4));
    FACTLINE_ASSIGN_OR_RETURN(
        fresh_state.relations,
        VectorIndex::Create(dim, params, stats.relations * 8));
    FACTLINE_ASSIGN_OR_RETURN(
        fresh_state.atoms,
        VectorIndex::Create(dim, params,
                            stats.current_atoms + stats.current_atoms / 4));
    FACTLINE_RETURN_IF_ERROR(r.ForEachEntity([&](const graph::Entity& e) {
      return fresh_state.IndexEntity(e.id, e.display);
    }));
    for (RelationId id = 1; id <= stats.relations; ++id) {
      FACTLINE_ASSIGN_OR_RETURN(graph::Relation rel, r.GetRelation(id));
      FACTLINE_RETURN_IF_ERROR(fresh_state.IndexRelation(rel.id, rel.key));
    }
    // Atoms go in in id order, the order incremental adds use, so a rebuilt
    // index is built the way a live one grew.
    std::vector<std::pair<AtomId, std::string>> texts;
    texts.reserve(stats.current_atoms);
    FACTLINE_RETURN_IF_ERROR(r.ForEachCurrentAtom([&](const Atom& a) {
      texts.emplace_back(a.id, AtomText(a, *lexicon));
      return Status::Ok();
    }));
    std::sort(texts.begin(), texts.end());
    for (const auto& [id, text] : texts) {
      if (auto it = caller.atoms.find(id); it != caller.atoms.end()) {
        FACTLINE_RETURN_IF_ERROR(fresh_state.atoms->Put(id, it->second.data()));
        continue;
      }
      FACTLINE_ASSIGN_OR_RETURN(std::vector<float> v, EmbedText(text));
      FACTLINE_RETURN_IF_ERROR(fresh_state.atoms->Put(id, v.data()));
    }
    const std::string mismatch = fresh_state.CountMismatch(stats);
    if (!mismatch.empty()) {
      return Status::Corruption("graph is inconsistent with itself: " +
                                mismatch);
    }
    entities = std::move(fresh_state.entities);
    relations = std::move(fresh_state.relations);
    atoms = std::move(fresh_state.atoms);
    relations_indexed = fresh_state.relations_indexed;
    covered = MarkOf(stats);
    clean = false;
    return Status::Ok();
  }

  // Loads the files when they can be trusted. Returns "" on success, else
  // why not (the caller rebuilds).
  std::string TryLoad(const graph::StoreStats& stats) {
    const GraphMark graph_mark = MarkOf(stats);
    const std::string meta_path = Path(kMetaFile);
    Result<std::string> text = internal::ReadWholeFile(meta_path);
    if (!text.ok()) {
      if (text.status().IsNotFound()) return "no index files in " + dir;
      return "meta unreadable: " + text.status().ToString();
    }
    Result<Meta> meta = internal::DecodeMeta(*text);
    if (!meta.ok()) return "meta unreadable: " + meta.status().message();
    if (meta->format != internal::kIndexFormat) {
      return "index format " + std::to_string(meta->format) +
             ", this build reads " + std::to_string(internal::kIndexFormat);
    }
    if (meta->embedder_id != embedder->id() || meta->dimension != dim) {
      return "index was built by embedder " + meta->embedder_id +
             " (dimension " + std::to_string(meta->dimension) + "), now " +
             embedder->id() + " (dimension " + std::to_string(dim) + ")";
    }
    if (!(meta->covered == graph_mark)) {
      return "index is stale: it covers " + meta->covered.ToString() +
             "; the graph is at " + graph_mark.ToString();
    }
    std::unique_ptr<VectorIndex> loaded[3];
    const char* names[3] = {kEntitiesFile, kRelationsFile, kAtomsFile};
    for (int i = 0; i < 3; ++i) {
      auto want = meta->files.find(names[i]);
      if (want == meta->files.end()) {
        return std::string("meta lists no ") + names[i];
      }
      const std::string path = Path(names[i]);
      Result<internal::FileDigest> got = internal::DigestFile(path);
      if (!got.ok()) {
        if (got.status().IsNotFound())
          return std::string(names[i]) + " is missing";
        return std::string(names[i]) + " unreadable: " + got.status().message();
      }
      if (got->size != want->second.size) {
        return std::string(names[i]) + " is truncated or overwritten (" +
               std::to_string(got->size) + " bytes, meta says " +
               std::to_string(want->second.size) + ")";
      }
      if (got->checksum != want->second.checksum) {
        return std::string(names[i]) + " fails its checksum";
      }
      Result<std::unique_ptr<VectorIndex>> index =
          VectorIndex::Load(path, dim, params);
      if (!index.ok()) {
        return std::string(names[i]) +
               " unreadable: " + index.status().message();
      }
      loaded[i] = std::move(index).value();
    }
    std::size_t relation_count = 0;
    loaded[1]->ForEachLive([&](std::uint64_t label) {
      if ((label & ((1u << kRelationPhraseBits) - 1)) == 0) ++relation_count;
    });
    entities = std::move(loaded[0]);
    relations = std::move(loaded[1]);
    atoms = std::move(loaded[2]);
    relations_indexed = relation_count;
    covered = meta->covered;
    clean = true;
    const std::string mismatch = CountMismatch(stats);
    if (!mismatch.empty()) return "index files disagree with meta: " + mismatch;
    return "";
  }

  // See SideIndex::CatchUp.
  Result<std::string> CatchUpFrom(const graph::Reader& r) {
    FACTLINE_ASSIGN_OR_RETURN(graph::StoreStats stats, r.Stats());
    const GraphMark mark = MarkOf(stats);
    if (mark == covered && CountMismatch(stats).empty()) {
      return "side-index up to date (" + Counts() + ")";
    }
    if (Behind(mark, covered)) {
      FACTLINE_RETURN_IF_ERROR(RebuildFrom(r));
      return "graph is behind the index (graph at " + mark.ToString() +
             "); rebuilt: " + Counts();
    }
    for (EntityId id = covered.entities + 1; id <= mark.entities; ++id) {
      FACTLINE_ASSIGN_OR_RETURN(graph::Entity e, r.GetEntity(id));
      FACTLINE_RETURN_IF_ERROR(IndexEntity(e.id, e.display));
    }
    for (RelationId id = covered.relations + 1; id <= mark.relations; ++id) {
      FACTLINE_ASSIGN_OR_RETURN(graph::Relation rel, r.GetRelation(id));
      FACTLINE_RETURN_IF_ERROR(IndexRelation(rel.id, rel.key));
    }
    for (AtomId id = covered.atoms + 1; id <= mark.atoms; ++id) {
      FACTLINE_RETURN_IF_ERROR(SyncAtom(r, id));
      FACTLINE_ASSIGN_OR_RETURN(Atom a, r.GetAtom(id));
      if (a.supersedes != kNoAtom) {
        FACTLINE_RETURN_IF_ERROR(SyncAtom(r, a.supersedes));
      }
    }
    // The audit log names atoms closed by a write, including ones in other
    // slots (similarity policies).
    for (std::uint64_t since = covered.audit_seq + 1;
         since <= mark.audit_seq;) {
      FACTLINE_ASSIGN_OR_RETURN(std::vector<graph::AuditRecord> records,
                                r.Audit(since, kAuditBatch));
      if (records.empty()) break;
      for (const graph::AuditRecord& rec : records) {
        if (rec.seq > mark.audit_seq) break;
        if (rec.atom != kNoAtom)
          FACTLINE_RETURN_IF_ERROR(SyncAtom(r, rec.atom));
        for (AtomId closed : ClosedFromDetail(rec.detail)) {
          FACTLINE_RETURN_IF_ERROR(SyncAtom(r, closed));
        }
      }
      since = records.back().seq + 1;
    }
    const std::string mismatch = CountMismatch(stats);
    if (!mismatch.empty()) {
      FACTLINE_RETURN_IF_ERROR(RebuildFrom(r));
      return "catch-up left the index inconsistent (" + mismatch +
             "); rebuilt from the graph: " + Counts();
    }
    const GraphMark before = covered;
    covered = mark;
    clean = false;
    return "side-index caught up from audit seq " +
           std::to_string(before.audit_seq) + " to " +
           std::to_string(mark.audit_seq) + ": " + Counts();
  }

  Status SaveFiles() {
    if (read_only) {
      return Status::NotSupported("the store is read-only; index not saved");
    }
    FACTLINE_RETURN_IF_ERROR(internal::EnsureDirectory(dir));
    Meta meta;
    meta.embedder_id = embedder->id();
    meta.dimension = dim;
    meta.covered = covered;
    const std::pair<const char*, const VectorIndex*> files[] = {
        {kEntitiesFile, entities.get()},
        {kRelationsFile, relations.get()},
        {kAtomsFile, atoms.get()}};
    for (const auto& [name, index] : files) {
      const std::string path = Path(name);
      const std::string tmp = path + ".tmp";
      FACTLINE_RETURN_IF_ERROR(index->Save(tmp));
      FACTLINE_RETURN_IF_ERROR(internal::SyncFile(tmp));
      FACTLINE_ASSIGN_OR_RETURN(meta.files[name], internal::DigestFile(tmp));
      FACTLINE_RETURN_IF_ERROR(internal::RenameFile(tmp, path));
    }
    if (caller.empty()) {
      FACTLINE_RETURN_IF_ERROR(
          internal::RemoveFileIfExists(Path(kVectorsFile)));
    } else {
      FACTLINE_RETURN_IF_ERROR(internal::WriteFileAtomically(
          Path(kVectorsFile), internal::EncodeCallerVectors(caller)));
    }
    FACTLINE_RETURN_IF_ERROR(internal::WriteFileAtomically(
        Path(kMetaFile), internal::EncodeMeta(meta)));
    FACTLINE_RETURN_IF_ERROR(internal::SyncDirectory(dir));
    clean = true;
    return Status::Ok();
  }

  Status WithReader(
      const graph::Reader* reader,
      const std::function<Status(const graph::Reader&)>& fn) const {
    if (reader != nullptr) return fn(*reader);
    return store->Read(fn);
  }

  // Nearest points of one index, under the shared lock.
  Result<Hits> SearchEntities(const std::vector<float>& q,
                              std::size_t k) const {
    std::shared_lock lock(mu);
    return entities->Search(q.data(), k);
  }
  Result<Hits> SearchRelations(const std::vector<float>& q,
                               std::size_t k) const {
    std::shared_lock lock(mu);
    return relations->Search(q.data(), k);
  }
  Result<Hits> SearchAtoms(const std::vector<float>& q, std::size_t k) const {
    std::shared_lock lock(mu);
    return atoms->Search(q.data(), k);
  }

  Result<std::vector<Match>> EntityMatches(const Hits& hits,
                                           const graph::Reader* reader) const {
    std::vector<Match> out;
    out.reserve(hits.size());
    FACTLINE_RETURN_IF_ERROR(WithReader(reader, [&](const graph::Reader& r) {
      for (const auto& [score, id] : hits) {
        Result<graph::Entity> e = r.GetEntity(id);
        if (!e.ok()) {
          if (e.status().IsNotFound()) continue;  // newer than the snapshot
          return e.status();
        }
        out.push_back(Match{id, score, std::move(e->display)});
      }
      return Status::Ok();
    }));
    return out;
  }

  Result<std::vector<Match>> AtomMatches(const Hits& hits,
                                         const graph::Reader* reader) const {
    std::vector<Match> out;
    out.reserve(hits.size());
    FACTLINE_RETURN_IF_ERROR(WithReader(reader, [&](const graph::Reader& r) {
      for (const auto& [score, id] : hits) {
        Result<Atom> a = r.GetAtom(id);
        if (!a.ok()) {
          if (a.status().IsNotFound()) continue;
          return a.status();
        }
        out.push_back(Match{id, score, AtomText(*a, *lexicon)});
      }
      return Status::Ok();
    }));
    return out;
  }
};

Result<IndexStamp> ReadIndexStamp(const std::string& directory) {
  const std::string path = directory + "/" + kMetaFile;
  FACTLINE_ASSIGN_OR_RETURN(std::string text, internal::ReadWholeFile(path));
  Result<Meta> meta = internal::DecodeMeta(text);
  if (!meta.ok()) return meta.status().WithContext(path);
  const GraphMark& m = meta->covered;
  return IndexStamp{m.audit_seq, m.atoms, m.entities, m.relations,
                    m.current_atoms};
}

SideIndex::SideIndex(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
SideIndex::~SideIndex() = default;

Result<std::unique_ptr<SideIndex>> SideIndex::Open(const graph::Store& store,
                                                   IndexOptions options,
                                                   std::string* report) {
  if (options.hnsw_m < 2 || options.hnsw_m > 256 ||
      options.hnsw_ef_construction < 1 || options.hnsw_ef_search < 1) {
    return Status::InvalidArgument(
        "index options: need 2 <= hnsw_m <= 256 and positive ef values");
  }
  if (!(options.duplicate_threshold > 0 && options.duplicate_threshold <= 1)) {
    return Status::InvalidArgument(
        "index options: duplicate_threshold must be in (0, 1]");
  }
  auto impl = std::make_unique<Impl>();
  impl->store = &store;
  impl->embedder = options.embedder != nullptr
                       ? options.embedder
                       : std::shared_ptr<const Embedder>(
                             MakeHashEmbedder(options.dimension));
  impl->dim = impl->embedder->dimension();
  if (impl->dim < 1 || impl->dim > 65536) {
    return Status::InvalidArgument(
        "embedder dimension must be in [1, 65536], got " +
        std::to_string(impl->dim));
  }
  // Surfaces a bad built-in dimension now rather than at the first Embed.
  FACTLINE_RETURN_IF_ERROR(impl->embedder->Embed("probe").status());
  impl->lexicon =
      options.lexicon != nullptr ? options.lexicon : &Lexicon::Builtin();
  impl->dir =
      options.directory.empty() ? store.path() + "/index" : options.directory;
  impl->read_only = store.read_only();
  impl->params = HnswParams{options.hnsw_m, options.hnsw_ef_construction,
                            options.hnsw_ef_search};
  impl->options = std::move(options);

  std::string notes;
  const std::string vectors_path = impl->Path(kVectorsFile);
  Result<std::string> vectors_bytes = internal::ReadWholeFile(vectors_path);
  if (vectors_bytes.ok()) {
    Result<CallerVectors> vectors =
        internal::DecodeCallerVectors(*vectors_bytes);
    if (!vectors.ok()) {
      // Keep the bytes for the caller; they cannot be rebuilt from the graph.
      notes = "; caller vectors unreadable (" + vectors.status().message() +
              "), ignored";
      if (!impl->read_only &&
          internal::RenameFile(vectors_path, vectors_path + ".corrupt").ok()) {
        notes += " and kept as " + std::string(kVectorsFile) + ".corrupt";
      }
    } else if (vectors->dimension != impl->dim) {
      return Status::InvalidArgument(
          "caller-supplied vectors in " + vectors_path + " have dimension " +
          std::to_string(vectors->dimension) + "; the embedder gives " +
          std::to_string(impl->dim));
    } else {
      impl->caller = std::move(vectors).value();
    }
  } else if (!vectors_bytes.status().IsNotFound()) {
    return vectors_bytes.status();
  }
  impl->caller.dimension = impl->dim;

  std::string why_rebuilt;
  FACTLINE_RETURN_IF_ERROR(store.Read([&](const graph::Reader& r) {
    FACTLINE_ASSIGN_OR_RETURN(graph::StoreStats stats, r.Stats());
    why_rebuilt = impl->TryLoad(stats);
    if (why_rebuilt.empty()) return Status::Ok();
    return impl->RebuildFrom(r);
  }));
  std::string message;
  if (why_rebuilt.empty()) {
    message = "side-index loaded from " + impl->dir + ": " + impl->Counts();
  } else {
    message = "side-index rebuilt from the graph (" + why_rebuilt +
              "): " + impl->Counts();
    if (impl->read_only) {
      message += "; not saved (read-only store)";
    } else if (impl->options.save_after_rebuild) {
      // The index works from memory either way; a failed save only means
      // the next Open rebuilds again.
      const Status saved = impl->SaveFiles();
      message += saved.ok() ? "; saved to " + impl->dir
                            : "; not saved (" + saved.ToString() + ")";
    }
  }
  if (report != nullptr) *report = message + notes;
  return std::unique_ptr<SideIndex>(new SideIndex(std::move(impl)));
}

Status SideIndex::Add(const std::vector<Atom>& stored_atoms) {
  for (std::size_t i = 0; i < stored_atoms.size(); ++i) {
    const Atom& a = stored_atoms[i];
    if (a.id == kNoAtom || a.subject_id == 0 || a.value_id == 0 ||
        a.relation_id == 0) {
      return Status::InvalidArgument(
          "Add: atom " + std::to_string(i) + " (" + a.subject +
          ") has no graph ids; add atoms after the graph stored them");
    }
  }
  std::unique_lock lock(impl_->mu);
  for (const Atom& a : stored_atoms) {
    FACTLINE_RETURN_IF_ERROR(impl_->IndexEntity(a.subject_id, a.subject));
    FACTLINE_RETURN_IF_ERROR(impl_->IndexEntity(a.value_id, a.value));
    FACTLINE_RETURN_IF_ERROR(impl_->IndexRelation(a.relation_id, a.relation));
    if (a.superseded_by != kNoAtom) {
      FACTLINE_RETURN_IF_ERROR(impl_->RemoveAtom(a.id));
    } else {
      FACTLINE_RETURN_IF_ERROR(impl_->IndexAtom(a));
    }
    if (a.supersedes != kNoAtom) {
      FACTLINE_RETURN_IF_ERROR(impl_->RemoveAtom(a.supersedes));
    }
  }
  return Status::Ok();
}

Status SideIndex::Remove(const std::vector<AtomId>& closed_atoms) {
  std::unique_lock lock(impl_->mu);
  for (AtomId id : closed_atoms) {
    FACTLINE_RETURN_IF_ERROR(impl_->RemoveAtom(id));
  }
  return Status::Ok();
}

Status SideIndex::SetEntityVector(EntityId id,
                                  const std::vector<float>& vector) {
  FACTLINE_ASSIGN_OR_RETURN(
      std::vector<float> v,
      Normalized(vector, impl_->dim, "entity vector", /*allow_zero=*/false));
  FACTLINE_RETURN_IF_ERROR(impl_->store->Read(
      [&](const graph::Reader& r) { return r.GetEntity(id).status(); }));
  std::unique_lock lock(impl_->mu);
  FACTLINE_RETURN_IF_ERROR(impl_->entities->Put(id, v.data()));
  impl_->caller.entities[id] = std::move(v);
  impl_->clean = false;
  return Status::Ok();
}

Status SideIndex::SetAtomVector(AtomId id, const std::vector<float>& vector) {
  FACTLINE_ASSIGN_OR_RETURN(
      std::vector<float> v,
      Normalized(vector, impl_->dim, "atom vector", /*allow_zero=*/false));
  bool current = false;
  FACTLINE_RETURN_IF_ERROR(impl_->store->Read([&](const graph::Reader& r) {
    FACTLINE_ASSIGN_OR_RETURN(Atom a, r.GetAtom(id));
    FACTLINE_ASSIGN_OR_RETURN(std::vector<AtomId> ids,
                              r.Current(a.subject_id, a.relation_id));
    current = std::find(ids.begin(), ids.end(), id) != ids.end();
    return Status::Ok();
  }));
  std::unique_lock lock(impl_->mu);
  if (current) FACTLINE_RETURN_IF_ERROR(impl_->atoms->Put(id, v.data()));
  impl_->caller.atoms[id] = std::move(v);
  impl_->clean = false;
  return Status::Ok();
}

// Lock order: a graph snapshot (Store::Read) first, then mu. Lookups are
// called with the caller's Reader (inside its Read or Update) and take mu
// there, so taking mu first here and then a snapshot would be the reverse
// order, a deadlock for callers that use a SideIndex from several threads.
Result<std::string> SideIndex::CatchUp() {
  std::string message;
  FACTLINE_RETURN_IF_ERROR(impl_->store->Read([&](const graph::Reader& r) {
    std::unique_lock lock(impl_->mu);
    FACTLINE_ASSIGN_OR_RETURN(message, impl_->CatchUpFrom(r));
    return Status::Ok();
  }));
  return message;
}

Status SideIndex::Rebuild(std::string* report) {
  FACTLINE_RETURN_IF_ERROR(
      impl_->store->Read([&](const graph::Reader& r) -> Status {
        std::unique_lock lock(impl_->mu);
        FACTLINE_RETURN_IF_ERROR(impl_->RebuildFrom(r));
        if (report != nullptr) {
          *report = "side-index rebuilt from the graph: " + impl_->Counts();
        }
        return Status::Ok();
      }));
  return Status::Ok();
}

Status SideIndex::Save() {
  if (impl_->read_only) {
    return Status::NotSupported("the store is read-only; index not saved");
  }
  FACTLINE_RETURN_IF_ERROR(impl_->store->Read([&](const graph::Reader& r) {
    std::unique_lock lock(impl_->mu);
    return impl_->CatchUpFrom(r).status();
  }));
  // The snapshot is released: writing files can take a while. Whatever the
  // index holds now is consistent with its `covered` mark.
  std::unique_lock lock(impl_->mu);
  if (impl_->clean) return Status::Ok();  // the files already hold this
  return impl_->SaveFiles();
}

Result<std::vector<Match>> SideIndex::FindEntities(
    std::string_view text, int k, const graph::Reader* reader) const {
  FACTLINE_RETURN_IF_ERROR(CheckK(k));
  FACTLINE_ASSIGN_OR_RETURN(std::vector<float> q, impl_->EmbedText(text));
  const auto n = static_cast<std::size_t>(k);
  FACTLINE_ASSIGN_OR_RETURN(Hits hits, impl_->SearchEntities(q, n));
  const std::string tail = PossessiveTail(text);
  if (!tail.empty()) {
    FACTLINE_ASSIGN_OR_RETURN(std::vector<float> tq, impl_->EmbedText(tail));
    FACTLINE_ASSIGN_OR_RETURN(Hits tail_hits, impl_->SearchEntities(tq, n));
    std::map<std::uint64_t, float> best;
    for (const auto& [score, id] : hits) best[id] = score;
    for (const auto& [score, id] : tail_hits) {
      float& s = best.try_emplace(id, -2.0f).first->second;
      s = std::max(s, score * kPossessiveScale);
    }
    hits.clear();
    for (const auto& [id, score] : best) hits.emplace_back(score, id);
    std::sort(hits.begin(), hits.end(), [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    if (hits.size() > n) hits.resize(n);
  }
  return impl_->EntityMatches(hits, reader);
}

Result<std::vector<Match>> SideIndex::FindEntitiesByVector(
    const std::vector<float>& vector, int k,
    const graph::Reader* reader) const {
  FACTLINE_RETURN_IF_ERROR(CheckK(k));
  FACTLINE_ASSIGN_OR_RETURN(
      std::vector<float> q,
      Normalized(vector, impl_->dim, "query vector", /*allow_zero=*/true));
  FACTLINE_ASSIGN_OR_RETURN(
      Hits hits, impl_->SearchEntities(q, static_cast<std::size_t>(k)));
  return impl_->EntityMatches(hits, reader);
}

Result<std::vector<Match>> SideIndex::FindRelations(
    std::string_view phrase, int k, const graph::Reader* reader) const {
  FACTLINE_RETURN_IF_ERROR(CheckK(k));
  FACTLINE_ASSIGN_OR_RETURN(std::vector<float> q, impl_->EmbedText(phrase));
  // Several phrases per relation: search wider, keep each relation's best.
  FACTLINE_ASSIGN_OR_RETURN(
      Hits hits,
      impl_->SearchRelations(q, static_cast<std::size_t>(k) * 4 + 16));
  std::vector<Match> out;
  std::set<RelationId> seen;
  FACTLINE_RETURN_IF_ERROR(
      impl_->WithReader(reader, [&](const graph::Reader& r) {
        for (const auto& [score, label] : hits) {
          const RelationId id = RelationOfLabel(label);
          if (!seen.insert(id).second) continue;
          Result<graph::Relation> rel = r.GetRelation(id);
          if (!rel.ok()) {
            if (rel.status().IsNotFound()) continue;
            return rel.status();
          }
          out.push_back(Match{id, score, std::move(rel->key)});
          if (out.size() == static_cast<std::size_t>(k)) break;
        }
        return Status::Ok();
      }));
  return out;
}

Result<std::vector<Match>> SideIndex::FindAtoms(
    std::string_view text, int k, const graph::Reader* reader) const {
  FACTLINE_RETURN_IF_ERROR(CheckK(k));
  FACTLINE_ASSIGN_OR_RETURN(std::vector<float> q, impl_->EmbedText(text));
  FACTLINE_ASSIGN_OR_RETURN(Hits hits,
                            impl_->SearchAtoms(q, static_cast<std::size_t>(k)));
  return impl_->AtomMatches(hits, reader);
}

Result<std::vector<Match>> SideIndex::FindAtomsByVector(
    const std::vector<float>& vector, int k,
    const graph::Reader* reader) const {
  FACTLINE_RETURN_IF_ERROR(CheckK(k));
  FACTLINE_ASSIGN_OR_RETURN(
      std::vector<float> q,
      Normalized(vector, impl_->dim, "query vector", /*allow_zero=*/true));
  FACTLINE_ASSIGN_OR_RETURN(Hits hits,
                            impl_->SearchAtoms(q, static_cast<std::size_t>(k)));
  return impl_->AtomMatches(hits, reader);
}

Result<std::vector<Match>> SideIndex::NearDuplicates(
    std::string_view value, const DuplicateScope& scope,
    const graph::Reader* reader) const {
  FACTLINE_RETURN_IF_ERROR(CheckK(scope.k));
  if (scope.subject.empty()) {
    if (scope.threshold < 0 || scope.threshold > 1) {
      return Status::InvalidArgument("duplicate threshold must be in [0, 1]");
    }
    const double threshold = scope.threshold > 0
                                 ? scope.threshold
                                 : impl_->options.duplicate_threshold;
    FACTLINE_ASSIGN_OR_RETURN(std::vector<float> q, impl_->EmbedText(value));
    FACTLINE_ASSIGN_OR_RETURN(
        Hits hits, impl_->SearchEntities(q, static_cast<std::size_t>(scope.k)));
    std::erase_if(hits, [&](const auto& h) { return h.first < threshold; });
    return impl_->EntityMatches(hits, reader);
  }
  std::vector<Atom> current;
  FACTLINE_RETURN_IF_ERROR(
      impl_->WithReader(reader, [&](const graph::Reader& r) {
        Result<graph::Entity> subject = r.FindEntity(scope.subject);
        if (!subject.ok()) {
          return subject.status().IsNotFound() ? Status::Ok()
                                               : subject.status();
        }
        Result<graph::Relation> rel = r.FindRelation(scope.relation);
        if (!rel.ok() && rel.status().IsNotFound()) {
          rel =
              r.FindRelation(impl_->lexicon->CanonicalRelation(scope.relation));
        }
        if (!rel.ok()) {
          return rel.status().IsNotFound() ? Status::Ok() : rel.status();
        }
        FACTLINE_ASSIGN_OR_RETURN(std::vector<AtomId> ids,
                                  r.Current(subject->id, rel->id));
        for (AtomId id : ids) {
          FACTLINE_ASSIGN_OR_RETURN(Atom a, r.GetAtom(id));
          current.push_back(std::move(a));
        }
        return Status::Ok();
      }));
  FACTLINE_ASSIGN_OR_RETURN(
      std::vector<Match> out,
      NearDuplicateValues(value, current, scope.threshold));
  if (out.size() > static_cast<std::size_t>(scope.k)) out.resize(scope.k);
  return out;
}

Result<std::vector<Match>> SideIndex::NearDuplicateValues(
    std::string_view value, const std::vector<Atom>& atoms,
    double threshold) const {
  if (threshold < 0 || threshold > 1) {
    return Status::InvalidArgument("duplicate threshold must be in [0, 1]");
  }
  if (threshold == 0) threshold = impl_->options.duplicate_threshold;
  FACTLINE_ASSIGN_OR_RETURN(std::vector<float> q, impl_->EmbedText(value));
  std::vector<Match> out;
  for (const Atom& a : atoms) {
    FACTLINE_ASSIGN_OR_RETURN(std::vector<float> v, impl_->EmbedText(a.value));
    double dot = 0;
    for (std::size_t i = 0; i < v.size(); ++i) dot += double{v[i]} * q[i];
    if (dot >= threshold) {
      out.push_back(Match{a.id, static_cast<float>(dot), a.value});
    }
  }
  SortMatches(&out);
  return out;
}

int SideIndex::dimension() const { return impl_->dim; }
const Embedder& SideIndex::embedder() const { return *impl_->embedder; }
const std::string& SideIndex::directory() const { return impl_->dir; }

IndexStats SideIndex::Stats() const {
  std::shared_lock lock(impl_->mu);
  IndexStats s;
  s.entities = impl_->entities->live_count();
  s.relations = impl_->relations_indexed;
  s.atoms = impl_->atoms->live_count();
  s.caller_vectors = impl_->caller.entities.size() + impl_->caller.atoms.size();
  s.dimension = impl_->dim;
  s.embedder_id = impl_->embedder->id();
  s.covered_audit_seq = impl_->covered.audit_seq;
  return s;
}

}  // namespace factline::index
