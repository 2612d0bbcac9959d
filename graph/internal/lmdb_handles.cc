#include "graph/internal/lmdb_handles.h"

#include <lmdb.h>

#include <cerrno>
#include <string>
#include <type_traits>
#include <utility>

namespace factline::graph::internal {

static_assert(std::is_same_v<Dbi, MDB_dbi>, "Dbi must match MDB_dbi");

namespace {

MDB_val ToVal(std::string_view s) {
  // LMDB never writes through mv_data for keys or values it is given.
  return MDB_val{s.size(), const_cast<char*>(s.data())};
}

std::string_view FromVal(const MDB_val& v) {
  return std::string_view(static_cast<const char*>(v.mv_data), v.mv_size);
}

// NotFound is the common case on lookups and is given context by callers,
// so it is built without a message (no allocation).
Status NotFoundStatus() { return Status::NotFound(std::string()); }

}  // namespace

Status MdbStatus(int rc, std::string_view op, std::string_view path) {
  if (rc == MDB_SUCCESS) return Status::Ok();
  std::string msg;
  msg.reserve(path.size() + op.size() + 64);
  msg.append(path).append(": ").append(op).append(": ");
  msg.append(mdb_strerror(rc));
  switch (rc) {
    case MDB_NOTFOUND:
      return Status::NotFound(std::move(msg));
    case MDB_KEYEXIST:
      // factline only writes with NOOVERWRITE/APPEND where its own counters
      // say the key is new, so an existing key means the store disagrees
      // with itself.
    case MDB_PAGE_NOTFOUND:
    case MDB_CORRUPTED:
    case MDB_INVALID:
    case MDB_VERSION_MISMATCH:
    case MDB_INCOMPATIBLE:
      return Status::Corruption(std::move(msg));
    case MDB_PANIC:
    case MDB_MAP_RESIZED:
      return Status::IOError(std::move(msg));
    case MDB_MAP_FULL:
    case MDB_DBS_FULL:
    case MDB_READERS_FULL:
    case MDB_TLS_FULL:
    case MDB_TXN_FULL:
    case MDB_CURSOR_FULL:
    case MDB_PAGE_FULL:
    case ENOMEM:
    case ENOSPC:
      return Status::ResourceExhausted(std::move(msg));
    case MDB_BAD_RSLOT:
    case MDB_BAD_TXN:
    case MDB_BAD_VALSIZE:
    case MDB_BAD_DBI:
    case EINVAL:
      return Status::InvalidArgument(std::move(msg));
    default:
      // EACCES, EROFS, ENOENT, EIO, ...
      return Status::IOError(std::move(msg));
  }
}

// ---------------------------------------------------------------------------
// Env

Result<Env> Env::Open(const std::string& path, const EnvOptions& options) {
  Env env;
  env.path_ = path;
  env.read_only_ = options.read_only;
  int rc = mdb_env_create(&env.env_);
  if (rc != MDB_SUCCESS) {
    env.env_ = nullptr;
    return MdbStatus(rc, "mdb_env_create", path);
  }
  if (options.map_bytes != 0) {
    rc = mdb_env_set_mapsize(env.env_, options.map_bytes);
    if (rc != MDB_SUCCESS) return MdbStatus(rc, "mdb_env_set_mapsize", path);
  }
  rc = mdb_env_set_maxdbs(env.env_, options.max_dbs);
  if (rc != MDB_SUCCESS) return MdbStatus(rc, "mdb_env_set_maxdbs", path);
  unsigned flags = MDB_NOTLS;
  if (options.read_only) flags |= MDB_RDONLY;
  if (!options.sync) flags |= MDB_NOSYNC;
  rc = mdb_env_open(env.env_, path.c_str(), flags, 0644);
  if (rc != MDB_SUCCESS) return MdbStatus(rc, "mdb_env_open", path);
  return env;
}

Env::Env(Env&& other) noexcept
    : env_(std::exchange(other.env_, nullptr)),
      path_(std::move(other.path_)),
      read_only_(other.read_only_) {}

Env& Env::operator=(Env&& other) noexcept {
  if (this != &other) {
    if (env_ != nullptr) mdb_env_close(env_);
    env_ = std::exchange(other.env_, nullptr);
    path_ = std::move(other.path_);
    read_only_ = other.read_only_;
  }
  return *this;
}

Env::~Env() {
  if (env_ != nullptr) mdb_env_close(env_);
}

Status Env::SetMapSize(std::size_t bytes) {
  return MdbStatus(mdb_env_set_mapsize(env_, bytes), "mdb_env_set_mapsize",
                   path_);
}

Result<EnvInfo> Env::Info() const {
  MDB_envinfo info;
  int rc = mdb_env_info(env_, &info);
  if (rc != MDB_SUCCESS) return MdbStatus(rc, "mdb_env_info", path_);
  MDB_stat stat;
  rc = mdb_env_stat(env_, &stat);
  if (rc != MDB_SUCCESS) return MdbStatus(rc, "mdb_env_stat", path_);
  EnvInfo out;
  out.map_bytes = info.me_mapsize;
  out.page_bytes = stat.ms_psize;
  out.used_bytes = (info.me_last_pgno + 1) * stat.ms_psize;
  return out;
}

// ---------------------------------------------------------------------------
// Txn

Txn::Txn(Txn&& other) noexcept
    : txn_(std::exchange(other.txn_, nullptr)), path_(other.path_) {}

Txn& Txn::operator=(Txn&& other) noexcept {
  if (this != &other) {
    Abort();
    txn_ = std::exchange(other.txn_, nullptr);
    path_ = other.path_;
  }
  return *this;
}

Txn::~Txn() { Abort(); }

void Txn::Abort() {
  if (txn_ != nullptr) {
    mdb_txn_abort(txn_);
    txn_ = nullptr;
  }
}

Status Txn::Commit() {
  MDB_txn* txn = std::exchange(txn_, nullptr);
  if (txn == nullptr) {
    return Status::InvalidArgument(*path_ + ": commit of a finished txn");
  }
  return MdbStatus(mdb_txn_commit(txn), "mdb_txn_commit", *path_);
}

Result<Dbi> Txn::OpenDbi(const char* name, bool dupsort, bool dupfixed,
                         bool create) {
  unsigned flags = 0;
  if (dupsort) flags |= MDB_DUPSORT;
  if (dupfixed) flags |= MDB_DUPFIXED;
  if (create) flags |= MDB_CREATE;
  MDB_dbi dbi = 0;
  int rc = mdb_dbi_open(txn_, name, flags, &dbi);
  if (rc != MDB_SUCCESS) {
    return MdbStatus(rc,
                     std::string("mdb_dbi_open(") +
                         (name == nullptr ? "<main>" : name) + ")",
                     *path_);
  }
  return dbi;
}

Status Txn::Get(Dbi dbi, std::string_view key, std::string_view* value) const {
  MDB_val k = ToVal(key);
  MDB_val v;
  int rc = mdb_get(txn_, dbi, &k, &v);
  if (rc == MDB_SUCCESS) {
    *value = FromVal(v);
    return Status::Ok();
  }
  if (rc == MDB_NOTFOUND) return NotFoundStatus();
  return MdbStatus(rc, "mdb_get", *path_);
}

Result<DbStat> Txn::Stat(Dbi dbi) const {
  MDB_stat stat;
  int rc = mdb_stat(txn_, dbi, &stat);
  if (rc != MDB_SUCCESS) return MdbStatus(rc, "mdb_stat", *path_);
  DbStat out;
  out.entries = stat.ms_entries;
  return out;
}

Result<ReadTxn> ReadTxn::Begin(const Env& env, bool* resized) {
  MDB_txn* txn = nullptr;
  int rc = mdb_txn_begin(env.get(), nullptr, MDB_RDONLY, &txn);
  *resized = rc == MDB_MAP_RESIZED;
  if (rc != MDB_SUCCESS) return MdbStatus(rc, "mdb_txn_begin", env.path());
  return ReadTxn(txn, &env.path());
}

Result<WriteTxn> WriteTxn::Begin(const Env& env, bool* resized) {
  MDB_txn* txn = nullptr;
  int rc = mdb_txn_begin(env.get(), nullptr, 0, &txn);
  *resized = rc == MDB_MAP_RESIZED;
  if (rc != MDB_SUCCESS) return MdbStatus(rc, "mdb_txn_begin", env.path());
  return WriteTxn(txn, &env.path());
}

Status WriteTxn::Put(Dbi dbi, std::string_view key, std::string_view value,
                     PutMode mode) {
  unsigned flags = 0;
  switch (mode) {
    case PutMode::kOverwrite:
      break;
    case PutMode::kNoOverwrite:
      flags = MDB_NOOVERWRITE;
      break;
    case PutMode::kAppend:
      flags = MDB_APPEND;
      break;
    case PutMode::kAddDup:
      flags = MDB_NODUPDATA;
      break;
  }
  MDB_val k = ToVal(key);
  MDB_val v = ToVal(value);
  int rc = mdb_put(txn_, dbi, &k, &v, flags);
  if (rc == MDB_SUCCESS) return Status::Ok();
  if (rc == MDB_KEYEXIST && mode == PutMode::kAddDup) return Status::Ok();
  if (rc == MDB_MAP_FULL) map_full_ = true;
  return MdbStatus(rc, "mdb_put", *path_);
}

Status WriteTxn::Del(Dbi dbi, std::string_view key) {
  MDB_val k = ToVal(key);
  int rc = mdb_del(txn_, dbi, &k, nullptr);
  if (rc == MDB_SUCCESS) return Status::Ok();
  if (rc == MDB_NOTFOUND) return NotFoundStatus();
  if (rc == MDB_MAP_FULL) map_full_ = true;
  return MdbStatus(rc, "mdb_del", *path_);
}

Status WriteTxn::Commit() {
  MDB_txn* txn = std::exchange(txn_, nullptr);
  if (txn == nullptr) {
    return Status::InvalidArgument(*path_ + ": commit of a finished txn");
  }
  int rc = mdb_txn_commit(txn);
  if (rc == MDB_MAP_FULL) map_full_ = true;
  return MdbStatus(rc, "mdb_txn_commit", *path_);
}

// ---------------------------------------------------------------------------
// Cursor

Result<Cursor> Cursor::Open(const Txn& txn, Dbi dbi) {
  MDB_cursor* cursor = nullptr;
  int rc = mdb_cursor_open(txn.get(), dbi, &cursor);
  if (rc != MDB_SUCCESS) return MdbStatus(rc, "mdb_cursor_open", txn.path());
  return Cursor(cursor, &txn.path());
}

Cursor::Cursor(Cursor&& other) noexcept
    : cursor_(std::exchange(other.cursor_, nullptr)), path_(other.path_) {}

Cursor& Cursor::operator=(Cursor&& other) noexcept {
  if (this != &other) {
    if (cursor_ != nullptr) mdb_cursor_close(cursor_);
    cursor_ = std::exchange(other.cursor_, nullptr);
    path_ = other.path_;
  }
  return *this;
}

Cursor::~Cursor() {
  if (cursor_ != nullptr) mdb_cursor_close(cursor_);
}

Status Cursor::Get(CursorOp op, std::string_view* key,
                   std::string_view* value) {
  MDB_cursor_op mop = MDB_FIRST;
  switch (op) {
    case CursorOp::kFirst:
      mop = MDB_FIRST;
      break;
    case CursorOp::kLast:
      mop = MDB_LAST;
      break;
    case CursorOp::kNext:
      mop = MDB_NEXT;
      break;
    case CursorOp::kNextDup:
      mop = MDB_NEXT_DUP;
      break;
    case CursorOp::kNextNoDup:
      mop = MDB_NEXT_NODUP;
      break;
    case CursorOp::kSet:
      mop = MDB_SET_KEY;
      break;
    case CursorOp::kSetRange:
      mop = MDB_SET_RANGE;
      break;
    case CursorOp::kGetCurrent:
      mop = MDB_GET_CURRENT;
      break;
  }
  MDB_val k = ToVal(*key);
  MDB_val v{0, nullptr};
  int rc = mdb_cursor_get(cursor_, &k, &v, mop);
  if (rc == MDB_SUCCESS) {
    *key = FromVal(k);
    *value = FromVal(v);
    return Status::Ok();
  }
  if (rc == MDB_NOTFOUND) return NotFoundStatus();
  return MdbStatus(rc, "mdb_cursor_get", *path_);
}

}  // namespace factline::graph::internal
