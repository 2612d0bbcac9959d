// Binary encodings of the graph's LMDB values.
//
// Records start with a version byte and use LEB128 varints (zigzag for
// signed times) and varint-length-prefixed strings. Decoders never trust
// their input: truncated, oversized or garbage bytes give Corruption, never
// a crash or an unbounded allocation. Encoders append to a caller-owned
// buffer so the write path can reuse one allocation.
#ifndef FACTLINE_GRAPH_INTERNAL_CODEC_H_
#define FACTLINE_GRAPH_INTERNAL_CODEC_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "atoms/atoms.h"
#include "graph/graph.h"

namespace factline::graph::internal {

// 2: superseded_at (flag bit 2); stated valid_to is never rewritten.
// 3: same fields; the stored value is sealed (SealRecord).
inline constexpr std::uint8_t kAtomRecordVersion = 3;
inline constexpr std::uint8_t kLegacyAtomRecordVersion = 2;
inline constexpr std::uint8_t kTimelineRecordVersion = 1;
// 2: same fields as 1; the stored value is sealed.
inline constexpr std::uint8_t kAuditRecordVersion = 2;
inline constexpr std::uint8_t kLegacyAuditRecordVersion = 1;

void PutVarint64(std::uint64_t v, std::string* out);
// Consumes a varint from the front of *in; false if truncated or over 10
// bytes.
bool GetVarint64(std::string_view* in, std::uint64_t* v);
void PutLengthPrefixed(std::string_view s, std::string* out);
bool GetLengthPrefixed(std::string_view* in, std::string_view* s);

// Sealed records (values of `atoms`, `audit` and `held` since store format
// 3), like LevelDB's block trailer: the record is followed by 4 bytes, the
// big-endian masked CRC32C of the LMDB key and the record, so a damaged
// byte or a value found under another key is detected before decoding.
inline constexpr std::size_t kSealSize = 4;
// Appends the trailer covering `key` and all of *value.
void SealRecord(std::string_view key, std::string* value);
// Verifies and strips the trailer of *value. A record whose version byte is
// `legacy_version` predates checksums: accepted as it is when
// `allow_legacy` (a format-2 store), else refused. Corruption (the caller
// adds the table and key) on a mismatch or a value too short for a trailer.
Status UnsealRecord(std::string_view key, std::string_view* value,
                    std::uint8_t legacy_version, bool allow_legacy);

// Appends the record of every field of `atom` except id (the record's key).
void EncodeAtom(const Atom& atom, std::string* out);
// Fills every field of *atom except id. Corruption on malformed input.
// Reads record versions 2 and 3 (the same fields).
Status DecodeAtom(std::string_view in, Atom* atom);

// timeline value: a slot's effective segments (graph::ValidSegment), each
// with from < to. Corruption on malformed input or an empty segment.
void EncodeTimeline(const std::vector<ValidSegment>& segments,
                    std::string* out);
Status DecodeTimeline(std::string_view in, std::vector<ValidSegment>* out);

// Appends the record of every field of `record` except seq (the key).
void EncodeAudit(const AuditRecord& record, std::string* out);
Status DecodeAudit(std::string_view in, AuditRecord* record);

// 2: same fields as 1; the stored value is sealed.
inline constexpr std::uint8_t kHeldRecordVersion = 2;
inline constexpr std::uint8_t kLegacyHeldRecordVersion = 1;

// held value: every field of `item` except id (the key); the atom record
// (EncodeAtom) comes last, preceded by the atom's id.
void EncodeHeld(const HeldItem& item, std::string* out);
Status DecodeHeld(std::string_view in, HeldItem* item);

// entities-by-id value: display and normalised key.
void EncodeEntityRecord(std::string_view display, std::string_view key,
                        std::string* out);
Status DecodeEntityRecord(std::string_view in, Entity* entity);

// relations-by-id value: cardinality byte and key.
void EncodeRelationRecord(Cardinality cardinality, std::string_view key,
                          std::string* out);
Status DecodeRelationRecord(std::string_view in, Relation* relation);

// The meta "counters" record: fixed-width big-endian words.
struct Counters {
  std::uint64_t last_entity = 0;  // highest entity id assigned
  std::uint64_t last_relation = 0;
  std::uint64_t last_atom = 0;
  std::uint64_t last_audit = 0;  // highest audit seq (= record count)
  std::uint64_t current_atoms = 0;
  std::uint64_t superseded_atoms = 0;
};
inline constexpr std::size_t kCountersSize = std::size_t{6} * 8;
void EncodeCounters(const Counters& c, std::string* out);
Status DecodeCounters(std::string_view in, Counters* c);

}  // namespace factline::graph::internal

#endif  // FACTLINE_GRAPH_INTERNAL_CODEC_H_
