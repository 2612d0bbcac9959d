// A Status-returning wrapper around one hnswlib::HierarchicalNSW over an
// inner-product space. This is the only code that includes hnswlib; every
// hnswlib exception stops here.
//
// Thread safety: const methods may run concurrently with each other; the
// others need exclusive access (SideIndex holds the lock).
#ifndef FACTLINE_INDEX_INTERNAL_VECTOR_INDEX_H_
#define FACTLINE_INDEX_INTERNAL_VECTOR_INDEX_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "atoms/atoms.h"

namespace factline::index::internal {

struct HnswParams {
  int m = 16;
  int ef_construction = 100;
  int ef_search = 64;
};

// (cosine similarity, label), best first.
using Hits = std::vector<std::pair<float, std::uint64_t>>;

class VectorIndex {
 public:
  // An empty index of `dimension` floats per vector with room for
  // `capacity` points (grown on demand).
  static Result<std::unique_ptr<VectorIndex>> Create(int dimension,
                                                     const HnswParams& params,
                                                     std::size_t capacity);
  // Loads a file written by Save. Corruption when the file does not hold an
  // index of this dimension (hnswlib's own checks plus layout checks).
  static Result<std::unique_ptr<VectorIndex>> Load(const std::string& path,
                                                   int dimension,
                                                   const HnswParams& params);
  ~VectorIndex();
  VectorIndex(const VectorIndex&) = delete;
  VectorIndex& operator=(const VectorIndex&) = delete;

  // Inserts the point, or makes an existing label live again and replaces
  // its vector when it differs. Grows the index (doubling) when full.
  // `vector` must hold dimension() floats. ResourceExhausted when memory runs
  // out.
  Status Put(std::uint64_t label, const float* vector);
  // Marks the label deleted; absent or already deleted labels are ignored.
  Status Remove(std::uint64_t label);
  bool Contains(std::uint64_t label) const;  // present and not deleted

  // Up to k live points nearest to `query`, searching with
  // max(ef_search, k).
  Result<Hits> Search(const float* query, std::size_t k) const;

  // Writes the index with hnswlib's format and checks the file has the
  // expected size (hnswlib does not report write errors).
  Status Save(const std::string& path) const;

  // Calls fn for each live label.
  void ForEachLive(const std::function<void(std::uint64_t)>& fn) const;

  std::size_t live_count() const;
  int dimension() const;

 private:
  struct Impl;
  explicit VectorIndex(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace factline::index::internal

#endif  // FACTLINE_INDEX_INTERNAL_VECTOR_INDEX_H_
