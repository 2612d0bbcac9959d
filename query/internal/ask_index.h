// What Memory::Ask reads instead of LMDB: one snapshot's current atoms
// arranged for question answering (entity names, each subject's atoms, the
// relation vocabulary a question may use, and the Boost.Graph view), plus
// the word splitter both sides of the matching share.
//
// Thread safety: an AskIndex is immutable once built and is shared between
// concurrent Ask calls through shared_ptr<const AskIndex>.
#ifndef FACTLINE_QUERY_INTERNAL_ASK_INDEX_H_
#define FACTLINE_QUERY_INTERNAL_ASK_INDEX_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "atoms/atoms.h"
#include "graph/graph.h"

namespace factline::query::internal {

// A word of a question, phrase or sentence: ASCII lower-cased, with its byte
// span in the text it came from. Words are runs of ASCII letters and digits
// and of non-ASCII characters other than typographic quotes and dashes, so
// "Pirlo's" gives "pirlo" and "s" and "director/manager" two words.
struct Word {
  std::string text;
  std::size_t begin = 0;
  std::size_t end = 0;  // one past the last byte
};
std::vector<Word> SplitWords(std::string_view text);

// How a phrase of the question points to a relation.
enum class CueKind : std::uint8_t {
  kName,  // the relation's name or an alias: "country of citizenship"
  kCue,   // a word the lexicon lists as a cue: "citizen", "hails from"
  kType,  // what the relation's values are called: "country", "city"
};

struct CueEntry {
  std::uint32_t relation = 0;  // index into AskIndex::relations
  float weight = 0;
  CueKind kind = CueKind::kCue;
};

// A relation that has at least one atom in the snapshot.
struct RelationInfo {
  RelationId id = 0;
  std::string key;                   // "P27", or a phrase ("prime minister")
  const RelationDef* def = nullptr;  // lexicon entry when the key is an id
  std::string display;  // readable name for explanations ("spouse")
};

// One atom of the snapshot with what answering needs.
struct AtomInfo {
  AtomId id = kNoAtom;
  EntityId subject = 0;
  EntityId value = 0;
  std::uint32_t relation = 0;  // index into AskIndex::relations
  Timestamp tx_time = kNoTime;
  std::string subject_display;
  std::string value_display;
  std::string text;  // the sentence, else "subject relation value"
};

// The counters an index was built at; any write changes at least one.
struct StoreStamp {
  std::uint64_t atoms = 0;
  std::uint64_t current_atoms = 0;
  std::uint64_t superseded_atoms = 0;
  std::uint64_t audit_records = 0;
  std::uint64_t entities = 0;
  std::uint64_t relations = 0;
  std::uint64_t current_slots = 0;
  bool operator==(const StoreStamp&) const = default;
};
StoreStamp StampOf(const graph::StoreStats& stats);

struct AskIndex {
  StoreStamp stamp;
  Timestamp as_of = kForever;  // kForever: the current atoms

  std::vector<RelationInfo> relations;
  std::unordered_map<RelationId, std::uint32_t> relation_of_id;
  std::unordered_map<std::string, std::uint32_t> relation_of_key;

  std::vector<AtomInfo> atoms;
  std::unordered_map<AtomId, std::uint32_t> atom_of_id;
  // Atoms by subject, oldest transaction first.
  std::unordered_map<EntityId, std::vector<std::uint32_t>> atoms_of_subject;
  // Relations by which each entity is reached as a value (deduplicated):
  // what the store knows the entity to be ("a country", "a city").
  std::unordered_map<EntityId, std::vector<std::uint32_t>> relations_into;
  // NormalizeKey(name) of every entity that is a subject or value.
  std::unordered_map<std::string, EntityId> entity_of_key;
  std::unordered_map<EntityId, std::string> display_of_entity;

  // Relation vocabulary: space-joined words -> what they point to.
  std::unordered_map<std::string, std::vector<CueEntry>> phrases;
  std::size_t max_phrase_words = 1;
  // Type noun -> relations whose values it names ("city" -> P19, P36, ...),
  // plus the pseudo-nouns "who" and "where" from question templates.
  std::unordered_map<std::string, std::vector<std::uint32_t>> relations_of_type;
  std::vector<std::vector<std::string>> type_nouns;  // per relation

  std::unique_ptr<graph::GraphView> graph;  // the same atoms, for paths
};

// Builds the index from the atoms current at transaction time `as_of`
// (kForever: the current atoms) as `reader` sees them. Atoms of a slot that
// has no current atom today are not visited for an as-of index. Errors are
// the reader's.
Result<std::shared_ptr<const AskIndex>> BuildAskIndex(
    const graph::Reader& reader, const Lexicon& lexicon,
    const StoreStamp& stamp, Timestamp as_of);

}  // namespace factline::query::internal

#endif  // FACTLINE_QUERY_INTERNAL_ASK_INDEX_H_
