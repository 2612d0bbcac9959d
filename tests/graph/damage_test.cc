// Damaged store files: every open is refused with Corruption (or IOError for
// a directory in place of the file) before LMDB maps the file, writers
// included, and nothing is re-initialised. Also: atomic creation, map size
// after reopening and Store::Backup.
#include <signal.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "graph/graph.h"
#include "graph/internal/lmdb_handles.h"
#include "tests/test_util.h"

namespace factline::graph {
namespace {

namespace fs = std::filesystem;
using factline::testing::ScratchDir;

template <typename T>
T Must(Result<T> r) {
  INFO(r.status().ToString());
  REQUIRE(r.ok());
  return std::move(r).value();
}

bool Contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

StoreOptions Small() {
  StoreOptions o;
  o.initial_map_bytes = 1 << 20;
  return o;
}

// A store holding `n` atoms in n/2 slots.
void Fill(const std::string& path, int n) {
  auto store = Must(Store::Open(path, Small()));
  REQUIRE(store
              ->Update([&](Writer& w) -> Status {
                for (int i = 0; i < n; ++i) {
                  Atom a;
                  a.subject = "subject " + std::to_string(i / 2);
                  a.relation = "relation";
                  a.value = "value " + std::to_string(i);
                  FACTLINE_RETURN_IF_ERROR(w.InsertAtom(&a));
                  FACTLINE_RETURN_IF_ERROR(
                      w.SetCurrent(a.subject_id, a.relation_id, {a.id}));
                }
                return Status::Ok();
              })
              .ok());
}

StoreStats StatsOf(const Store& store) {
  StoreStats st;
  REQUIRE(store
              .Read([&](const Reader& r) -> Status {
                FACTLINE_ASSIGN_OR_RETURN(st, r.Stats());
                return Status::Ok();
              })
              .ok());
  return st;
}

std::string ReadBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in),
                     std::istreambuf_iterator<char>());
}

