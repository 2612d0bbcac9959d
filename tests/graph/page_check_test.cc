// The structural page walk (graph/internal/page_check.h): a sound store
// walks clean, and each kind of damage to one page is reported as
// Corruption naming that page and what is wrong with it, before LMDB maps
// the file; a writable open of such a store writes nothing.
#include "graph/internal/page_check.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "graph/graph.h"
#include "tests/test_util.h"

namespace factline::graph {
namespace {

namespace fs = std::filesystem;
using factline::testing::ScratchDir;

constexpr std::uint16_t kBranch = 0x01, kLeaf = 0x02, kOverflow = 0x04;

// A store of `n` atoms in n/2 slots, one with a value text long enough to
// need overflow pages.
void Fill(const std::string& path, int n) {
  StoreOptions o;
  o.initial_map_bytes = 4 << 20;
  auto store = Store::Open(path, o);
  INFO(store.status().ToString());
  REQUIRE(store.ok());
  REQUIRE((*store)
              ->Update([&](Writer& w) -> Status {
                for (int i = 0; i < n; ++i) {
                  Atom a;
                  a.subject = "subject " + std::to_string(i / 2);
                  a.relation = "relation";
                  a.value = "value " + std::to_string(i);
                  if (i == 7) a.text = std::string(9000, 'x');
                  FACTLINE_RETURN_IF_ERROR(w.InsertAtom(&a));
                  FACTLINE_RETURN_IF_ERROR(
                      w.SetCurrent(a.subject_id, a.relation_id, {a.id}));
                }
                return Status::Ok();
              })
              .ok());
}

void WriteBytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

template <typename T>
T Get(const std::string& file, std::size_t at) {
  T v;
  std::memcpy(&v, file.data() + at, sizeof(T));
  return v;
}

template <typename T>
void Put(std::string* file, std::size_t at, T v) {
  std::memcpy(file->data() + at, &v, sizeof(T));
}

constexpr std::size_t kPage = 4096;  // LMDB's default on Linux

// The first page in use with these flags and at least `min_nodes` nodes;
// for a leaf, one whose first node holds a plain value (no flags).
std::uint64_t FindPage(const std::string& file,
                       const std::vector<std::uint64_t>& used,
                       std::uint16_t flags, std::size_t min_nodes) {
  for (std::uint64_t p : used) {
    const std::size_t at = p * kPage;
    if (p < 2 || Get<std::uint16_t>(file, at + 10) != flags) continue;
    if (flags == kOverflow) return p;
    if ((Get<std::uint16_t>(file, at + 12) - 16u) / 2 < min_nodes) continue;
    const std::size_t node0 = at + Get<std::uint16_t>(file, at + 16);
    if (flags == kLeaf && Get<std::uint16_t>(file, node0 + 4) != 0) continue;
    return p;
  }
  FAIL("no page with flags " << flags);
  return 0;
}

// Offset of node i of page p.
std::size_t Node(const std::string& file, std::uint64_t p, std::size_t i) {
  return p * kPage + Get<std::uint16_t>(file, p * kPage + 16 + 2 * i);
}

TEST_CASE("PageCheck: a sound store walks clean", "[graph][damage]") {
  ScratchDir dir;
  Fill(dir.path(), 600);
  std::vector<std::uint64_t> used;
  auto walk = internal::CheckDataPages(dir.path(), &used);
  INFO(walk.status().ToString());
  REQUIRE(walk.ok());
  REQUIRE(walk->pages > 10);
  REQUIRE(walk->pages == used.size() - 0);
  REQUIRE(walk->tables >= 8);
  REQUIRE(used.front() == 0);
  REQUIRE(used[1] == 1);
  REQUIRE(used.back() <= walk->last_page);
  REQUIRE(VerifyStoreFile(dir.path()).ok());
  REQUIRE(internal::CheckDataPages(dir.Sub("none")).status().IsNotFound());
}

TEST_CASE("PageCheck: each kind of page damage is named", "[graph][damage]") {
  ScratchDir dir;
  const std::string db = dir.Sub("db");
  Fill(db, 600);
  std::vector<std::uint64_t> used;
  REQUIRE(internal::CheckDataPages(db, &used).ok());
  const std::string data = db + "/data.mdb";
  const std::string sound = testing::ReadFile(data);
  const std::uint64_t leaf = FindPage(sound, used, kLeaf, 2);
  const std::uint64_t branch = FindPage(sound, used, kBranch, 2);
  const std::uint64_t overflow = FindPage(sound, used, kOverflow, 0);
  const std::size_t leaf_at = leaf * kPage;

  struct Case {
    const char* name;
    std::uint64_t page;  // the page the report must name
    const char* why;     // and this
    std::function<void(std::string*)> damage;
  };
  const std::vector<Case> cases = {
      {"page number", leaf, "it says it is page",
       [&](std::string* f) { Put<std::uint64_t>(f, leaf_at, leaf + 1); }},
      {"zeroed page", leaf, "it says it is page 0",
       [&](std::string* f) { std::memset(f->data() + leaf_at, 0, kPage); }},
      {"flags", leaf, "flags 0x0102",
       [&](std::string* f) { Put<std::uint16_t>(f, leaf_at + 10, 0x0102); }},
      {"a leaf where a branch belongs", branch, "expected a branch page",
       [&](std::string* f) {
         Put<std::uint16_t>(f, branch * kPage + 10, kLeaf);
       }},
      {"lower above upper", leaf, "free-space bounds",
       [&](std::string* f) {
         Put<std::uint16_t>(f, leaf_at + 12,
                            Get<std::uint16_t>(*f, leaf_at + 14) + 2);
       }},
      {"upper past the page", leaf, "free-space bounds",
       [&](std::string* f) { Put<std::uint16_t>(f, leaf_at + 14, 5000); }},
      {"node offset", leaf, "node 1 (at byte 8) lies outside",
       [&](std::string* f) { Put<std::uint16_t>(f, leaf_at + 18, 8); }},
      {"key size", leaf, "past the page's end",
       [&](std::string* f) {
         Put<std::uint16_t>(f, Node(*f, leaf, 0) + 6, 0xfff0);
       }},
      {"data size", leaf, "past the page's end",
       [&](std::string* f) {
         const std::size_t n = Node(*f, leaf, 0);
         Put<std::uint16_t>(f, n, 0xffff);
         Put<std::uint16_t>(f, n + 2, 0x00ff);
       }},
      {"node flags", leaf, "has node flags 0x0080",
       [&](std::string* f) {
         Put<std::uint16_t>(f, Node(*f, leaf, 0) + 4, 0x80);
       }},
      {"key order", leaf, "key 1 does not sort after key 0",
       [&](std::string* f) {
         const std::size_t n = Node(*f, leaf, 0);
         std::memset(f->data() + n + 8, 0xff, Get<std::uint16_t>(*f, n + 6));
       }},
      {"child out of range", branch, "outside the pages in use",
       [&](std::string* f) {
         const std::size_t n = Node(*f, branch, 1);
         Put<std::uint16_t>(f, n, 0xffff);
         Put<std::uint16_t>(f, n + 2, 0xffff);
       }},
      {"child reached twice", 0, "reached twice",
       [&](std::string* f) {
         const std::size_t n0 = Node(*f, branch, 0), n1 = Node(*f, branch, 1);
         std::memcpy(f->data() + n1, f->data() + n0, 6);
       }},
      {"overflow page flags", overflow, "expected an overflow page",
       [&](std::string* f) {
         Put<std::uint16_t>(f, overflow * kPage + 10, kLeaf);
       }},
      {"overflow run length", overflow, "cannot hold",
       [&](std::string* f) {
         Put<std::uint32_t>(f, overflow * kPage + 12, 1);
       }},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    std::string damaged = sound;
    c.damage(&damaged);
    REQUIRE(damaged != sound);
    WriteBytes(data, damaged);
    auto walk = internal::CheckDataPages(db);
    INFO(walk.status().ToString());
    REQUIRE(walk.status().code() == StatusCode::kCorruption);
    const std::string& msg = walk.status().message();
    if (c.page != 0) {
      REQUIRE(msg.find("page " + std::to_string(c.page) + " of " + data) !=
              std::string::npos);
    }
    REQUIRE(msg.find(c.why) != std::string::npos);
    // A writer refuses the store and leaves the file as it was.
    auto store = Store::Open(db, StoreOptions());
    REQUIRE(store.status().code() == StatusCode::kCorruption);
    REQUIRE(store.status().message().find("is damaged") != std::string::npos);
    REQUIRE(testing::ReadFile(data) == damaged);
    StoreOptions ro;
    ro.read_only = true;
    ro.page_check = PageCheck::kAlways;
    REQUIRE(Store::Open(db, ro).status().code() == StatusCode::kCorruption);
  }
  WriteBytes(data, sound);
  REQUIRE(internal::CheckDataPages(db).ok());
}

TEST_CASE("PageCheck: the newer sound meta page is the one walked",
          "[graph][damage]") {
  ScratchDir dir;
  Fill(dir.path(), 50);
  Fill(dir.path(), 50);  // a second commit: both metas name a tree
  const std::string data = dir.Sub("data.mdb");
  std::string file = testing::ReadFile(data);
  auto before = internal::CheckDataPages(dir.path());
  REQUIRE(before.ok());
  // The newer meta's magic garbled: the older one is walked instead.
  const std::size_t newer =
      Get<std::uint64_t>(file, 144) > Get<std::uint64_t>(file, kPage + 144)
          ? 0
          : kPage;
  Put<std::uint32_t>(&file, newer + 16, 0x12345678);
  WriteBytes(data, file);
  auto after = internal::CheckDataPages(dir.path());
  INFO(after.status().ToString());
  REQUIRE(after.ok());
  REQUIRE(after->txnid < before->txnid);
}

}  // namespace
}  // namespace factline::graph
