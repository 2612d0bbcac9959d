// Per-record checksums (store format 3): CRC32C test vectors, sealed
// records, damaged values reported as Corruption naming table and key, and
// stores written in format 2 (no checksums) read as they are and migrated
// by a writer.
#include <catch2/catch.hpp>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "graph/graph.h"
#include "graph/internal/codec.h"
#include "graph/internal/crc32c.h"
#include "graph/internal/keys.h"
#include "graph/internal/lmdb_handles.h"
#include "tests/test_util.h"

namespace factline::graph {
namespace {

using factline::testing::ScratchDir;
namespace crc32c = internal::crc32c;

template <typename T>
T Must(Result<T> r) {
  INFO(r.status().ToString());
  REQUIRE(r.ok());
  return std::move(r).value();
}

bool Contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

TEST_CASE("Crc32c: standard test vectors, both code paths", "[graph]") {
  // RFC 3720 B.4 and LevelDB util/crc32c_test.cc.
  std::string zeros(32, '\0'), ones(32, '\xff'), inc(32, '\0'), dec(32, '\0');
  for (int i = 0; i < 32; ++i) {
    inc[i] = static_cast<char>(i);
    dec[i] = static_cast<char>(31 - i);
  }
  const std::pair<std::string, std::uint32_t> cases[] = {
      {"123456789", 0xe3069283u}, {zeros, 0x8a9136aau}, {ones, 0x62a8ab43u},
      {inc, 0x46dd794eu},         {dec, 0x113fdb5cu},   {"", 0u}};
  for (const auto& [data, want] : cases) {
    REQUIRE(crc32c::Value(data) == want);
    REQUIRE(crc32c::TEST_ExtendPortable(0, data.data(), data.size()) == want);
  }
  // Extend continues a CRC; odd lengths and offsets take the tail paths.
  std::string text;
  for (int i = 0; i < 1000; ++i) text.push_back(static_cast<char>(i * 7));
  for (std::size_t cut : {0u, 1u, 7u, 8u, 9u, 500u, 999u}) {
    const std::uint32_t a = crc32c::Value(text.data(), cut);
    REQUIRE(crc32c::Extend(a, text.data() + cut, text.size() - cut) ==
            crc32c::Value(text));
    REQUIRE(
        crc32c::TEST_ExtendPortable(a, text.data() + cut, text.size() - cut) ==
        crc32c::Value(text));
  }
  REQUIRE(crc32c::Unmask(crc32c::Mask(0x12345678u)) == 0x12345678u);
  REQUIRE(crc32c::Mask(0x12345678u) != 0x12345678u);
}

TEST_CASE("Codec: a sealed record detects any changed byte and its key",
          "[graph]") {
  Atom atom;
  atom.subject = "Ann";
  atom.relation = "lives in";
  atom.value = "Athens";
  atom.tx_time = 5;
  atom.valid_from = 5;
  std::string sealed;
  internal::EncodeAtom(atom, &sealed);
  const std::size_t body = sealed.size();
  const auto key = internal::IdKey1(7);
  internal::SealRecord(key.view(), &sealed);
  REQUIRE(sealed.size() == body + internal::kSealSize);

  std::string_view v = sealed;
  REQUIRE(internal::UnsealRecord(key.view(), &v,
                                 internal::kLegacyAtomRecordVersion, false)
              .ok());
  REQUIRE(v.size() == body);
  Atom out;
  REQUIRE(internal::DecodeAtom(v, &out).ok());
  REQUIRE(out.value == "Athens");

  // Every single-bit flip anywhere (body or trailer) is caught.
  for (std::size_t i = 0; i < sealed.size(); ++i) {
    for (int bit = 0; bit < 8; ++bit) {
      std::string bad = sealed;
      bad[i] = static_cast<char>(bad[i] ^ (1 << bit));
      std::string_view bv = bad;
      Status s = internal::UnsealRecord(
          key.view(), &bv, internal::kLegacyAtomRecordVersion, false);
      INFO("byte " << i << " bit " << bit);
      REQUIRE(s.code() == StatusCode::kCorruption);
    }
  }
  // The same value under another key: the key is covered too.
  std::string_view moved = sealed;
  REQUIRE(internal::UnsealRecord(internal::IdKey1(8).view(), &moved,
                                 internal::kLegacyAtomRecordVersion, false)
              .code() == StatusCode::kCorruption);
  // Too short to hold a trailer.
  std::string_view tiny = std::string_view(sealed).substr(0, 3);
  REQUIRE(internal::UnsealRecord(key.view(), &tiny,
                                 internal::kLegacyAtomRecordVersion, false)
              .code() == StatusCode::kCorruption);
}

TEST_CASE("Codec: an unsealed (format 2) record is accepted only if allowed",
          "[graph]") {
  Atom atom;
  atom.subject = "Ann";
  atom.relation = "lives in";
  atom.value = "Athens";
  std::string legacy;
  internal::EncodeAtom(atom, &legacy);
  legacy[0] = static_cast<char>(internal::kLegacyAtomRecordVersion);
  const auto key = internal::IdKey1(1);
  std::string_view v = legacy;
  REQUIRE(internal::UnsealRecord(key.view(), &v,
                                 internal::kLegacyAtomRecordVersion, true)
              .ok());
  REQUIRE(v.size() == legacy.size());
  Atom out;
  REQUIRE(internal::DecodeAtom(v, &out).ok());
  REQUIRE(out.subject == "Ann");
  Status s = internal::UnsealRecord(key.view(), &v,
                                    internal::kLegacyAtomRecordVersion, false);
  REQUIRE(s.code() == StatusCode::kCorruption);
  REQUIRE(Contains(s.message(), "no checksum"));
}

// Raw LMDB access to a closed store, as damage or an older build would
// leave it.
void RawUpdate(const std::string& path,
               const std::function<void(internal::WriteTxn&)>& fn) {
  internal::EnvOptions eo;
  eo.map_bytes = 8 << 20;
  eo.max_dbs = 16;
  internal::Env env = Must(internal::Env::Open(path, eo));
  bool resized = false;
  internal::WriteTxn txn = Must(internal::WriteTxn::Begin(env, &resized));
  fn(txn);
  REQUIRE(txn.Commit().ok());
}

// Rewrites every value of `table` with fn(key, value).
void RewriteTable(
    internal::WriteTxn& txn, const char* table,
    const std::function<std::string(std::string_view, std::string)>& fn) {
  internal::Dbi dbi = Must(txn.OpenDbi(table, false, false, false));
  std::vector<std::pair<std::string, std::string>> all;
  {
    internal::Cursor c = Must(internal::Cursor::Open(txn, dbi));
    std::string_view k, v;
    Status s = c.Get(internal::CursorOp::kFirst, &k, &v);
    for (; s.ok(); s = c.Get(internal::CursorOp::kNext, &k, &v)) {
      all.emplace_back(std::string(k), std::string(v));
    }
    REQUIRE(s.IsNotFound());
  }
  for (auto& [k, v] : all) {
    REQUIRE(txn.Put(dbi, k, fn(k, v), internal::PutMode::kOverwrite).ok());
  }
}

// Turns a closed format-3 store into the format-2 layout an older build
// wrote: the same records with the old version bytes and no checksum, and
// format_version 2.
void DowngradeToFormat2(const std::string& path) {
  RawUpdate(path, [](internal::WriteTxn& txn) {
    const std::pair<const char*, std::uint8_t> tables[] = {
        {"atoms", internal::kLegacyAtomRecordVersion},
        {"audit", internal::kLegacyAuditRecordVersion},
        {"held", internal::kLegacyHeldRecordVersion}};
    for (const auto& [table, legacy] : tables) {
      const std::uint8_t old_version = legacy;
      RewriteTable(txn, table, [&](std::string_view, std::string v) {
        v.resize(v.size() - internal::kSealSize);
        v[0] = static_cast<char>(old_version);
        return v;
      });
    }
    internal::Dbi meta = Must(txn.OpenDbi("meta", false, false, false));
    const char v2[4] = {0, 0, 0, 2};
    REQUIRE(txn.Put(meta, "format_version", std::string_view(v2, 4),
                    internal::PutMode::kOverwrite)
                .ok());
  });
}

StoreOptions Small() {
  StoreOptions o;
  o.initial_map_bytes = 1 << 20;
  return o;
}

// Two slots, a superseded atom, audit records and a held item.
void Fill(const std::string& path) {
  auto store = Must(Store::Open(path, Small()));
  REQUIRE(store
              ->Update([](Writer& w) -> Status {
                for (const char* city : {"Athens", "Berlin", "Cairo"}) {
                  Atom a;
                  a.subject = "Ann";
                  a.relation = "lives in";
                  a.value = city;
                  FACTLINE_RETURN_IF_ERROR(w.InsertAtom(&a));
                  FACTLINE_RETURN_IF_ERROR(
                      w.SetCurrent(a.subject_id, a.relation_id, {a.id}));
                  AuditRecord r;
                  r.atom = a.id;
                  r.action = "inserted";
                  r.detail = city;
                  FACTLINE_RETURN_IF_ERROR(w.AppendAudit(&r));
                }
                HeldItem item;
                item.reason = "low confidence";
                item.atom.subject = "Bo";
                item.atom.relation = "likes";
                item.atom.value = "tea";
                return w.PutHeld(&item);
              })
              .ok());
}

struct Snapshot {
  std::vector<std::string> atoms;  // value of each atom id 1..n
  std::vector<std::string> audit;  // detail of each audit record
  std::vector<std::string> held;   // reason and atom value of each item
};

Result<Snapshot> ReadAll(const Store& store) {
  Snapshot snap;
  Status s = store.Read([&](const Reader& r) -> Status {
    FACTLINE_ASSIGN_OR_RETURN(StoreStats st, r.Stats());
    for (AtomId id = 1; id <= st.atoms; ++id) {
      FACTLINE_ASSIGN_OR_RETURN(Atom a, r.GetAtom(id));
      snap.atoms.push_back(a.value);
    }
    FACTLINE_ASSIGN_OR_RETURN(std::vector<AuditRecord> audit, r.Audit(1, 100));
    for (const AuditRecord& a : audit) snap.audit.push_back(a.detail);
    return r.ForEachHeld([&](const HeldItem& item) {
      snap.held.push_back(item.reason + "/" + item.atom.value);
      return Status::Ok();
    });
  });
  if (!s.ok()) return s;
  return snap;
}

std::uint32_t FormatVersionOf(const std::string& path) {
  std::uint32_t found = 0;
  RawUpdate(path, [&](internal::WriteTxn& txn) {
    internal::Dbi meta = Must(txn.OpenDbi("meta", false, false, false));
    std::string_view v;
    REQUIRE(txn.Get(meta, "format_version", &v).ok());
    for (char ch : v) found = (found << 8) | static_cast<unsigned char>(ch);
  });
  return found;
}

TEST_CASE(
    "Store: a damaged atom, audit or held value is Corruption naming "
    "table and key",
    "[graph][damage]") {
  const std::pair<const char*, std::string> tables[] = {
      {"atoms", "atom 2 (table atoms, key 2)"},
      {"audit", "audit record 2 (table audit, key 2)"},
      {"held", "held item 1 (table held, key 1)"}};
  for (const auto& [table, words] : tables) {
    ScratchDir dir;
    Fill(dir.path());
    const std::string damaged_table = table;
    const std::uint64_t damaged_key = damaged_table == "held" ? 1 : 2;
    // One flipped bit in the middle of a text field: still a well-formed
    // record, so only the checksum can tell.
    RawUpdate(dir.path(), [&](internal::WriteTxn& txn) {
      RewriteTable(txn, damaged_table.c_str(),
                   [&](std::string_view k, std::string v) {
                     if (internal::GetBigEndian64(k.data()) == damaged_key) {
                       v[v.size() - internal::kSealSize - 2] ^= 0x01;
                     }
                     return v;
                   });
    });
    auto store = Must(Store::Open(dir.path(), Small()));
    Result<Snapshot> snap = ReadAll(*store);
    INFO(table << ": " << snap.status().ToString());
    REQUIRE(snap.status().code() == StatusCode::kCorruption);
    REQUIRE(Contains(snap.status().message(), words));
    REQUIRE(Contains(snap.status().message(), "checksum mismatch"));
    REQUIRE(Contains(snap.status().message(), dir.path()));
  }
}

TEST_CASE("Store: a format-2 store reads as it is and a writer migrates it",
          "[graph]") {
  ScratchDir dir;
  Fill(dir.path());
  Snapshot before;
  {
    auto store = Must(Store::Open(dir.path(), Small()));
    before = Must(ReadAll(*store));
  }
  REQUIRE(before.atoms ==
          std::vector<std::string>{"Athens", "Berlin", "Cairo"});
  REQUIRE(before.held.size() == 1);
  DowngradeToFormat2(dir.path());
  REQUIRE(FormatVersionOf(dir.path()) == 2);

  {  // Read-only: read as it is, nothing written.
    StoreOptions ro = Small();
    ro.read_only = true;
    auto store = Must(Store::Open(dir.path(), ro));
    Snapshot snap = Must(ReadAll(*store));
    REQUIRE(snap.atoms == before.atoms);
    REQUIRE(snap.audit == before.audit);
    REQUIRE(snap.held == before.held);
  }
  REQUIRE(FormatVersionOf(dir.path()) == 2);

  {  // A writer migrates on open; old and new records read back.
    auto store = Must(Store::Open(dir.path(), Small()));
    REQUIRE(store
                ->Update([](Writer& w) -> Status {
                  Atom a;
                  a.subject = "Ann";
                  a.relation = "lives in";
                  a.value = "Dakar";
                  return w.InsertAtom(&a);
                })
                .ok());
    Snapshot snap = Must(ReadAll(*store));
    std::vector<std::string> want = before.atoms;
    want.push_back("Dakar");
    REQUIRE(snap.atoms == want);
    REQUIRE(snap.audit == before.audit);
    REQUIRE(snap.held == before.held);
  }
  REQUIRE(FormatVersionOf(dir.path()) == kFormatVersion);

  // Migrated records are sealed: damage is now caught.
  RawUpdate(dir.path(), [](internal::WriteTxn& txn) {
    RewriteTable(txn, "atoms", [](std::string_view k, std::string v) {
      if (internal::GetBigEndian64(k.data()) == 1) v[6] ^= 0x10;
      return v;
    });
  });
  auto store = Must(Store::Open(dir.path(), Small()));
  Result<Snapshot> snap = ReadAll(*store);
  REQUIRE(snap.status().code() == StatusCode::kCorruption);
  REQUIRE(Contains(snap.status().message(), "atom 1 (table atoms, key 1)"));
}

TEST_CASE(
    "Store: a record without checksum in a format-3 store is "
    "Corruption",
    "[graph][damage]") {
  ScratchDir dir;
  Fill(dir.path());
  RawUpdate(dir.path(), [](internal::WriteTxn& txn) {
    RewriteTable(txn, "atoms", [](std::string_view k, std::string v) {
      if (internal::GetBigEndian64(k.data()) != 3) return v;
      v.resize(v.size() - internal::kSealSize);
      v[0] = static_cast<char>(internal::kLegacyAtomRecordVersion);
      return v;
    });
  });
  auto store = Must(Store::Open(dir.path(), Small()));
  Result<Snapshot> snap = ReadAll(*store);
  REQUIRE(snap.status().code() == StatusCode::kCorruption);
  REQUIRE(Contains(snap.status().message(), "atom 3 (table atoms, key 3)"));
  REQUIRE(Contains(snap.status().message(), "no checksum"));
}

}  // namespace
}  // namespace factline::graph
