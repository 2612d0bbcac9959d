#include "index/internal/vector_index.h"

#include <sys/stat.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <exception>
#include <new>
#include <stdexcept>
#include <string_view>

#include "index/internal/files.h"

// hnswlib 0.6.2 defines ordinary (non-inline) functions and variables in its
// headers, which clash at link time with any other code that includes
// hnswlib (the benchmark does). Renaming the namespace keeps ours apart;
// `hnswlib` stays defined for the rest of this file. NO_MANUAL_VECTORIZATION
// drops the SSE block, which holds the global-scope ones (cpuid, xgetbv,
// AVXCapable) and prefetches through a pointer read one slot past the end
// of an upper-layer link list (a heap over-read that ASan reports). Our own
// distance kernels below do not depend on it, and the bench shows no loss.
#define hnswlib factline_index_hnswlib
#define NO_MANUAL_VECTORIZATION
#include <hnswlib/hnswlib.h>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define FACTLINE_INDEX_X86 1
#endif

#if defined(__SANITIZE_THREAD__)
// hnswlib's addPoint holds the new element's lock while it takes its
// neighbours' locks, which TSan's lock-order check reports as a potential
// deadlock. SideIndex runs one addPoint at a time (exclusive lock), so no
// cycle can form; only that report is silenced, data races still fail.
extern "C" const char* __tsan_default_suppressions() {
  return "deadlock:factline_index_hnswlib::HierarchicalNSW\n";
}
#endif

namespace factline::index::internal {
namespace {

using Hnsw = hnswlib::HierarchicalNSW<float>;
using hnswlib::labeltype;
using hnswlib::linklistsizeint;
using hnswlib::tableint;

constexpr std::size_t kMinCapacity = 1024;

// Storage: vectors are kept as IEEE half floats. The distance computation
// is bound by memory traffic (a 256-float vector is 16 cache lines), so
// halving the bytes nearly halves build and search time, at a cost of about
// 1e-4 in cosine (unit vectors, components well inside half's range).
//
// Kernels: inner-product distance (1 - dot) with the widest SIMD the CPU
// has, chosen at run time (hnswlib picks its own at compile time, and the
// default -march gives it SSE only). Half -> float conversion is exact, so
// every kernel sees the same inputs; float -> half is done once per stored
// vector, in software, so stored data is identical on every machine.
std::uint16_t FloatToHalf(float f) {
  std::uint32_t x = 0;
  std::memcpy(&x, &f, sizeof(x));
  const std::uint32_t sign = (x >> 16) & 0x8000u;
  std::uint32_t mant = x & 0x7fffffu;
  const int exp = static_cast<int>((x >> 23) & 0xffu);
  if (exp == 255)
    return static_cast<std::uint16_t>(sign | 0x7c00u | (mant ? 0x200u : 0u));
  const int e = exp - 127 + 15;
  if (e >= 31) return static_cast<std::uint16_t>(sign | 0x7c00u);
  if (e <= 0) {  // subnormal half (or zero)
    if (e < -10) return static_cast<std::uint16_t>(sign);
    mant |= 0x800000u;
    const int shift = 14 - e;
    std::uint32_t h = mant >> shift;
    const std::uint32_t rem = mant & ((1u << shift) - 1);
    const std::uint32_t half_way = 1u << (shift - 1);
    if (rem > half_way || (rem == half_way && (h & 1u))) ++h;
    return static_cast<std::uint16_t>(sign | h);
  }
  std::uint32_t h = sign | (static_cast<std::uint32_t>(e) << 10) | (mant >> 13);
  const std::uint32_t rem = mant & 0x1fffu;
  if (rem > 0x1000u || (rem == 0x1000u && (h & 1u))) ++h;  // carries are right
  return static_cast<std::uint16_t>(h);
}

float HalfToFloat(std::uint16_t h) {
  const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
  std::uint32_t exp = (h >> 10) & 0x1fu;
  std::uint32_t mant = h & 0x3ffu;
  std::uint32_t x = 0;
  if (exp == 0) {
    if (mant == 0) {
      x = sign;
    } else {
      exp = 127 - 15 + 1;
      while ((mant & 0x400u) == 0) {
        mant <<= 1;
        --exp;
      }
      x = sign | (exp << 23) | ((mant & 0x3ffu) << 13);
    }
  } else if (exp == 31) {
    x = sign | 0x7f800000u | (mant << 13);
  } else {
    x = sign | ((exp + 112) << 23) | (mant << 13);
  }
  float f = 0;
  std::memcpy(&f, &x, sizeof(f));
  return f;
}

float DistanceScalar(const void* av, const void* bv, const void* param) {
  const std::size_t n = *static_cast<const std::size_t*>(param);
  const auto* a = static_cast<const std::uint16_t*>(av);
  const auto* b = static_cast<const std::uint16_t*>(bv);
  float dot = 0;
  for (std::size_t i = 0; i < n; ++i)
    dot += HalfToFloat(a[i]) * HalfToFloat(b[i]);
  return 1.0f - dot;
}

#ifdef FACTLINE_INDEX_X86
__attribute__((target("avx2,f16c"), always_inline)) inline __m256 Load8(
    const std::uint16_t* p) {
  return _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
}

// maskz: the plain _mm512_cvtph_ps trips GCC 12's -Wmaybe-uninitialized in
// its own header.
__attribute__((target("avx512f"), always_inline)) inline __m512 Load16(
    const std::uint16_t* p) {
  return _mm512_maskz_cvtph_ps(
      0xFFFF, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)));
}