void WriteBytes(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// Opens the store every way a command does and requires each to fail with
// `code`, naming the data file, and leaving the file byte-for-byte as it
// was.
void RequireRefused(const std::string& path, StatusCode code,
                    const std::string& words) {
  const bool is_file = fs::is_regular_file(path + "/data.mdb");
  const std::string before = is_file ? ReadBytes(path + "/data.mdb") : "";
  StoreOptions writer = Small();
  StoreOptions reader = Small();
  reader.read_only = true;
  StoreOptions no_create = Small();
  no_create.create_if_missing = false;
  for (const StoreOptions& o : {writer, reader, no_create}) {
    auto store = Store::Open(path, o);
    INFO(store.status().ToString());
    REQUIRE_FALSE(store.ok());
    REQUIRE(store.status().code() == code);
    REQUIRE(Contains(store.status().message(), path + "/data.mdb"));
    REQUIRE(Contains(store.status().message(), words));
  }
  if (is_file) {
    REQUIRE(ReadBytes(path + "/data.mdb") == before);
  }
}

TEST_CASE("Damage: a 0-byte data.mdb is Corruption, never a new store",
          "[graph][damage]") {
  ScratchDir dir;
  Fill(dir.path(), 4);
  fs::resize_file(dir.Sub("data.mdb"), 0);
  RequireRefused(dir.path(), StatusCode::kCorruption, "empty");
  REQUIRE(fs::file_size(dir.Sub("data.mdb")) == 0);
}

TEST_CASE("Damage: a truncated data.mdb is Corruption, not SIGBUS",
          "[graph][damage]") {
  ScratchDir dir;
  Fill(dir.path(), 2000);
  const auto size = fs::file_size(dir.Sub("data.mdb"));
  REQUIRE(size > 64 * 1024);
  const std::string whole = ReadBytes(dir.Sub("data.mdb"));
  // Cut mid-file, at a page boundary and inside the second meta page.
  for (std::uintmax_t cut : {size / 2, std::uintmax_t{3 * 4096},
                             std::uintmax_t{4096 + 100}, std::uintmax_t{50}}) {
    INFO("cut at " << cut);
    WriteBytes(dir.Sub("data.mdb"), whole.substr(0, cut));
    RequireRefused(dir.path(), StatusCode::kCorruption, "damaged");
  }
  WriteBytes(dir.Sub("data.mdb"), whole);
  auto store = Must(Store::Open(dir.path(), Small()));
  REQUIRE(StatsOf(*store).atoms == 2000);
}

TEST_CASE("Damage: garbage in data.mdb is Corruption", "[graph][damage]") {
  ScratchDir dir;
  std::string garbage(64 * 1024, '\0');
  for (std::size_t i = 0; i < garbage.size(); ++i) {
    garbage[i] = static_cast<char>((i * 131 + 7) & 0xff);
  }
  WriteBytes(dir.Sub("data.mdb"), garbage);
  RequireRefused(dir.path(), StatusCode::kCorruption, "damaged");
}

TEST_CASE("Damage: a corrupted meta page is Corruption", "[graph][damage]") {
  ScratchDir dir;
  Fill(dir.path(), 10);
  const std::string whole = ReadBytes(dir.Sub("data.mdb"));
  struct Edit {
    std::size_t offset;
    const char* what;
  };
  // Meta page 0: magic at 16, page size at 40, main root at 128, last page
  // at 136; meta page 1 starts at 4096.
  for (Edit e : {Edit{16, "magic"}, Edit{40, "page size"},
                 Edit{4096 + 16, "magic"}, Edit{10, "not a meta page"}}) {
    INFO(e.what);
    std::string bad = whole;
    bad[e.offset] = static_cast<char>(bad[e.offset] ^ 0x5a);
    WriteBytes(dir.Sub("data.mdb"), bad);
    RequireRefused(dir.path(), StatusCode::kCorruption, e.what);
  }
  // A last-page number far past the end of the file, in both metas.
  std::string bad = whole;
  for (std::size_t base : {std::size_t{0}, std::size_t{4096}}) {
    bad[base + 136 + 3] = 0x7f;
  }
  WriteBytes(dir.Sub("data.mdb"), bad);
  RequireRefused(dir.path(), StatusCode::kCorruption, "");
}

TEST_CASE("Damage: a directory in place of data.mdb is a plain IOError",
          "[graph][damage]") {
  ScratchDir dir;
  fs::create_directories(dir.Sub("data.mdb"));
  RequireRefused(dir.path(), StatusCode::kIOError, "is a directory");
}

TEST_CASE("Damage: creation is atomic; a killed creation leaves no store",
          "[graph][damage]") {
  ScratchDir dir;
  const std::string path = dir.Sub("store");
  // What a process killed mid-creation leaves: its working directory with a
  // half-written file, and no data.mdb.
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  REQUIRE(child > 0);
  int status = 0;
  REQUIRE(::waitpid(child, &status, 0) == child);
  const std::string work =
      path + "/.factline-creating-" + std::to_string(child) + "-0";
  fs::create_directories(work);
  WriteBytes(work + "/data.mdb", std::string(100, 'x'));

  StoreOptions no_create = Small();
  no_create.create_if_missing = false;
  auto missing = Store::Open(path, no_create);
  REQUIRE(missing.status().code() == StatusCode::kIOError);
  REQUIRE(Contains(missing.status().message(), "no store at"));

  auto store = Must(Store::Open(path, Small()));
  REQUIRE_FALSE(fs::exists(work));  // the dead process's leftovers are gone
  for (const auto& entry : fs::directory_iterator(path)) {
    INFO(entry.path());
    REQUIRE(entry.path().filename().string().rfind(".factline", 0) ==
            std::string::npos);
  }
  REQUIRE(StatsOf(*store).atoms == 0);
}

TEST_CASE("Damage: an empty LMDB file from an unfinished creation",
          "[graph][damage]") {
  ScratchDir dir;
  {  // An older build created the environment but not the databases.
    internal::EnvOptions eo;
    eo.map_bytes = 1 << 20;
    Must(internal::Env::Open(dir.path(), eo));
  }
  StoreOptions reader = Small();
  reader.read_only = true;
  auto ro = Store::Open(dir.path(), reader);
  REQUIRE(ro.status().code() == StatusCode::kCorruption);
  REQUIRE(Contains(ro.status().message(), "never finished"));
  // Nothing can be lost (the file holds no records): a writer finishes it.
  auto store = Must(Store::Open(dir.path(), Small()));
  REQUIRE(StatsOf(*store).atoms == 0);
}

TEST_CASE("Damage: reopening keeps the grown map size", "[graph][damage]") {
  ScratchDir dir;
  StoreOptions tiny;
  tiny.initial_map_bytes = 64 << 10;
  std::size_t grown = 0;
  {
    auto store = Must(Store::Open(dir.path(), tiny));
    REQUIRE(store
                ->Update([&](Writer& w) -> Status {
                  for (int i = 0; i < 3000; ++i) {
                    Atom a;
                    a.subject = "s" + std::to_string(i);
                    a.relation = "r";
                    a.value = "v" + std::to_string(i);
                    FACTLINE_RETURN_IF_ERROR(w.InsertAtom(&a));
                  }
                  return Status::Ok();
                })
                .ok());
    grown = StatsOf(*store).map_bytes;
    REQUIRE(grown > (64u << 10));
  }
  auto store = Must(Store::Open(dir.path(), tiny));
  const StoreStats st = StatsOf(*store);
  REQUIRE(st.map_bytes == grown);
  REQUIRE(st.map_bytes != fs::file_size(dir.Sub("data.mdb")));
}

// Runs fn in a child process; returns its wait status.
template <typename Fn>
int InChild(Fn fn) {
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    fn();
    ::_exit(0);
  }
  int status = 0;
  REQUIRE(::waitpid(child, &status, 0) == child);
  return status;
}

