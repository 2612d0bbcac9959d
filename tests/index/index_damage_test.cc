// Damaged side-index files: hnswlib's structure is checked before use
// (levels, entry point, neighbour ids, vector values, capacity), any damage
// means a rebuild with the reason reported, never an abort, a NaN score or a
// wrong answer.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "graph/graph.h"
#include "index/index.h"
#include "index/internal/files.h"
#include "index/internal/vector_index.h"
#include "tests/test_util.h"

namespace factline::index {
namespace {

namespace fs = std::filesystem;
using factline::testing::ReadFile;
using factline::testing::ScratchDir;
using internal::HnswParams;
using internal::VectorIndex;

constexpr int kDim = 16;
// hnswlib 0.6.2's file: a 96-byte header (offset_level0, max_elements,
// count, size_data_per_element, label_offset, offset_data as size_t, then
// max_level (int) at 48, enter_point (u32) at 52, max_m, max_m0, m, mult,
// ef_construction), the level-0 block, then per element a u32 byte count
// and its upper-level link lists.
constexpr std::size_t kHeader = 96;
constexpr std::size_t kMaxElementsAt = 8;
constexpr std::size_t kEnterPointAt = 52;

template <typename T>
T Get(const std::string& b, std::size_t at) {
  T v;
  std::memcpy(&v, b.data() + at, sizeof(T));
  return v;
}
template <typename T>
void Set(std::string* b, std::size_t at, T v) {
  std::memcpy(b->data() + at, &v, sizeof(T));
}

// Where things are in a saved file.
struct Layout {
  std::size_t count = 0;
  std::size_t per_element = 0;  // level-0 bytes per element
  std::size_t data_offset = 0;  // vector within an element's level-0 bytes
  std::size_t upper_list = 0;   // bytes of one upper-level link list
  std::vector<std::size_t> levels;
  std::vector<std::size_t> upper_at;  // file offset of level-1 list
};

Layout Parse(const std::string& b) {
  Layout l;
  l.count = Get<std::size_t>(b, 16);
  l.per_element = Get<std::size_t>(b, 24);
  l.data_offset = Get<std::size_t>(b, 40);
  l.upper_list = Get<std::size_t>(b, 56) * 4 + 4;
  std::size_t pos = kHeader + l.count * l.per_element;
  for (std::size_t i = 0; i < l.count; ++i) {
    const auto size = Get<std::uint32_t>(b, pos);
    l.levels.push_back(size / l.upper_list);
    l.upper_at.push_back(pos + 4);
    pos += 4 + size;
  }
  REQUIRE(pos == b.size());
  return l;
}

std::string SavedIndex(const std::string& path, int n) {
  auto index = VectorIndex::Create(kDim, HnswParams{}, 16);
  REQUIRE(index.ok());
  std::mt19937 rng(11);
  std::normal_distribution<float> normal;
  for (int i = 0; i < n; ++i) {
    std::vector<float> v(kDim);
    double norm = 0;
    for (float& x : v) {
      x = normal(rng);
      norm += double{x} * x;
    }
    for (float& x : v) x = static_cast<float>(x / std::sqrt(norm));
    REQUIRE((*index)->Put(static_cast<std::uint64_t>(i) + 1, v.data()).ok());
  }
  REQUIRE((*index)->Save(path).ok());
  return ReadFile(path);
}

Status LoadBytes(const std::string& path, const std::string& bytes) {
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
  return VectorIndex::Load(path, kDim, HnswParams{}).status();
}

TEST_CASE("IndexDamage: hnswlib structure is checked before use",
          "[index][damage]") {
  ScratchDir dir;
  const std::string good = SavedIndex(dir.Sub("good.hnsw"), 600);
  const Layout l = Parse(good);
  const std::string bad = dir.Sub("bad.hnsw");
  REQUIRE(LoadBytes(bad, good).ok());

  SECTION("entry point below the top level") {
    std::size_t low = 0;
    while (l.levels[low] != 0) ++low;
    std::string b = good;
    Set<std::uint32_t>(&b, kEnterPointAt, static_cast<std::uint32_t>(low));
    const Status s = LoadBytes(bad, b);
    REQUIRE(s.code() == StatusCode::kCorruption);
    REQUIRE(s.message().find("entry point") != std::string::npos);
  }
  SECTION("an upper-level link to an element without that level") {
    std::size_t from = 0;
    while (l.levels[from] == 0 ||
           Get<std::uint32_t>(good, l.upper_at[from]) == 0) {
      ++from;
    }
    std::size_t low = 0;
    while (l.levels[low] != 0) ++low;
    std::string b = good;
    Set<std::uint32_t>(&b, l.upper_at[from] + 4,
                       static_cast<std::uint32_t>(low));
    const Status s = LoadBytes(bad, b);
    REQUIRE(s.code() == StatusCode::kCorruption);
    REQUIRE(s.message().find("no such level") != std::string::npos);
  }
  SECTION("a level-0 neighbour id out of range") {
    std::string b = good;
    Set<std::uint32_t>(&b, kHeader + 4, static_cast<std::uint32_t>(l.count));
    REQUIRE(LoadBytes(bad, b).code() == StatusCode::kCorruption);
  }
  SECTION("a NaN or infinite vector value") {
    for (std::uint16_t half : {std::uint16_t{0x7e00}, std::uint16_t{0x7c00}}) {
      std::string b = good;
      Set<std::uint16_t>(&b, kHeader + 5 * l.per_element + l.data_offset, half);
      const Status s = LoadBytes(bad, b);
      REQUIRE(s.code() == StatusCode::kCorruption);
      REQUIRE(s.message().find("non-finite") != std::string::npos);
    }
  }
  SECTION("an absurd capacity") {
    std::string b = good;
    Set<std::size_t>(&b, kMaxElementsAt, std::size_t{1} << 40);
    REQUIRE(LoadBytes(bad, b).code() == StatusCode::kCorruption);
  }
  SECTION("more elements than the file holds") {
    std::string b = good;
    Set<std::size_t>(&b, 16, l.count + 1);
    REQUIRE(LoadBytes(bad, b).code() == StatusCode::kCorruption);
  }
  SECTION("a directory in place of the file") {
    fs::create_directories(dir.Sub("dir.hnsw"));
    const Status s =
        VectorIndex::Load(dir.Sub("dir.hnsw"), kDim, HnswParams{}).status();
    REQUIRE(s.code() == StatusCode::kIOError);
    REQUIRE(s.message().find("is a directory") != std::string::npos);
  }
}

TEST_CASE("IndexDamage: an empty index saves and loads", "[index][damage]") {
  ScratchDir dir;
  auto index = VectorIndex::Create(kDim, HnswParams{}, 16);
  REQUIRE(index.ok());
  REQUIRE((*index)->Save(dir.Sub("empty.hnsw")).ok());
  auto loaded = VectorIndex::Load(dir.Sub("empty.hnsw"), kDim, HnswParams{});
  INFO(loaded.status().ToString());
  REQUIRE(loaded.ok());
  REQUIRE((*loaded)->live_count() == 0);
}

TEST_CASE("IndexDamage: scores are never NaN", "[index][damage]") {
  ScratchDir dir;
  SavedIndex(dir.Sub("i.hnsw"), 50);
  auto index = VectorIndex::Load(dir.Sub("i.hnsw"), kDim, HnswParams{});
  REQUIRE(index.ok());
  std::vector<float> nan(kDim, std::numeric_limits<float>::quiet_NaN());
  auto hits = (*index)->Search(nan.data(), 10);
  REQUIRE(hits.ok());
  for (const auto& [score, label] : *hits) REQUIRE(std::isfinite(score));
}

// A store with a few named entities and its saved side-index.
void Populate(graph::Store& store) {
  REQUIRE(store
              .Update([](graph::Writer& w) -> Status {
                for (const char* name :
                     {"Ada Lovelace", "Charles Babbage", "Alan Turing",
                      "Grace Hopper", "Edsger Dijkstra"}) {
                  Atom a;
                  a.subject = name;
                  a.relation = "field";
                  a.value = "computing";
                  FACTLINE_RETURN_IF_ERROR(w.InsertAtom(&a));
                  FACTLINE_RETURN_IF_ERROR(
                      w.SetCurrent(a.subject_id, a.relation_id, {a.id}));
                }
                return Status::Ok();
              })
              .ok());
}

std::unique_ptr<graph::Store> OpenStore(const std::string& path) {
  graph::StoreOptions o;
  o.initial_map_bytes = 1 << 20;
  auto store = graph::Store::Open(path, o);
  REQUIRE(store.ok());
  return std::move(store).value();
}

std::string TopEntity(const SideIndex& index, std::string_view q) {
  auto got = index.FindEntities(q, 3);
  REQUIRE(got.ok());
  REQUIRE_FALSE(got->empty());
  for (const Match& m : *got) REQUIRE(std::isfinite(m.score));
  return got->front().text;
}

TEST_CASE("IndexDamage: SideIndex rebuilds from any damaged file",
          "[index][damage]") {
  ScratchDir dir;
  auto store = OpenStore(dir.path());
  Populate(*store);
  { REQUIRE(SideIndex::Open(*store).ok()); }  // writes the files
  const std::string idx = dir.Sub("index");
  REQUIRE(fs::exists(idx + "/meta"));

  SECTION("a directory in place of index/meta") {
    fs::remove(idx + "/meta");
    fs::create_directories(idx + "/meta");
    std::string report;
    auto index = SideIndex::Open(*store, {}, &report);
    INFO(report);
    REQUIRE(index.ok());
    REQUIRE(report.find("rebuilt") != std::string::npos);
    REQUIRE(report.find("is a directory") != std::string::npos);
    REQUIRE(TopEntity(**index, "grace hoper") == "Grace Hopper");
  }
  SECTION("a directory in place of an index file") {
    fs::remove(idx + "/entities.hnsw");
    fs::create_directories(idx + "/entities.hnsw");
    std::string report;
    auto index = SideIndex::Open(*store, {}, &report);
    INFO(report);
    REQUIRE(index.ok());
    REQUIRE(report.find("rebuilt") != std::string::npos);
    REQUIRE(TopEntity(**index, "alan turing") == "Alan Turing");
  }
  SECTION("structural damage that matches the recorded checksum") {
    // The meta file is rewritten to vouch for the damaged file, so only the
    // structure checks stand between it and hnswlib.
    const std::string path = idx + "/entities.hnsw";
    std::string b = ReadFile(path);
    const Layout l = Parse(b);
    REQUIRE(Get<std::uint32_t>(b, kHeader) > 0);  // element 0 has links
    Set<std::uint32_t>(&b, kHeader + 4, static_cast<std::uint32_t>(l.count));
    { std::ofstream(path, std::ios::binary | std::ios::trunc) << b; }
    auto meta = internal::DecodeMeta(ReadFile(idx + "/meta"));
    REQUIRE(meta.ok());
    auto digest = internal::DigestFile(path);
    REQUIRE(digest.ok());
    meta->files["entities.hnsw"] = *digest;
    REQUIRE(internal::WriteFileAtomically(idx + "/meta",
                                          internal::EncodeMeta(*meta))
                .ok());
    std::string report;
    auto index = SideIndex::Open(*store, {}, &report);
    INFO(report);
    REQUIRE(index.ok());
    REQUIRE(report.find("rebuilt") != std::string::npos);
    REQUIRE(report.find("entities.hnsw unreadable") != std::string::npos);
    REQUIRE(TopEntity(**index, "dijkstra") == "Edsger Dijkstra");
  }
}

}  // namespace
}  // namespace factline::index