__attribute__((target("avx2,fma,f16c"))) float DistanceAvx2(const void* av,
                                                            const void* bv,
                                                            const void* param) {
  const std::size_t n = *static_cast<const std::size_t*>(param);
  const auto* a = static_cast<const std::uint16_t*>(av);
  const auto* b = static_cast<const std::uint16_t*>(bv);
  __m256 s0 = _mm256_setzero_ps(), s1 = _mm256_setzero_ps();
  std::size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    s0 = _mm256_fmadd_ps(Load8(a + i), Load8(b + i), s0);
    s1 = _mm256_fmadd_ps(Load8(a + i + 8), Load8(b + i + 8), s1);
  }
  for (; i + 8 <= n; i += 8)
    s0 = _mm256_fmadd_ps(Load8(a + i), Load8(b + i), s0);
  alignas(32) float lanes[8];
  _mm256_store_ps(lanes, _mm256_add_ps(s0, s1));
  float dot = 0;
  for (float lane : lanes) dot += lane;
  for (; i < n; ++i) dot += HalfToFloat(a[i]) * HalfToFloat(b[i]);
  return 1.0f - dot;
}

__attribute__((target("avx512f"))) float DistanceAvx512(const void* av,
                                                        const void* bv,
                                                        const void* param) {
  const std::size_t n = *static_cast<const std::size_t*>(param);
  const auto* a = static_cast<const std::uint16_t*>(av);
  const auto* b = static_cast<const std::uint16_t*>(bv);
  __m512 s0 = _mm512_setzero_ps(), s1 = _mm512_setzero_ps();
  std::size_t i = 0;
  for (; i + 32 <= n; i += 32) {
    s0 = _mm512_fmadd_ps(Load16(a + i), Load16(b + i), s0);
    s1 = _mm512_fmadd_ps(Load16(a + i + 16), Load16(b + i + 16), s1);
  }
  for (; i + 16 <= n; i += 16) {
    s0 = _mm512_fmadd_ps(Load16(a + i), Load16(b + i), s0);
  }
  // Spilled rather than _mm512_reduce_add_ps, which trips GCC 12's
  // -Wuninitialized inside its own header.
  alignas(64) float lanes[16];
  _mm512_store_ps(lanes, _mm512_add_ps(s0, s1));
  float dot = 0;
  for (float lane : lanes) dot += lane;
  for (; i < n; ++i) dot += HalfToFloat(a[i]) * HalfToFloat(b[i]);
  return 1.0f - dot;
}
#endif

