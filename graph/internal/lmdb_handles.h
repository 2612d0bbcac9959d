// RAII handles over the LMDB C API: the only door from factline to disk.
//
// Env owns an MDB_env; ReadTxn and WriteTxn own an MDB_txn and abort it on
// destruction unless committed; Cursor owns an MDB_cursor and closes it.
// All four are move-only. Every LMDB return code is turned into one Status
// by MdbStatus; messages name the store path and the failed operation.
// Values returned as std::string_view point into the memory map and stay
// valid until the next write in the same transaction or the transaction's
// end; copy them to keep them.
//
// Thread safety: an Env may be shared. A transaction and its cursors belong
// to one call at a time (the Env is opened with MDB_NOTLS, so a read
// transaction is not tied to the thread that began it).
//
// lmdb.h itself is included only by lmdb_handles.cc; the opaque LMDB types
// are forward-declared here.
#ifndef FACTLINE_GRAPH_INTERNAL_LMDB_HANDLES_H_
#define FACTLINE_GRAPH_INTERNAL_LMDB_HANDLES_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "atoms/atoms.h"

struct MDB_env;
struct MDB_txn;
struct MDB_cursor;

namespace factline::graph::internal {

using Dbi = unsigned int;  // MDB_dbi

// Maps an LMDB or errno code to a Status (OK for 0). MDB_NOTFOUND becomes
// NotFound; MDB_CORRUPTED, MDB_PAGE_NOTFOUND, MDB_INVALID,
// MDB_VERSION_MISMATCH and MDB_INCOMPATIBLE become Corruption; the *_FULL
// codes and ENOMEM/ENOSPC become ResourceExhausted; EACCES, EROFS, ENOENT and
// other errno values become IOError. The message is "<path>: <op>: <why>".
Status MdbStatus(int rc, std::string_view op, std::string_view path);

struct EnvOptions {
  std::size_t map_bytes = 0;
  unsigned max_dbs = 16;
  bool read_only = false;
  bool sync = true;
};

struct EnvInfo {
  std::size_t map_bytes = 0;   // current size of the memory map
  std::size_t used_bytes = 0;  // (last used page + 1) * page size
  std::size_t page_bytes = 0;
};

struct DbStat {
  std::uint64_t entries = 0;  // data items (each duplicate counts)
};

// What the newer of the two meta pages of a data.mdb says, and the file's
// size. Read with pread, never mapped.
struct DataFileInfo {
  std::uint64_t file_bytes = 0;
  std::size_t page_bytes = 0;
  std::size_t map_bytes = 0;    // map size recorded by the last commit
  std::uint64_t last_page = 0;  // highest page number in use
  std::uint64_t entries = 0;    // items in the main (unnamed) database
};

// Checks <dir>/data.mdb before LMDB maps it: LMDB trusts its meta pages and
// maps the file, so a truncated file would be read past its end (SIGBUS)
// and a 0-byte one silently initialised as a new environment. NotFound when
// the file does not exist; IOError when it is not a regular file or cannot
// be read ("permission denied: PATH"); Corruption naming the file for an
// empty or short file, a bad meta page (page flags, magic, page size, root
// pages) or a file shorter than the pages the newest meta page says are in
// use; NotSupported for another LMDB data version.
Result<DataFileInfo> InspectDataFile(const std::string& dir);

// See graph::InstallMapFaultHandler (graph.h).
void InstallMapFaultHandler(int exit_code);

// See graph::SetLmdbAssertHandler (graph.h); every Env opened afterwards
// routes LMDB's assert()s to it.
void SetAssertHandler(void (*handler)(const char* message));

// "disk full" when the filesystem holding `path` has (almost) no space left,
// which is what an EIO from a write usually means; empty otherwise.
std::string DiskFullHint(const std::string& path);

class Env {
 public:
  Env() = default;
  // Opens the environment in directory `path` (MDB_NOTLS always; MDB_RDONLY
  // and MDB_NOSYNC per options). The directory must exist. An existing
  // data.mdb is checked with InspectDataFile first, and the map is at least
  // the size its last commit recorded.
  static Result<Env> Open(const std::string& path, const EnvOptions& options);
  Env(Env&& other) noexcept;
  Env& operator=(Env&& other) noexcept;
  Env(const Env&) = delete;
  Env& operator=(const Env&) = delete;
  ~Env();

  // Resizes the map; 0 adopts the size another process set. No transaction
  // of this process may be active.
  Status SetMapSize(std::size_t bytes);
  Result<EnvInfo> Info() const;
  // Writes a consistent copy of the environment to <dir>/data.mdb
  // (mdb_env_copy2; compact drops free pages). The directory must exist and
  // hold no data.mdb. Runs in a read transaction: writers go on meanwhile.
  Status CopyTo(const std::string& dir, bool compact) const;

