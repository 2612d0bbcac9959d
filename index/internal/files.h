// File helpers for the side-index: checksums, atomic replacement and the
// meta file that says which graph state the index files cover.
#ifndef FACTLINE_INDEX_INTERNAL_FILES_H_
#define FACTLINE_INDEX_INTERNAL_FILES_H_

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "atoms/atoms.h"

namespace factline::index::internal {

// A fixed 64-bit checksum (not cryptographic): catches truncation, torn
// writes and bit rot.
std::uint64_t Checksum64(std::string_view bytes,
                         std::uint64_t seed = 0x6a09e667f3bcc908ull);

struct FileDigest {
  std::uint64_t size = 0;
  std::uint64_t checksum = 0;
  bool operator==(const FileDigest&) const = default;
};

// NotFound when the file does not exist; IOError when it cannot be read.
Result<FileDigest> DigestFile(const std::string& path);
Result<std::string> ReadWholeFile(const std::string& path);
bool FileExists(const std::string& path);
// mkdir -p for one level below an existing directory.
Status EnsureDirectory(const std::string& path);
// Writes `bytes` to path + ".tmp", fsyncs it and renames it over `path`.
Status WriteFileAtomically(const std::string& path, std::string_view bytes);
// fsync of an existing file and of a directory.
Status SyncFile(const std::string& path);
Status SyncDirectory(const std::string& path);
Status RenameFile(const std::string& from, const std::string& to);
Status RemoveFileIfExists(const std::string& path);

// The graph state an index covers; every field comes from
// graph::StoreStats. Sequence numbers, entity, relation and atom ids are
// dense, so equal counts mean equal content.
struct GraphMark {
  std::uint64_t audit_seq = 0;
  std::uint64_t atoms = 0;
  std::uint64_t entities = 0;
  std::uint64_t relations = 0;
  std::uint64_t current_atoms = 0;
  bool operator==(const GraphMark&) const = default;
  std::string ToString() const;
};

inline constexpr int kIndexFormat = 1;

// Contents of <dir>/meta, a checksummed "key value" text file.
struct Meta {
  int format = kIndexFormat;
  std::string embedder_id;
  int dimension = 0;
  GraphMark covered;
  std::map<std::string, FileDigest> files;  // index file name -> digest
};

std::string EncodeMeta(const Meta& meta);
// Corruption naming the first bad line, the checksum or a missing field.
Result<Meta> DecodeMeta(std::string_view text);

// Caller-supplied vectors (vectors.bin): a self-checking binary file, since
// these cannot be derived from the graph.
struct CallerVectors {
  int dimension = 0;
  std::unordered_map<std::uint64_t, std::vector<float>> entities;
  std::unordered_map<std::uint64_t, std::vector<float>> atoms;
  bool empty() const { return entities.empty() && atoms.empty(); }
};

std::string EncodeCallerVectors(const CallerVectors& vectors);
Result<CallerVectors> DecodeCallerVectors(std::string_view bytes);

}  // namespace factline::index::internal

#endif  // FACTLINE_INDEX_INTERNAL_FILES_H_