hnswlib::DISTFUNC<float> DetectDistance() {
#ifdef FACTLINE_INDEX_X86
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f")) return DistanceAvx512;
  // Every AVX2 CPU has F16C (it came a generation earlier), and Clang's
  // __builtin_cpu_supports does not know "f16c".
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
    return DistanceAvx2;
  }
#endif
  return DistanceScalar;
}

// Detected once (thread-safe static init): __builtin_cpu_init writes a
// global.
hnswlib::DISTFUNC<float> PickDistance() {
  static const hnswlib::DISTFUNC<float> kDistance = DetectDistance();
  return kDistance;
}

std::vector<std::uint16_t> ToHalf(const float* v, std::size_t n) {
  std::vector<std::uint16_t> out(n);
  for (std::size_t i = 0; i < n; ++i) out[i] = FloatToHalf(v[i]);
  return out;
}

// hnswlib's SpaceInterface with the kernel above.
class IpSpace final : public hnswlib::SpaceInterface<float> {
 public:
  explicit IpSpace(std::size_t dim) : dim_(dim), dist_(PickDistance()) {}
  std::size_t get_data_size() override { return dim_ * sizeof(std::uint16_t); }
  hnswlib::DISTFUNC<float> get_dist_func() override { return dist_; }
  void* get_dist_func_param() override { return &dim_; }

 private:
  std::size_t dim_;
  hnswlib::DISTFUNC<float> dist_;
};

// Maps an exception thrown by hnswlib (or the allocator under it).
Status FromException(const std::exception& e, std::string_view what) {
  const std::string msg = "hnswlib " + std::string(what) + ": " + e.what();
  if (dynamic_cast<const std::bad_alloc*>(&e) != nullptr ||
      std::string_view(e.what()).find("memory") != std::string_view::npos) {
    return Status::ResourceExhausted(msg);
  }
  return Status::Corruption(msg);
}

template <typename T>
bool ReadPod(std::string_view bytes, std::size_t* pos, T* out) {
  if (*pos > bytes.size() || bytes.size() - *pos < sizeof(T)) return false;
  std::memcpy(out, bytes.data() + *pos, sizeof(T));
  *pos += sizeof(T);
  return true;
}

// The header hnswlib 0.6.2's saveIndex writes, in order.
struct Header {
  std::size_t offset_level0 = 0;
  std::size_t max_elements = 0;
  std::size_t count = 0;
  std::size_t size_data_per_element = 0;
  std::size_t label_offset = 0;
  std::size_t offset_data = 0;
  int max_level = 0;
  tableint enter_point = 0;
  std::size_t max_m = 0;
  std::size_t max_m0 = 0;
  std::size_t m = 0;
  double mult = 0;
  std::size_t ef_construction = 0;
};