  MDB_env* get() const { return env_; }
  const std::string& path() const { return path_; }
  bool read_only() const { return read_only_; }

  // Where this process maps data.mdb ([begin, end) of the mapping; both
  // null when it could not be found). Read transactions check every value
  // LMDB hands out against it: a damaged node's size or offset would
  // otherwise send the caller reading outside the map (SIGSEGV).
  struct MapRange {
    const char* begin = nullptr;
    const char* end = nullptr;
  };
  MapRange map_range() const { return map_range_; }

 private:
  void FindMap();

  MDB_env* env_ = nullptr;
  std::string path_;
  bool read_only_ = false;
  MapRange map_range_;
};

enum class CursorOp {
  kFirst,       // MDB_FIRST
  kLast,        // MDB_LAST
  kNext,        // MDB_NEXT
  kNextDup,     // MDB_NEXT_DUP
  kNextNoDup,   // MDB_NEXT_NODUP
  kSet,         // MDB_SET_KEY: exact key, first duplicate
  kSetRange,    // MDB_SET_RANGE: first key >= the given key
  kGetCurrent,  // MDB_GET_CURRENT
};

enum class PutMode {
  kOverwrite,    // 0: replace (or add a duplicate in a DUPSORT db)
  kNoOverwrite,  // MDB_NOOVERWRITE: key must be absent
  kAppend,       // MDB_APPEND: key must sort after every existing key
  kAddDup,       // MDB_NODUPDATA: adds a duplicate; OK if already there
};

// Base of ReadTxn and WriteTxn: the operations both allow.
class Txn {
 public:
  Txn(Txn&& other) noexcept;
  Txn& operator=(Txn&& other) noexcept;
  Txn(const Txn&) = delete;
  Txn& operator=(const Txn&) = delete;
  ~Txn();  // aborts if still open

  // Opens (or with create, creates) a named database. The handle stays valid
  // for the Env's life once this transaction commits.
  Result<Dbi> OpenDbi(const char* name, bool dupsort, bool dupfixed,
                      bool create);
  // Sets *value to the stored value. NotFound (with an empty message; callers
  // add context) when the key is absent.
  Status Get(Dbi dbi, std::string_view key, std::string_view* value) const;
  Result<DbStat> Stat(Dbi dbi) const;
  // Commits (or, for a read transaction, releases) the transaction.
  Status Commit();
  void Abort();

  MDB_txn* get() const { return txn_; }
  const std::string& path() const { return *path_; }
  // Null for a write transaction: its own writes live outside the map.
  Env::MapRange map_range() const { return map_; }

 protected:
  Txn(MDB_txn* txn, const std::string* path, Env::MapRange map = {})
      : txn_(txn), path_(path), map_(map) {}

  MDB_txn* txn_ = nullptr;
  const std::string* path_ = nullptr;  // owned by the Env
  Env::MapRange map_;
};

class ReadTxn : public Txn {
 public:
  // MDB_MAP_RESIZED reaches the caller as ResourceExhausted with *resized
  // set, so it can adopt the new size and begin again.
  static Result<ReadTxn> Begin(const Env& env, bool* resized);

 private:
  using Txn::Txn;
};

class WriteTxn : public Txn {
 public:
  static Result<WriteTxn> Begin(const Env& env, bool* resized);

  // Stores key -> value. *map_full is set (never cleared) when the map ran
  // out of space, so a caller can tell growth-worthy failures apart even
  // when the Status is wrapped on its way up.
  Status Put(Dbi dbi, std::string_view key, std::string_view value,
             PutMode mode);
  // Deletes the key (all its duplicates). NotFound when absent.
  Status Del(Dbi dbi, std::string_view key);
  // Commit that also records MDB_MAP_FULL in map_full().
  Status Commit();
  bool map_full() const { return map_full_; }

 private:
  using Txn::Txn;
  bool map_full_ = false;
};

class Cursor {
 public:
  static Result<Cursor> Open(const Txn& txn, Dbi dbi);
  Cursor(Cursor&& other) noexcept;
  Cursor& operator=(Cursor&& other) noexcept;
  Cursor(const Cursor&) = delete;
  Cursor& operator=(const Cursor&) = delete;
  ~Cursor();

  // Positions the cursor. For kSet/kSetRange, *key is the input and is
  // replaced by the stored key. NotFound (empty message) past the end.
  Status Get(CursorOp op, std::string_view* key, std::string_view* value);

 private:
  Cursor(MDB_cursor* cursor, const std::string* path, Env::MapRange map)
      : cursor_(cursor), path_(path), map_(map) {}
  MDB_cursor* cursor_ = nullptr;
  const std::string* path_ = nullptr;
  Env::MapRange map_;
};

}  // namespace factline::graph::internal

#endif  // FACTLINE_GRAPH_INTERNAL_LMDB_HANDLES_H_
