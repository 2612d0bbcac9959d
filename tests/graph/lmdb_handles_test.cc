#include "graph/internal/lmdb_handles.h"

#include <catch2/catch.hpp>
#include <cerrno>
#include <string>

#include "tests/test_util.h"

namespace factline::graph::internal {
namespace {

// LMDB's error codes are part of its ABI (lmdb.h), which tests may not
// include; the values are spelled out here.
constexpr int kMdbNotFound = -30798;
constexpr int kMdbCorrupted = -30796;
constexpr int kMdbVersionMismatch = -30794;
constexpr int kMdbInvalid = -30793;
constexpr int kMdbMapFull = -30792;
constexpr int kMdbTxnFull = -30788;
constexpr int kMdbBadValSize = -30781;

TEST_CASE("MdbStatus: each code maps to one status naming path and op",
          "[graph]") {
  REQUIRE(MdbStatus(0, "op", "/p").ok());
  const std::pair<int, StatusCode> cases[] = {
      {kMdbNotFound, StatusCode::kNotFound},
      {kMdbCorrupted, StatusCode::kCorruption},
      {kMdbVersionMismatch, StatusCode::kCorruption},
      {kMdbInvalid, StatusCode::kCorruption},
      {kMdbMapFull, StatusCode::kResourceExhausted},
      {kMdbTxnFull, StatusCode::kResourceExhausted},
      {kMdbBadValSize, StatusCode::kInvalidArgument},
      {EACCES, StatusCode::kIOError},
      {EROFS, StatusCode::kIOError},
      {ENOENT, StatusCode::kIOError},
      {ENOSPC, StatusCode::kResourceExhausted},
  };
  for (const auto& [rc, code] : cases) {
    Status s = MdbStatus(rc, "mdb_put", "/some/store");
    INFO(rc << " -> " << s.ToString());
    REQUIRE(s.code() == code);
    REQUIRE(s.message().rfind("/some/store: mdb_put: ", 0) == 0);
  }
}

TEST_CASE("LmdbHandles: put, get, cursor and abort on destruction", "[graph]") {
  factline::testing::ScratchDir dir;
  EnvOptions options;
  options.map_bytes = 1 << 20;
  auto env = Env::Open(dir.path(), options);
  REQUIRE(env.ok());
  bool resized = false;
  Dbi dbi = 0;
  {
    auto txn = WriteTxn::Begin(*env, &resized);
    REQUIRE(txn.ok());
    auto opened = txn->OpenDbi("t", false, false, true);
    REQUIRE(opened.ok());
    dbi = *opened;
    REQUIRE(txn->Put(dbi, "a", "1", PutMode::kOverwrite).ok());
    REQUIRE(txn->Put(dbi, "a", "2", PutMode::kNoOverwrite).code() ==
            StatusCode::kCorruption);  // KEYEXIST
    REQUIRE(txn->Commit().ok());
  }
  {
    auto txn = WriteTxn::Begin(*env, &resized);
    REQUIRE(txn.ok());
    REQUIRE(txn->Put(dbi, "b", "2", PutMode::kOverwrite).ok());
  }  // destroyed uncommitted: aborted
  auto txn = ReadTxn::Begin(*env, &resized);
  REQUIRE(txn.ok());
  std::string_view v;
  REQUIRE(txn->Get(dbi, "a", &v).ok());
  REQUIRE(v == "1");
  REQUIRE(txn->Get(dbi, "b", &v).IsNotFound());
  auto cursor = Cursor::Open(*txn, dbi);
  REQUIRE(cursor.ok());
  std::string_view k;
  REQUIRE(cursor->Get(CursorOp::kFirst, &k, &v).ok());
  REQUIRE(k == "a");
  REQUIRE(cursor->Get(CursorOp::kNext, &k, &v).IsNotFound());
}

}  // namespace
}  // namespace factline::graph::internal