// Checks that `bytes` is a complete hnswlib file for vectors of `data_size`
// bytes, and that every link points at an existing element, so that loading
// and searching it cannot read out of bounds. hnswlib itself checks only the
// total size.
Status ValidateFile(std::string_view bytes, std::size_t data_size) {
  Header h;
  std::size_t pos = 0;
  const bool header_ok =
      ReadPod(bytes, &pos, &h.offset_level0) &&
      ReadPod(bytes, &pos, &h.max_elements) && ReadPod(bytes, &pos, &h.count) &&
      ReadPod(bytes, &pos, &h.size_data_per_element) &&
      ReadPod(bytes, &pos, &h.label_offset) &&
      ReadPod(bytes, &pos, &h.offset_data) &&
      ReadPod(bytes, &pos, &h.max_level) &&
      ReadPod(bytes, &pos, &h.enter_point) && ReadPod(bytes, &pos, &h.max_m) &&
      ReadPod(bytes, &pos, &h.max_m0) && ReadPod(bytes, &pos, &h.m) &&
      ReadPod(bytes, &pos, &h.mult) && ReadPod(bytes, &pos, &h.ef_construction);
  if (!header_ok) return Status::Corruption("truncated header");
  const std::size_t links0 =
      h.max_m0 * sizeof(tableint) + sizeof(linklistsizeint);
  if (h.offset_level0 != 0 || h.m < 2 || h.m > 10000 || h.max_m != h.m ||
      h.max_m0 != 2 * h.m || h.offset_data != links0 ||
      h.label_offset != links0 + data_size ||
      h.size_data_per_element != links0 + data_size + sizeof(labeltype) ||
      h.count > h.max_elements || h.max_elements >= (std::size_t{1} << 31) ||
      h.max_level < (h.count == 0 ? -1 : 0) || h.max_level > 64 ||
      (h.count > 0 && h.enter_point >= h.count)) {
    return Status::Corruption(
        "header does not describe an index of this dimension");
  }
  const std::size_t level0_bytes = h.count * h.size_data_per_element;
  if (bytes.size() - pos < level0_bytes) {
    return Status::Corruption("truncated vector data");
  }
  auto links_ok = [&](const char* list, std::size_t max_links) {
    linklistsizeint n = 0;
    std::memcpy(&n, list, sizeof(n));
    n &= 0xFFFF;  // the upper bytes hold the deleted mark
    if (n > max_links) return false;
    for (std::size_t j = 0; j < n; ++j) {
      tableint t = 0;
      std::memcpy(&t, list + sizeof(linklistsizeint) + j * sizeof(tableint),
                  sizeof(t));
      if (t >= h.count) return false;
    }
    return true;
  };
  const char* level0 = bytes.data() + pos;
  for (std::size_t i = 0; i < h.count; ++i) {
    const char* element = level0 + i * h.size_data_per_element;
    if (!links_ok(element, h.max_m0)) {
      return Status::Corruption("bad level-0 links of element " +
                                std::to_string(i));
    }
    // A NaN or infinite component would make every score through this
    // element NaN.
    for (std::size_t j = 0; j < data_size / sizeof(std::uint16_t); ++j) {
      std::uint16_t half = 0;
      std::memcpy(&half, element + h.offset_data + j * sizeof(half),
                  sizeof(half));
      if (((half >> 10) & 0x1f) == 0x1f) {
        return Status::Corruption("non-finite vector value in element " +
                                  std::to_string(i));
      }
    }
  }
  pos += level0_bytes;
  // Upper layers: a search walks from the entry point down through every
  // level, reading the level-l list of each neighbour it moves to, so each
  // level-l neighbour must itself reach level l, and the entry point must
  // reach the top level.
  const std::size_t links_upper =
      h.max_m * sizeof(tableint) + sizeof(linklistsizeint);
  std::vector<std::size_t> levels(h.count, 0);
  std::vector<std::size_t> upper_at(h.count, 0);
  int top = h.count == 0 ? -1 : 0;
  for (std::size_t i = 0; i < h.count; ++i) {
    unsigned int size = 0;
    if (!ReadPod(bytes, &pos, &size)) {
      return Status::Corruption("truncated link lists");
    }
    if (size % links_upper != 0 ||
        size / links_upper > static_cast<std::size_t>(h.max_level) ||
        bytes.size() - pos < size) {
      return Status::Corruption("bad link list of element " +
                                std::to_string(i));
    }
    levels[i] = size / links_upper;
    upper_at[i] = pos;
    top = std::max(top, static_cast<int>(levels[i]));
    pos += size;
  }
  if (pos != bytes.size()) return Status::Corruption("trailing bytes");
  if (top != h.max_level ||
      (h.count > 0 &&
       levels[h.enter_point] != static_cast<std::size_t>(h.max_level))) {
    return Status::Corruption("entry point is not on the top level");
  }
  for (std::size_t i = 0; i < h.count; ++i) {
    for (std::size_t l = 1; l <= levels[i]; ++l) {
      const char* list = bytes.data() + upper_at[i] + (l - 1) * links_upper;
      if (!links_ok(list, h.max_m)) {
        return Status::Corruption("bad upper links of element " +
                                  std::to_string(i));
      }
      linklistsizeint n = 0;
      std::memcpy(&n, list, sizeof(n));
      for (std::size_t j = 0; j < (n & 0xFFFF); ++j) {
        tableint t = 0;
        std::memcpy(&t, list + sizeof(linklistsizeint) + j * sizeof(tableint),
                    sizeof(t));
        if (levels[t] < l) {
          return Status::Corruption("element " + std::to_string(i) +
                                    " links at level " + std::to_string(l) +
                                    " to element " + std::to_string(t) +
                                    ", which has no such level");
        }
      }
    }
  }
  return Status::Ok();
}

