#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "graph/graph.h"
#include "graph/internal/keys.h"
#include "graph/internal/lmdb_handles.h"
#include "tests/test_util.h"

namespace factline::graph {
namespace {

using factline::testing::ScratchDir;

Atom MakeAtom(std::string subject, std::string relation, std::string value,
              Timestamp tx = kNoTime) {
  Atom a;
  a.subject = std::move(subject);
  a.relation = std::move(relation);
  a.value = std::move(value);
  a.tx_time = tx;
  return a;
}

std::unique_ptr<Store> OpenOrDie(const std::string& path,
                                 StoreOptions options = {}) {
  options.initial_map_bytes =
      std::min<std::size_t>(options.initial_map_bytes, std::size_t{8} << 20);
  auto store = Store::Open(path, options);
  INFO(store.status().ToString());
  REQUIRE(store.ok());
  return std::move(store).value();
}

// Runs fn in a read snapshot, failing the test on error.
void Read(const Store& store, const std::function<void(const Reader&)>& fn) {
  Status s = store.Read([&](const Reader& r) {
    fn(r);
    return Status::Ok();
  });
  INFO(s.ToString());
  REQUIRE(s.ok());
}

void Update(Store& store, const std::function<Status(Writer&)>& fn) {
  Status s = store.Update(fn);
  INFO(s.ToString());
  REQUIRE(s.ok());
}

template <typename T>
T Must(Result<T> r) {
  INFO(r.status().ToString());
  REQUIRE(r.ok());
  return std::move(r).value();
}

StoreStats StatsOf(const Store& store) {
  StoreStats st;
  Read(store, [&](const Reader& r) { st = Must(r.Stats()); });
  return st;
}

bool Contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

TEST_CASE("Store: create, write and reopen keeps everything", "[graph]") {
  ScratchDir dir;
  const std::string path = dir.Sub("store");  // created by Open
  AtomId a1 = 0, a2 = 0;
  EntityId kenshin = 0;
  RelationId creator = 0;
  {
    auto store = OpenOrDie(path);
    REQUIRE(std::filesystem::exists(path + "/data.mdb"));
    Update(*store, [&](Writer& w) {
      Relation rel = Must(w.InternRelation("P170", Cardinality::kMany));
      REQUIRE(rel.cardinality == Cardinality::kMany);
      Atom a = MakeAtom("Rurouni Kenshin", "P170", "Nobuhiro Watsuki", 100);
      a.provenance.source = "factconsolidation#1";
      FACTLINE_RETURN_IF_ERROR(w.InsertAtom(&a));
      Atom b = MakeAtom("rurouni  KENSHIN.", "P170", "Someone Else", 200);
      FACTLINE_RETURN_IF_ERROR(w.InsertAtom(&b));
      REQUIRE(a.subject_id == b.subject_id);  // same normalised key
      REQUIRE(a.relation_id == rel.id);
      a1 = a.id;
      a2 = b.id;
      kenshin = a.subject_id;
      creator = rel.id;
      FACTLINE_RETURN_IF_ERROR(w.SetCurrent(kenshin, creator, {a1, a2}));
      AuditRecord rec;
      rec.atom = a1;
      rec.action = "added";
      return w.AppendAudit(&rec);
    });
  }
  auto store = OpenOrDie(path);
  Read(*store, [&](const Reader& r) {
    Entity e = Must(r.FindEntity("RUROUNI kenshin"));
    REQUIRE(e.id == kenshin);
    REQUIRE(e.display == "Rurouni Kenshin");  // first display form wins
    REQUIRE(e.key == "rurouni kenshin");
    Relation rel = Must(r.FindRelation("P170"));
    REQUIRE(rel.id == creator);
    REQUIRE(rel.cardinality == Cardinality::kMany);
    REQUIRE(Must(r.GetRelation(creator)).key == "P170");
    Atom a = Must(r.GetAtom(a1));
    REQUIRE(a.value == "Nobuhiro Watsuki");
    REQUIRE(a.provenance.source == "factconsolidation#1");
    REQUIRE(a.valid_from == 100);  // defaults to tx_time
    REQUIRE(Must(r.GetEntity(a.value_id)).display == "Nobuhiro Watsuki");
    REQUIRE(Must(r.Current(kenshin, creator)) == std::vector<AtomId>{a1, a2});
    REQUIRE(Must(r.History(kenshin, creator)) == std::vector<AtomId>{a1, a2});
    StoreStats st = Must(r.Stats());
    REQUIRE(st.entities == 3);
    REQUIRE(st.relations == 1);
    REQUIRE(st.atoms == 2);
    REQUIRE(st.current_slots == 1);
    REQUIRE(st.current_atoms == 2);
    REQUIRE(st.superseded_atoms == 0);
    REQUIRE(st.audit_records == 1);
    REQUIRE(st.used_bytes > 0);
    REQUIRE(st.used_bytes <= st.map_bytes);
    REQUIRE(r.FindEntity("nobody").status().IsNotFound());
    REQUIRE(r.GetAtom(999).status().IsNotFound());
  });
  // Ids continue after reopen.
  Update(*store, [&](Writer& w) {
    Atom c = MakeAtom("X", "P170", "Y", 300);
    FACTLINE_RETURN_IF_ERROR(w.InsertAtom(&c));
    REQUIRE(c.id == a2 + 1);
    REQUIRE(c.subject_id == 4);
    return Status::Ok();
  });
}

TEST_CASE("Store: a failed Update writes nothing", "[graph]") {
  ScratchDir dir;
  auto store = OpenOrDie(dir.path());
  Status s = store->Update([](Writer& w) {
    Atom a = MakeAtom("a", "r", "b", 1);
    FACTLINE_RETURN_IF_ERROR(w.InsertAtom(&a));
    AuditRecord rec;
    FACTLINE_RETURN_IF_ERROR(w.AppendAudit(&rec));
    return Status::InvalidArgument("changed my mind");
  });
  REQUIRE(s.IsInvalidArgument());
  StoreStats st = StatsOf(*store);
  REQUIRE(st.atoms == 0);
  REQUIRE(st.entities == 0);
  REQUIRE(st.audit_records == 0);
  Update(*store, [](Writer& w) {
    Atom a = MakeAtom("a", "r", "b", 1);
    FACTLINE_RETURN_IF_ERROR(w.InsertAtom(&a));
    REQUIRE(a.id == 1);  // the aborted id was not consumed
    return Status::Ok();
  });
}

TEST_CASE("Store: another format version is NotSupported", "[graph]") {
  ScratchDir dir;
  { OpenOrDie(dir.path()); }
  {
    internal::EnvOptions eo;
    eo.map_bytes = 1 << 20;
    internal::Env env = Must(internal::Env::Open(dir.path(), eo));
    bool resized = false;
    internal::WriteTxn txn = Must(internal::WriteTxn::Begin(env, &resized));
    internal::Dbi meta = Must(txn.OpenDbi("meta", false, false, false));
    const char v99[4] = {0, 0, 0, 99};
    REQUIRE(txn.Put(meta, "format_version", std::string_view(v99, 4),
                    internal::PutMode::kOverwrite)
                .ok());
    REQUIRE(txn.Commit().ok());
  }
  auto store = Store::Open(dir.path(), StoreOptions());
  REQUIRE(store.status().code() == StatusCode::kNotSupported);
  REQUIRE(store.status().message() ==
          "store at " + dir.path() +
              " has format version 99, this build reads " +
              std::to_string(kFormatVersion));
}

TEST_CASE("Store: a garbage data.mdb is Corruption, not a crash", "[graph]") {
  ScratchDir dir;
  for (std::size_t size : {std::size_t{100}, std::size_t{64} << 10}) {
    const std::string path = dir.Sub("garbage" + std::to_string(size));
    std::filesystem::create_directories(path);
    {
      std::ofstream out(path + "/data.mdb", std::ios::binary);
      for (std::size_t i = 0; i < size; ++i) {
        out.put(static_cast<char>((i * 131 + 7) & 0xff));
      }
    }
    auto store = Store::Open(path, StoreOptions());
    INFO(store.status().ToString());
    REQUIRE(store.status().code() == StatusCode::kCorruption);
    REQUIRE(Contains(store.status().message(), path));
  }
}

TEST_CASE("Store: an LMDB file of something else is Corruption", "[graph]") {
  ScratchDir dir;
  {
    internal::EnvOptions eo;
    eo.map_bytes = 1 << 20;
    internal::Env env = Must(internal::Env::Open(dir.path(), eo));
    bool resized = false;
    internal::WriteTxn txn = Must(internal::WriteTxn::Begin(env, &resized));
    internal::Dbi other = Must(txn.OpenDbi("other", false, false, true));
    REQUIRE(txn.Put(other, "k", "v", internal::PutMode::kOverwrite).ok());
    REQUIRE(txn.Commit().ok());
  }
  auto store = Store::Open(dir.path(), StoreOptions());
  REQUIRE(store.status().code() == StatusCode::kCorruption);
  REQUIRE(Contains(store.status().message(), "not a factline store"));
}

TEST_CASE("Store: missing stores are IOError unless created", "[graph]") {
  ScratchDir dir;
  StoreOptions no_create;
  no_create.create_if_missing = false;
  auto missing = Store::Open(dir.Sub("nope"), no_create);
  REQUIRE(missing.status().code() == StatusCode::kIOError);
  REQUIRE(Contains(missing.status().message(), dir.Sub("nope")));
  // An existing but empty directory is not a store either.
  auto empty = Store::Open(dir.path(), no_create);
  REQUIRE(empty.status().code() == StatusCode::kIOError);

  StoreOptions ro;
  ro.read_only = true;
  REQUIRE(Store::Open(dir.Sub("nope"), ro).status().code() ==
          StatusCode::kIOError);
  REQUIRE_FALSE(std::filesystem::exists(dir.Sub("nope")));
}

TEST_CASE("Store: read-only stores read but refuse Update", "[graph]") {
  ScratchDir dir;
  const std::string path = dir.Sub("store");
  {
    auto store = OpenOrDie(path);
    Update(*store, [](Writer& w) {
      Atom a = MakeAtom("Ada", "knows", "Charles", 5);
      return w.InsertAtom(&a);
    });
  }
  const bool root = geteuid() == 0;  // root ignores permission bits
  REQUIRE(chmod(path.c_str(), 0555) == 0);

  StoreOptions ro;
  ro.read_only = true;
  auto store = OpenOrDie(path, ro);
  REQUIRE(store->read_only());
  Read(*store, [](const Reader& r) {
    REQUIRE(Must(r.FindEntity("ada")).display == "Ada");
    REQUIRE(Must(r.Stats()).atoms == 1);
  });
  Status s = store->Update([](Writer&) { return Status::Ok(); });
  REQUIRE(s.code() == StatusCode::kNotSupported);
  REQUIRE(Contains(s.message(), "read-only"));
  REQUIRE(Contains(s.message(), path));

  if (!root) {
    // Nothing can be created inside a directory without write permission.
    auto sub = Store::Open(path + "/sub", StoreOptions());
    REQUIRE(sub.status().code() == StatusCode::kIOError);
    REQUIRE(Contains(sub.status().message(), path + "/sub"));
  }
}

TEST_CASE("Store: names longer than an LMDB key work", "[graph]") {
  ScratchDir dir;
  std::string s600(600, 'a');
  s600.replace(0, 5, "Long ");
  std::string s5000(5000, 'z');
  std::string s600b = s600;
  s600b.back() = 'b';  // same first 599 bytes, different entity
  std::string long_relation(700, 'r');

  AtomId a1 = 0, a2 = 0, a3 = 0;
  {
    auto store = OpenOrDie(dir.path());
    Update(*store, [&](Writer& w) {
      Atom x = MakeAtom(s600, long_relation, s5000, 1);
      FACTLINE_RETURN_IF_ERROR(w.InsertAtom(&x));
      Atom y = MakeAtom(s600b, "knows", s600, 2);
      FACTLINE_RETURN_IF_ERROR(w.InsertAtom(&y));
      Atom z = MakeAtom(s5000, "knows", "short", 3);
      FACTLINE_RETURN_IF_ERROR(w.InsertAtom(&z));
      REQUIRE(x.subject_id != y.subject_id);
      REQUIRE(y.value_id == x.subject_id);
      REQUIRE(z.subject_id == x.value_id);
      a1 = x.id;
      a2 = y.id;
      a3 = z.id;
      return Status::Ok();
    });
  }
  auto store = OpenOrDie(dir.path());
  Read(*store, [&](const Reader& r) {
    Entity e600 = Must(r.FindEntity(s600));
    REQUIRE(e600.display == s600);
    REQUIRE(e600.key == NormalizeKey(s600));
    Entity e600b = Must(r.FindEntity(s600b));
    REQUIRE(e600b.id != e600.id);
    Entity e5000 = Must(r.FindEntity(s5000));
    REQUIRE(e5000.key.size() == 5000);
    REQUIRE(Must(r.GetAtom(a1)).value == s5000);
    REQUIRE(Must(r.GetAtom(a2)).subject_id == e600b.id);
    REQUIRE(Must(r.GetAtom(a3)).subject_id == e5000.id);
    Relation rel = Must(r.FindRelation(long_relation));
    REQUIRE(rel.key == long_relation);
    REQUIRE(Must(r.GetRelation(rel.id)).key == long_relation);
    std::string s600c = s600;
    s600c.back() = 'c';
    REQUIRE(r.FindEntity(s600c).status().IsNotFound());
    REQUIRE(Must(r.Stats()).entities == 4);
  });
}

std::uint64_t ConstantHash(std::string_view) { return 42; }

TEST_CASE("Store: a hash collision between long keys is an error", "[graph]") {
  ScratchDir dir;
  auto store = OpenOrDie(dir.path());
  std::string first(500, 'q');
  std::string second = first;
  second.back() = 'w';  // same 400-byte prefix; same (forced) hash
  internal::TEST_SetKeyHash(&ConstantHash);
  Status s = store->Update([&](Writer& w) {
    FACTLINE_RETURN_IF_ERROR(w.InternEntity(first).status());
    return w.InternEntity(second).status();
  });
  Status found = Status::Ok();
  Status inserted = store->Update([&](Writer& w) {
    FACTLINE_RETURN_IF_ERROR(w.InternEntity(first).status());
    found = w.FindEntity(second).status();
    return Status::Ok();
  });
  internal::TEST_SetKeyHash(nullptr);
  REQUIRE(s.code() == StatusCode::kResourceExhausted);
  REQUIRE(Contains(s.message(), "collides"));
  REQUIRE(inserted.ok());
  REQUIRE(found.code() == StatusCode::kResourceExhausted);
}

TEST_CASE("Store: the map grows from 64 KiB to hold thousands of atoms",
          "[graph]") {
  ScratchDir dir;
  StoreOptions options;
  options.initial_map_bytes = 64 << 10;
  options.sync = false;
  auto store = Store::Open(dir.path(), options);
  REQUIRE(store.ok());
  constexpr std::uint64_t kBatches = 4;
  constexpr std::uint64_t kPerBatch = 1500;
  std::vector<AtomId> ids;
  std::uint64_t runs = 0;
  for (std::uint64_t b = 0; b < kBatches; ++b) {
    Update(**store, [&](Writer& w) {
      ++runs;
      std::vector<AtomId> batch;
      for (std::uint64_t i = 0; i < kPerBatch; ++i) {
        std::uint64_t n = b * kPerBatch + i;
        Atom a = MakeAtom(
            "subject " + std::to_string(n % 700), "r" + std::to_string(n % 7),
            "value " + std::to_string(n), static_cast<Timestamp>(n));
        FACTLINE_RETURN_IF_ERROR(w.InsertAtom(&a));
        batch.push_back(a.id);
      }
      ids = batch;  // only the successful run's ids survive
      return Status::Ok();
    });
    REQUIRE(ids.front() == b * kPerBatch + 1);
  }
  REQUIRE(runs > kBatches);  // at least one run was repeated after growth
  Read(**store, [&](const Reader& r) {
    StoreStats st = Must(r.Stats());
    REQUIRE(st.atoms == kBatches * kPerBatch);
    REQUIRE(st.entities == 700 + kBatches * kPerBatch);
    REQUIRE(st.relations == 7);
    REQUIRE(st.map_bytes > options.initial_map_bytes);
    for (AtomId id = 1; id <= kBatches * kPerBatch; ++id) {
      Atom a = Must(r.GetAtom(id));
      REQUIRE(a.value == "value " + std::to_string(id - 1));
    }
  });
}

TEST_CASE("Store: growth stops at max_map_bytes with ResourceExhausted",
          "[graph]") {
  ScratchDir dir;
  StoreOptions options;
  options.initial_map_bytes = 64 << 10;
  options.max_map_bytes = 256 << 10;
  auto store = Store::Open(dir.path(), options);
  REQUIRE(store.ok());
  Update(**store, [](Writer& w) {
    Atom a = MakeAtom("kept", "r", "v", 1);
    return w.InsertAtom(&a);
  });
  Status s = (*store)->Update([](Writer& w) {
    for (int i = 0; i < 20000; ++i) {
      Atom a = MakeAtom("s" + std::to_string(i), "r", std::string(100, 'v'), i);
      FACTLINE_RETURN_IF_ERROR(w.InsertAtom(&a));
    }
    return Status::Ok();
  });
  REQUIRE(s.code() == StatusCode::kResourceExhausted);
  REQUIRE(Contains(s.message(), "max_map_bytes"));
  Read(**store, [](const Reader& r) {
    REQUIRE(Must(r.Stats()).atoms == 1);
    REQUIRE(Must(r.FindEntity("kept")).id == 1);
  });
}

TEST_CASE("Store: history is in transaction-time order", "[graph]") {
  ScratchDir dir;
  auto store = OpenOrDie(dir.path());
  AtomId late = 0, early = 0, middle = 0, negative = 0;
  EntityId s = 0;
  RelationId r = 0;
  Update(*store, [&](Writer& w) {
    Atom a = MakeAtom("Bob", "lives in", "Paris", 300);
    FACTLINE_RETURN_IF_ERROR(w.InsertAtom(&a));
    Atom b = MakeAtom("Bob", "lives in", "Lyon", 100);  // learned late
    FACTLINE_RETURN_IF_ERROR(w.InsertAtom(&b));
    late = a.id;
    early = b.id;
    s = a.subject_id;
    r = a.relation_id;
    return Status::Ok();
  });
  Update(*store, [&](Writer& w) {
    Atom c = MakeAtom("Bob", "lives in", "Nice", 200);
    FACTLINE_RETURN_IF_ERROR(w.InsertAtom(&c));
    Atom d = MakeAtom("Bob", "lives in", "Rome", -50);
    FACTLINE_RETURN_IF_ERROR(w.InsertAtom(&d));
    middle = c.id;
    negative = d.id;
    return Status::Ok();
  });
  Read(*store, [&](const Reader& reader) {
    REQUIRE(Must(reader.History(s, r)) ==
            std::vector<AtomId>{negative, early, middle, late});
    REQUIRE(Must(reader.History(s, r + 1)).empty());
  });
}

TEST_CASE("Store: reverse index lists subjects by value and relation",
          "[graph]") {
  ScratchDir dir;
  auto store = OpenOrDie(dir.path());
  Update(*store, [&](Writer& w) {
    for (auto [s, r, v] : {std::tuple{"Ann", "likes", "Jazz"},
                           std::tuple{"Ben", "likes", "jazz"},
                           std::tuple{"Ann", "likes", "Jazz"},  // repeated
                           std::tuple{"Cid", "hates", "Jazz"},
                           std::tuple{"Ann", "likes", "Rock"}}) {
      Atom a = MakeAtom(s, r, v);
      FACTLINE_RETURN_IF_ERROR(w.InsertAtom(&a));
    }
    return Status::Ok();
  });
  Read(*store, [](const Reader& r) {
    EntityId jazz = Must(r.FindEntity("JAZZ")).id;
    EntityId ann = Must(r.FindEntity("ann")).id;
    EntityId ben = Must(r.FindEntity("ben")).id;
    EntityId cid = Must(r.FindEntity("cid")).id;
    RelationId likes = Must(r.FindRelation("likes")).id;
    RelationId hates = Must(r.FindRelation("hates")).id;
    REQUIRE(Must(r.SubjectsWithValue(jazz, likes)) ==
            std::vector<EntityId>{ann, ben});
    REQUIRE(Must(r.SubjectsWithValue(jazz, hates)) ==
            std::vector<EntityId>{cid});
    REQUIRE(Must(r.SubjectsWithValue(ann, likes)).empty());
    REQUIRE(Must(r.Stats()).atoms == 5);
  });
}

TEST_CASE("Store: current sets, supersession counts and scans", "[graph]") {
  ScratchDir dir;
  auto store = OpenOrDie(dir.path());
  AtomId paris = 0, lyon = 0, tea = 0, coffee = 0, other = 0;
  EntityId bob = 0;
  RelationId lives = 0, drinks = 0;
  Update(*store, [&](Writer& w) {
    drinks = Must(w.InternRelation("drinks", Cardinality::kMany)).id;
    Atom a = MakeAtom("Bob", "lives in", "Paris", 1);
    Atom b = MakeAtom("Bob", "lives in", "Lyon", 2);
    Atom c = MakeAtom("Bob", "drinks", "tea", 3);
    Atom d = MakeAtom("Bob", "drinks", "coffee", 4);
    Atom e = MakeAtom("Zed", "lives in", "Oslo", 5);
    for (Atom* x : {&a, &b, &c, &d, &e}) {
      FACTLINE_RETURN_IF_ERROR(w.InsertAtom(x));
    }
    paris = a.id, lyon = b.id, tea = c.id, coffee = d.id, other = e.id;
    bob = a.subject_id;
    lives = a.relation_id;
    REQUIRE(Must(w.GetRelation(lives)).cardinality == Cardinality::kOne);
    FACTLINE_RETURN_IF_ERROR(w.SetCurrent(bob, lives, {paris}));
    FACTLINE_RETURN_IF_ERROR(w.SetCurrent(bob, drinks, {tea, coffee}));
    FACTLINE_RETURN_IF_ERROR(w.SetCurrent(e.subject_id, lives, {other}));
    REQUIRE(Must(w.Stats()).current_atoms == 4);  // sees its own writes
    return Status::Ok();
  });
  Update(*store, [&](Writer& w) {
    Atom old = Must(w.GetAtom(paris));
    old.superseded_by = lyon;
    old.valid_to = 2;
    FACTLINE_RETURN_IF_ERROR(w.UpdateAtom(old));
    Atom now = Must(w.GetAtom(lyon));
    now.supersedes = paris;
    now.reinforced_by.push_back("second source");
    FACTLINE_RETURN_IF_ERROR(w.UpdateAtom(now));
    return w.SetCurrent(bob, lives, {lyon});
  });
  Read(*store, [&](const Reader& r) {
    Atom old = Must(r.GetAtom(paris));
    REQUIRE(old.superseded_by == lyon);
    REQUIRE(old.valid_to == 2);
    REQUIRE(Must(r.GetAtom(lyon)).reinforced_by ==
            std::vector<std::string>{"second source"});
    std::vector<AtomId> bobs = Must(r.CurrentOfSubject(bob));
    std::sort(bobs.begin(), bobs.end());
    REQUIRE(bobs == std::vector<AtomId>{lyon, tea, coffee});
    std::vector<AtomId> all;
    REQUIRE(r.ForEachCurrentAtom([&](const Atom& a) {
               all.push_back(a.id);
               return Status::Ok();
             }).ok());
    std::sort(all.begin(), all.end());
    REQUIRE(all == std::vector<AtomId>{lyon, tea, coffee, other});
    StoreStats st = Must(r.Stats());
    REQUIRE(st.current_slots == 3);
    REQUIRE(st.current_atoms == 4);
    REQUIRE(st.superseded_atoms == 1);
    int entities = 0;
    REQUIRE(r.ForEachEntity([&](const Entity&) {
               ++entities;
               return Status::Ok();
             }).ok());
    REQUIRE(entities == 7);
    // ForEach stops at the callback's error and returns it.
    Status stop = r.ForEachCurrentAtom(
        [](const Atom&) { return Status::NotFound("stop"); });
    REQUIRE(stop.message() == "stop");
  });
  Update(*store, [&](Writer& w) { return w.SetCurrent(bob, drinks, {}); });
  Read(*store, [&](const Reader& r) {
    REQUIRE(Must(r.Current(bob, drinks)).empty());
    REQUIRE(Must(r.Stats()).current_atoms == 2);
    REQUIRE(Must(r.Stats()).current_slots == 2);
  });
}

TEST_CASE("Store: writes validate their input", "[graph]") {
  ScratchDir dir;
  auto store = OpenOrDie(dir.path());
  auto status_of = [&](const std::function<Status(Writer&)>& fn) {
    return store->Update(fn);
  };
  REQUIRE(status_of([](Writer& w) {
            Atom a = MakeAtom("", "r", "v");
            return w.InsertAtom(&a);
          }).IsInvalidArgument());
  REQUIRE(status_of([](Writer& w) {
            Atom a = MakeAtom("s", "r", std::string(kMaxFieldBytes + 1, 'v'));
            return w.InsertAtom(&a);
          }).IsInvalidArgument());
  REQUIRE(status_of([](Writer& w) {
            Atom a = MakeAtom("  ", "r", "v");  // normalises to nothing
            return w.InsertAtom(&a);
          }).IsInvalidArgument());
  REQUIRE(status_of([](Writer& w) {
            Atom a;
            a.id = 12;
            return w.UpdateAtom(a);
          }).IsNotFound());
  Update(*store, [](Writer& w) {
    Atom a = MakeAtom("s", "r", "v", 1);
    return w.InsertAtom(&a);
  });
  REQUIRE(status_of([](Writer& w) {
            Atom a = Must(w.GetAtom(1));
            a.value_id = 99;
            return w.UpdateAtom(a);
          }).IsInvalidArgument());
  REQUIRE(status_of([](Writer& w) {
            return w.SetCurrent(1, 1, {2});
          }).IsInvalidArgument());
  REQUIRE(status_of([](Writer& w) {
            return w.SetCurrent(5, 1, {1});
          }).IsInvalidArgument());
}

TEST_CASE("Store: audit sequence numbers stay contiguous across reopen",
          "[graph]") {
  ScratchDir dir;
  auto append = [](Store& store, int n) {
    Update(store, [n](Writer& w) {
      for (int i = 0; i < n; ++i) {
        AuditRecord rec;
        rec.action = "added";
        rec.atom = static_cast<AtomId>(i) + 1;
        rec.detail = R"({"i":)" + std::to_string(i) + "}";
        FACTLINE_RETURN_IF_ERROR(w.AppendAudit(&rec));
        REQUIRE(rec.time != 0);
      }
      return Status::Ok();
    });
  };
  {
    auto store = OpenOrDie(dir.path());
    append(*store, 3);
    Status failed = store->Update([](Writer& w) {
      AuditRecord rec;
      FACTLINE_RETURN_IF_ERROR(w.AppendAudit(&rec));
      return Status::InvalidArgument("abort");
    });
    REQUIRE(failed.IsInvalidArgument());
  }
  auto store = OpenOrDie(dir.path());
  append(*store, 2);
  Read(*store, [](const Reader& r) {
    std::vector<AuditRecord> all = Must(r.Audit(0, 100));
    REQUIRE(all.size() == 5);
    for (std::size_t i = 0; i < all.size(); ++i) {
      REQUIRE(all[i].seq == i + 1);
      REQUIRE(all[i].action == "added");
    }
    REQUIRE(all[3].detail == R"({"i":0})");
    std::vector<AuditRecord> page = Must(r.Audit(2, 2));
    REQUIRE(page.size() == 2);
    REQUIRE(page[0].seq == 2);
    REQUIRE(page[1].seq == 3);
    REQUIRE(Must(r.Audit(6, 10)).empty());
    REQUIRE(Must(r.Stats()).audit_records == 5);
  });
}

TEST_CASE("Store: a reader keeps its snapshot while another thread writes",
          "[graph]") {
  ScratchDir dir;
  auto store = OpenOrDie(dir.path());
  Update(*store, [](Writer& w) {
    Atom a = MakeAtom("before", "r", "v", 1);
    return w.InsertAtom(&a);
  });
  Read(*store, [&](const Reader& r) {
    Status written;
    std::thread writer([&] {
      written = store->Update([](Writer& w) {
        Atom a = MakeAtom("after", "r", "v", 2);
        return w.InsertAtom(&a);
      });
    });
    writer.join();
    REQUIRE(written.ok());
    REQUIRE(r.FindEntity("after").status().IsNotFound());
    REQUIRE(Must(r.Stats()).atoms == 1);
  });
  Read(*store, [](const Reader& r) {
    REQUIRE(Must(r.FindEntity("after")).id == 3);
    REQUIRE(Must(r.Stats()).atoms == 2);
  });
}

}  // namespace
}  // namespace factline::graph