TEST_CASE("Damage: a fault inside a data.mdb map exits, any other crashes",
          "[graph][damage]") {
  ScratchDir dir;
  Fill(dir.path(), 3000);
  // The file is cut under an open store: LMDB's next read of a page past the
  // new end faults inside the map (SIGBUS), which the handler turns into an
  // exit with the code given.
  const int cut = InChild([&] {
    InstallMapFaultHandler(42);
    auto store = Store::Open(dir.path(), Small());
    if (!store.ok()) ::_exit(1);
    fs::resize_file(dir.Sub("data.mdb"), 2 * 4096);
    Status s = (*store)->Read([](const Reader& r) -> Status {
      for (AtomId id = 1; id <= 3000; ++id) {
        FACTLINE_RETURN_IF_ERROR(r.GetAtom(id).status());
      }
      return Status::Ok();
    });
    ::_exit(s.ok() ? 2 : 3);
  });
  REQUIRE(WIFEXITED(cut));
  REQUIRE(WEXITSTATUS(cut) == 42);
  // A fault anywhere else is not hidden.
  const int bug = InChild([] {
    InstallMapFaultHandler(42);
    // A real fault outside any data.mdb map and outside LMDB: a write to a
    // page mapped without access (not a null store, which UBSan would stop
    // before it faults).
    void* page =
        ::mmap(nullptr, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (page == MAP_FAILED) ::_exit(5);
    *static_cast<volatile int*>(page) = 1;
  });
  REQUIRE(WIFSIGNALED(bug));
  REQUIRE(WTERMSIG(bug) == SIGSEGV);
}

TEST_CASE("Damage: plain words for full disks and denied access",
          "[graph][damage]") {
  const Status full = internal::MdbStatus(ENOSPC, "mdb_txn_commit", "/s");
  REQUIRE(full.code() == StatusCode::kResourceExhausted);
  REQUIRE(Contains(full.message(), "disk full"));
  const Status denied = internal::MdbStatus(EACCES, "mdb_env_open", "/s");
  REQUIRE(denied.code() == StatusCode::kIOError);
  REQUIRE(Contains(denied.message(), "permission denied: /s"));
}

TEST_CASE("Backup: a hot copy opens as the same store", "[graph][backup]") {
  ScratchDir dir;
  const std::string src = dir.Sub("src");
  Fill(src, 200);
  auto store = Must(Store::Open(src, Small()));
  // A writer keeps committing while the copies are taken.
  std::atomic<bool> stop{false};
  std::thread writer([&] {
    for (int i = 0; !stop.load(); ++i) {
      Status s = store->Update([&](Writer& w) -> Status {
        Atom a;
        a.subject = "busy " + std::to_string(i);
        a.relation = "relation";
        a.value = "v";
        return w.InsertAtom(&a);
      });
      if (!s.ok()) break;
    }
  });
  const Status plain = store->Backup(dir.Sub("copy"), false);
  const Status compact = store->Backup(dir.Sub("compact"), true);
  stop = true;
  writer.join();
  INFO(plain.ToString() << " / " << compact.ToString());
  REQUIRE(plain.ok());
  REQUIRE(compact.ok());
  for (const char* name : {"copy", "compact"}) {
    auto copy = Must(Store::Open(dir.Sub(name), Small()));
    const StoreStats st = StatsOf(*copy);
    REQUIRE(st.atoms >= 200);
    REQUIRE(st.atoms <= StatsOf(*store).atoms);
    REQUIRE(st.current_atoms == 100);  // 200 atoms in 100 slots
    // Every atom of the copy reads back as in the source.
    REQUIRE(copy->Read([&](const Reader& r) -> Status {
                  return store->Read([&](const Reader& orig) -> Status {
                    for (AtomId id = 1; id <= st.atoms; ++id) {
                      FACTLINE_ASSIGN_OR_RETURN(Atom a, r.GetAtom(id));
                      FACTLINE_ASSIGN_OR_RETURN(Atom b, orig.GetAtom(id));
                      if (a.value != b.value || a.subject != b.subject) {
                        return Status::Corruption("atom differs");
                      }
                    }
                    FACTLINE_ASSIGN_OR_RETURN(Entity e,
                                              r.FindEntity("subject 3"));
                    FACTLINE_ASSIGN_OR_RETURN(Relation rel,
                                              r.FindRelation("relation"));
                    FACTLINE_ASSIGN_OR_RETURN(std::vector<AtomId> cur,
                                              r.Current(e.id, rel.id));
                    if (cur.size() != 1) return Status::Corruption("current");
                    FACTLINE_ASSIGN_OR_RETURN(Atom a, r.GetAtom(cur[0]));
                    if (a.value != "value 7") return Status::Corruption("v");
                    return Status::Ok();
                  });
                })
                .ok());
  }
  for (const auto& entry : fs::directory_iterator(dir.Sub("copy"))) {
    REQUIRE(entry.path().filename().string().rfind(".factline", 0) ==
            std::string::npos);
  }
  // A directory that already holds a store is refused, and left alone.
  const Status again = store->Backup(dir.Sub("copy"), false);
  REQUIRE(again.code() == StatusCode::kInvalidArgument);
  REQUIRE(Contains(again.message(), "already holds a store"));
  // A file where the directory should be.
  WriteBytes(dir.Sub("file"), "x");
  REQUIRE(store->Backup(dir.Sub("file"), false).code() == StatusCode::kIOError);
}

}  // namespace
}  // namespace factline::graph