// Bytes saveIndex writes for `index` (see ValidateFile for the layout).
std::size_t ExpectedFileSize(const Hnsw& index) {
  std::size_t n = 6 * sizeof(std::size_t) + sizeof(int) + sizeof(tableint) +
                  3 * sizeof(std::size_t) + sizeof(double) +
                  sizeof(std::size_t);
  n += index.cur_element_count * index.size_data_per_element_;
  for (std::size_t i = 0; i < index.cur_element_count; ++i) {
    n += sizeof(unsigned int);
    if (index.element_levels_[i] > 0) {
      n += index.size_links_per_element_ *
           static_cast<std::size_t>(index.element_levels_[i]);
    }
  }
  return n;
}

}  // namespace

struct VectorIndex::Impl {
  explicit Impl(int dim)
      : dimension(dim), space(static_cast<std::size_t>(dim)) {}
  ~Impl() {
    if (hnsw != nullptr && broken) {
      // A load failed half way; hnswlib's destructor would walk fields it
      // never set. Leak the partial allocations instead.
      hnsw->cur_element_count = 0;
      hnsw->data_level0_memory_ = nullptr;
      hnsw->linkLists_ = nullptr;
      hnsw->visited_list_pool_ = nullptr;
    }
  }

  int dimension;
  IpSpace space;  // must outlive hnsw
  std::unique_ptr<Hnsw> hnsw;
  bool broken = false;
  std::size_t deleted = 0;  // hnswlib's own count is unset after a load
};

