#include "index/internal/vector_index.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "tests/test_util.h"

namespace factline::index::internal {
namespace {

using factline::testing::ReadFile;
using factline::testing::ScratchDir;

constexpr int kDim = 32;

std::vector<float> RandomUnit(std::mt19937& rng) {
  std::normal_distribution<float> normal;
  std::vector<float> v(kDim);
  double norm = 0;
  for (float& x : v) {
    x = normal(rng);
    norm += double{x} * x;
  }
  for (float& x : v) x = static_cast<float>(x / std::sqrt(norm));
  return v;
}

std::unique_ptr<VectorIndex> Filled(int n,
                                    std::vector<std::vector<float>>* vs) {
  Result<std::unique_ptr<VectorIndex>> index =
      VectorIndex::Create(kDim, HnswParams{}, 16);
  REQUIRE(index.ok());
  std::mt19937 rng(7);
  for (int i = 0; i < n; ++i) {
    vs->push_back(RandomUnit(rng));
    REQUIRE((*index)
                ->Put(static_cast<std::uint64_t>(i) + 100, vs->back().data())
                .ok());
  }
  return std::move(index).value();
}

TEST_CASE("VectorIndex: put, search, remove, grow", "[index]") {
  std::vector<std::vector<float>> vs;
  auto index = Filled(2500, &vs);  // grows past the 1024 minimum twice
  CHECK(index->live_count() == 2500);
  for (int i : {0, 1234, 2499}) {
    Result<Hits> hits =
        index->Search(vs[static_cast<std::size_t>(i)].data(), 3);
    REQUIRE(hits.ok());
    REQUIRE(hits->size() == 3);
    CHECK(hits->front().second == static_cast<std::uint64_t>(i) + 100);
    CHECK(hits->front().first == Approx(1.0).margin(2e-3));
    CHECK(hits->at(0).first >= hits->at(1).first);
  }
  REQUIRE(index->Remove(100).ok());
  REQUIRE(index->Remove(100).ok());     // twice is fine
  REQUIRE(index->Remove(999999).ok());  // unknown is fine
  CHECK_FALSE(index->Contains(100));
  CHECK(index->live_count() == 2499);
  Result<Hits> hits = index->Search(vs[0].data(), 5);
  REQUIRE(hits.ok());
  for (const auto& h : *hits) CHECK(h.second != 100);
  // Putting it back revives it; a new vector replaces the old one.
  REQUIRE(index->Put(100, vs[1].data()).ok());
  CHECK(index->Contains(100));
  CHECK(index->live_count() == 2500);
  hits = index->Search(vs[1].data(), 2);
  REQUIRE(hits.ok());
  CHECK(hits->at(1).first == Approx(1.0).margin(2e-3));
}

TEST_CASE("VectorIndex: save and load round trip", "[index]") {
  ScratchDir dir;
  std::vector<std::vector<float>> vs;
  auto index = Filled(300, &vs);
  REQUIRE(index->Remove(105).ok());
  const std::string path = dir.Sub("v.hnsw");
  REQUIRE(index->Save(path).ok());
  Result<std::unique_ptr<VectorIndex>> loaded =
      VectorIndex::Load(path, kDim, HnswParams{});
  REQUIRE(loaded.ok());
  CHECK((*loaded)->live_count() == 299);
  CHECK_FALSE((*loaded)->Contains(105));
  CHECK((*loaded)->Contains(106));
  Result<Hits> a = index->Search(vs[42].data(), 10);
  Result<Hits> b = (*loaded)->Search(vs[42].data(), 10);
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  CHECK(*a == *b);
  // A loaded index keeps growing.
  std::mt19937 rng(99);
  for (int i = 0; i < 50; ++i) {
    const auto v = RandomUnit(rng);
    REQUIRE(
        (*loaded)->Put(static_cast<std::uint64_t>(5000 + i), v.data()).ok());
  }
  CHECK((*loaded)->live_count() == 349);
}

TEST_CASE("VectorIndex: damaged files are refused, never crash", "[index]") {
  ScratchDir dir;
  std::vector<std::vector<float>> vs;
  auto index = Filled(200, &vs);
  const std::string path = dir.Sub("v.hnsw");
  REQUIRE(index->Save(path).ok());
  const std::string good = ReadFile(path);
  const std::string bad_path = dir.Sub("bad.hnsw");
  auto load = [&](const std::string& bytes) {
    { std::ofstream(bad_path, std::ios::binary | std::ios::trunc) << bytes; }
    return VectorIndex::Load(bad_path, kDim, HnswParams{}).status();
  };
  CHECK(load("").code() == StatusCode::kCorruption);
  CHECK(load(good.substr(0, 50)).code() == StatusCode::kCorruption);
  CHECK(load(good.substr(0, good.size() / 2)).code() ==
        StatusCode::kCorruption);
  CHECK(load(good.substr(0, good.size() - 1)).code() ==
        StatusCode::kCorruption);
  CHECK(load(good + "x").code() == StatusCode::kCorruption);
  CHECK(load(std::string(good.size(), '\x7f')).code() ==
        StatusCode::kCorruption);
  // Another dimension: the layout does not fit.
  CHECK(VectorIndex::Load(path, kDim * 2, HnswParams{}).status().code() ==
        StatusCode::kCorruption);
  // A link pointing past the last element.
  std::string bad_link = good;
  const std::size_t header = 96;
  bad_link[header + 4] = '\xff';
  bad_link[header + 5] = '\xff';
  bad_link[header] = 1;  // one link in element 0's level-0 list
  CHECK(load(bad_link).code() == StatusCode::kCorruption);
  // Random garbage of every size up to a few KB.
  std::mt19937 rng(3);
  for (int i = 0; i < 200; ++i) {
    std::string junk = good.substr(0, rng() % 4096);
    for (int j = 0; j < 8 && !junk.empty(); ++j) {
      junk[rng() % junk.size()] = static_cast<char>(rng());
    }
    CHECK_FALSE(load(junk).ok());
  }
  CHECK(VectorIndex::Load(dir.Sub("missing"), kDim, HnswParams{})
            .status()
            .code() == StatusCode::kIOError);
}

}  // namespace
}  // namespace factline::index::internal