VectorIndex::VectorIndex(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
VectorIndex::~VectorIndex() = default;

Result<std::unique_ptr<VectorIndex>> VectorIndex::Create(
    int dimension, const HnswParams& params, std::size_t capacity) {
  auto impl = std::make_unique<Impl>(dimension);
  try {
    impl->hnsw = std::make_unique<Hnsw>(
        &impl->space, std::max(capacity, kMinCapacity),
        static_cast<std::size_t>(params.m),
        static_cast<std::size_t>(params.ef_construction));
    impl->hnsw->setEf(static_cast<std::size_t>(params.ef_search));
  } catch (const std::exception& e) {
    return FromException(e, "create");
  }
  return std::unique_ptr<VectorIndex>(new VectorIndex(std::move(impl)));
}

Result<std::unique_ptr<VectorIndex>> VectorIndex::Load(
    const std::string& path, int dimension, const HnswParams& params) {
  Result<std::string> read = ReadWholeFile(path);
  if (!read.ok()) {
    return read.status().IsNotFound()
               ? Status::IOError("cannot open " + path + ": no such file")
               : read.status();
  }
  std::string bytes = std::move(read).value();
  auto impl = std::make_unique<Impl>(dimension);
  FACTLINE_RETURN_IF_ERROR(
      ValidateFile(bytes, impl->space.get_data_size()).WithContext(path));
  bytes.clear();
  bytes.shrink_to_fit();
  try {
    impl->hnsw = std::make_unique<Hnsw>(&impl->space);
    Hnsw& h = *impl->hnsw;
    // The loading constructor leaves these unset; the destructor and
    // searchKnn read them.
    h.cur_element_count = 0;
    h.num_deleted_ = 0;
    h.data_level0_memory_ = nullptr;
    h.linkLists_ = nullptr;
    h.visited_list_pool_ = nullptr;
    h.metric_distance_computations = 0;
    h.metric_hops = 0;
    impl->broken = true;
    h.loadIndex(path, &impl->space, 0);
    impl->broken = false;
    h.setEf(static_cast<std::size_t>(params.ef_search));
    std::size_t deleted = 0;
    for (std::size_t i = 0; i < h.cur_element_count; ++i) {
      if (h.isMarkedDeleted(static_cast<tableint>(i))) ++deleted;
    }
    h.num_deleted_ = deleted;
    impl->deleted = deleted;
    if (h.label_lookup_.size() != h.cur_element_count) {
      return Status::Corruption(path + ": duplicate labels");
    }
  } catch (const std::exception& e) {
    return FromException(e, "load " + path);
  }
  return std::unique_ptr<VectorIndex>(new VectorIndex(std::move(impl)));
}

Status VectorIndex::Put(std::uint64_t label, const float* vector_f32) {
  Hnsw& h = *impl_->hnsw;
  const std::vector<std::uint16_t> half =
      ToHalf(vector_f32, static_cast<std::size_t>(impl_->dimension));
  const void* vector = half.data();
  try {
    auto it = h.label_lookup_.find(label);
    if (it != h.label_lookup_.end()) {
      const tableint internal_id = it->second;
      if (h.isMarkedDeleted(internal_id)) {
        h.unmarkDelete(label);
        --impl_->deleted;
      }
      if (std::memcmp(h.getDataByInternalId(internal_id), vector,
                      h.data_size_) != 0) {
        h.addPoint(vector, label);  // updates the existing element
      }
      return Status::Ok();
    }
    if (h.cur_element_count >= h.max_elements_) {
      h.resizeIndex(std::max(kMinCapacity, 2 * h.max_elements_));
    }
    h.addPoint(vector, label);
  } catch (const std::exception& e) {
    return FromException(e, "add");
  }
  return Status::Ok();
}

Status VectorIndex::Remove(std::uint64_t label) {
  Hnsw& h = *impl_->hnsw;
  auto it = h.label_lookup_.find(label);
  if (it == h.label_lookup_.end() || h.isMarkedDeleted(it->second)) {
    return Status::Ok();
  }
  try {
    h.markDelete(label);
  } catch (const std::exception& e) {
    return FromException(e, "delete");
  }
  ++impl_->deleted;
  return Status::Ok();
}

bool VectorIndex::Contains(std::uint64_t label) const {
  const Hnsw& h = *impl_->hnsw;
  auto it = h.label_lookup_.find(label);
  return it != h.label_lookup_.end() && !h.isMarkedDeleted(it->second);
}

Result<Hits> VectorIndex::Search(const float* query_f32, std::size_t k) const {
  Hits hits;
  const std::vector<std::uint16_t> query =
      ToHalf(query_f32, static_cast<std::size_t>(impl_->dimension));
  try {
    auto queue = impl_->hnsw->searchKnn(query.data(), k);
    hits.reserve(queue.size());
    for (; !queue.empty(); queue.pop()) {
      const float score = 1.0f - queue.top().first;
      // Never hand out a NaN score (a NaN query, or data that slipped past
      // the load checks): such a point matches nothing.
      if (std::isfinite(score)) hits.emplace_back(score, queue.top().second);
    }
    std::reverse(hits.begin(), hits.end());
  } catch (const std::exception& e) {
    return FromException(e, "search");
  }
  return hits;
}

Status VectorIndex::Save(const std::string& path) const {
  const Hnsw& h = *impl_->hnsw;
  try {
    // saveIndex is not const in hnswlib but does not modify the index.
    const_cast<Hnsw&>(h).saveIndex(path);
  } catch (const std::exception& e) {
    return FromException(e, "save " + path);
  }
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    return Status::IOError("cannot stat " + path + ": " + std::strerror(errno));
  }
  const std::size_t expected = ExpectedFileSize(h);
  if (static_cast<std::size_t>(st.st_size) != expected) {
    return Status::IOError("short write to " + path + " (" +
                           std::to_string(st.st_size) + " of " +
                           std::to_string(expected) + " bytes; disk full?)");
  }
  return Status::Ok();
}

void VectorIndex::ForEachLive(
    const std::function<void(std::uint64_t)>& fn) const {
  const Hnsw& h = *impl_->hnsw;
  for (const auto& [label, internal_id] : h.label_lookup_) {
    if (!h.isMarkedDeleted(internal_id)) fn(label);
  }
}

std::size_t VectorIndex::live_count() const {
  return impl_->hnsw->cur_element_count - impl_->deleted;
}

int VectorIndex::dimension() const { return impl_->dimension; }

}  // namespace factline::index::internal
