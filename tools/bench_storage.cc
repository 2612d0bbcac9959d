// factline_bench_storage: storage-path speed of factline against raw LMDB
// doing the same key reads and writes, in one run.
//
// What it measures (each arm a median over --reps repetitions, the arms of
// one repetition interleaved and their order rotated):
//   1. Ingest of the FactConsolidation 262k context (18,332 "<serial>.
//      <sentence>" facts) in one transaction into a fresh store, serial as
//      tx_time: Memory::Remember (parse + gate + resolve + store),
//      RememberAtoms with pre-parsed atoms, a Resolver with audit off, and
//      the parser alone. The baseline replays with raw LMDB, into a fresh
//      environment with the same databases and flags, the exact call
//      sequence Remember issued (every mdb_get, mdb_put, mdb_del and cursor
//      move, same keys, values and flags, same transactions).
//   2. Current() lookups on that store at random slots, one read
//      transaction per lookup in every arm: Memory::Current(subject,
//      relation), graph Reader::Current(subject id, relation id), raw LMDB
//      replaying the calls Memory::Current made, and raw LMDB replaying the
//      one mdb_get graph Reader::Current made.
//   3. How lookup time grows with store size: synthetic stores of --sizes
//      atoms (distinct subjects and values, 4 relations per subject out of
//      16 one-valued lexicon relations), the same four arms at each size.
//
// How the LMDB calls are counted: the binary is linked with
// --wrap=mdb_get,mdb_put,... (tools/CMakeLists.txt), so every LMDB call from
// factline's graph module and from the baseline passes through a wrapper
// here that costs one predictable branch when not recording. A recording
// pass, not timed, captures the calls; the counts are printed and the
// raw-LMDB arms replay them, checking that every call returns what it
// returned to factline.
//
// Usage: factline_bench_storage [--data FILE] [--split NAME] [--reps N]
//            [--lookups N] [--sizes 10k,100k,1M] [--growth-lookups N]
//            [--growth-reps N] [--batch N] [--map-mib N] [--sync]
//            [--phrase-relations] [--seed S] [--dir DIR] [--json]
//            [--json-out FILE]
#include <lmdb.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "atoms/atoms.h"
#include "graph/graph.h"
#include "query/query.h"
#include "resolver/resolver.h"

namespace factline::bench {

// ---------------------------------------------------------------------------
// Recording of LMDB calls.

enum class OpKind : std::uint8_t {
  kBegin,  // flags: MDB_RDONLY or 0
  kCommit,
  kAbort,
  kGet,  // rc: MDB_SUCCESS or MDB_NOTFOUND; value_len: bytes found
  kPut,  // flags: MDB_APPEND, MDB_NOOVERWRITE, ...
  kDel,
  kCursorOpen,  // cursor: id given to the new cursor
  kCursorGet,   // flags: MDB_cursor_op; key/value: the inputs it reads
  kCursorClose,
};

struct Op {
  OpKind kind;
  unsigned dbi = 0;
  unsigned flags = 0;
  int rc = 0;
  std::uint32_t cursor = 0;
  std::size_t key_off = 0, key_len = 0;
  std::size_t value_off = 0, value_len = 0;  // value bytes kept when needed
};

struct DbInfo {
  std::string name;  // empty: the unnamed main database
  unsigned flags = 0;
};

// The calls made while a Trace is installed in g_trace. Keys and the values
// a replay needs are copied into one arena.
struct Trace {
  std::vector<Op> ops;
  std::string arena;
  std::map<unsigned, DbInfo> dbs;  // dbi -> name and flags, as opened
  std::map<const MDB_cursor*, std::uint32_t> live_cursors;
  std::uint32_t next_cursor = 1;

  std::string_view Key(const Op& op) const {
    return std::string_view(arena).substr(op.key_off, op.key_len);
  }
  std::string_view Value(const Op& op) const {
    return std::string_view(arena).substr(op.value_off, op.value_len);
  }
  Op& Add(OpKind kind, unsigned dbi, unsigned flags, int rc, const MDB_val* key,
          const MDB_val* value, bool keep_value) {
    Op op{kind, dbi, flags, rc};
    if (key != nullptr) {
      op.key_off = arena.size();
      op.key_len = key->mv_size;
      arena.append(static_cast<const char*>(key->mv_data), key->mv_size);
    }
    if (value != nullptr) {
      op.value_len = value->mv_size;
      if (keep_value) {
        op.value_off = arena.size();
        arena.append(static_cast<const char*>(value->mv_data), value->mv_size);
      }
    }
    ops.push_back(op);
    return ops.back();
  }
};

Trace* g_trace = nullptr;  // recording when non-null; single-threaded use

}  // namespace factline::bench

// Link-time wrappers (see tools/CMakeLists.txt): factline's calls and the
// baseline's both land here, so both pay the same null check.
// NOLINTBEGIN(bugprone-reserved-identifier,readability-identifier-naming)
extern "C" {
int __real_mdb_get(MDB_txn* txn, MDB_dbi dbi, MDB_val* key, MDB_val* data);
int __real_mdb_put(MDB_txn* txn, MDB_dbi dbi, MDB_val* key, MDB_val* data,
                   unsigned flags);
int __real_mdb_del(MDB_txn* txn, MDB_dbi dbi, MDB_val* key, MDB_val* data);
int __real_mdb_cursor_get(MDB_cursor* cursor, MDB_val* key, MDB_val* data,
                          MDB_cursor_op op);
int __real_mdb_cursor_open(MDB_txn* txn, MDB_dbi dbi, MDB_cursor** cursor);
void __real_mdb_cursor_close(MDB_cursor* cursor);
int __real_mdb_txn_begin(MDB_env* env, MDB_txn* parent, unsigned flags,
                         MDB_txn** txn);
int __real_mdb_txn_commit(MDB_txn* txn);
void __real_mdb_txn_abort(MDB_txn* txn);
int __real_mdb_dbi_open(MDB_txn* txn, const char* name, unsigned flags,
                        MDB_dbi* dbi);

int __wrap_mdb_get(MDB_txn* txn, MDB_dbi dbi, MDB_val* key, MDB_val* data) {
  const int rc = __real_mdb_get(txn, dbi, key, data);
  if (factline::bench::g_trace != nullptr) {
    factline::bench::g_trace->Add(factline::bench::OpKind::kGet, dbi, 0, rc,
                                  key, rc == MDB_SUCCESS ? data : nullptr,
                                  false);
  }
  return rc;
}

int __wrap_mdb_put(MDB_txn* txn, MDB_dbi dbi, MDB_val* key, MDB_val* data,
                   unsigned flags) {
  if (factline::bench::g_trace != nullptr) {
    factline::bench::g_trace->Add(factline::bench::OpKind::kPut, dbi, flags, 0,
                                  key, data, true);
  }
  const int rc = __real_mdb_put(txn, dbi, key, data, flags);
  if (factline::bench::g_trace != nullptr) {
    factline::bench::g_trace->ops.back().rc = rc;
  }
  return rc;
}

int __wrap_mdb_del(MDB_txn* txn, MDB_dbi dbi, MDB_val* key, MDB_val* data) {
  const int rc = __real_mdb_del(txn, dbi, key, data);
  if (factline::bench::g_trace != nullptr) {
    factline::bench::g_trace->Add(factline::bench::OpKind::kDel, dbi, 0, rc,
                                  key, nullptr, false);
  }
  return rc;
}

int __wrap_mdb_cursor_get(MDB_cursor* cursor, MDB_val* key, MDB_val* data,
                          MDB_cursor_op op) {
  factline::bench::Trace* t = factline::bench::g_trace;
  if (t == nullptr) return __real_mdb_cursor_get(cursor, key, data, op);
  // Inputs are recorded before the call overwrites them.
  const bool reads_key = op == MDB_SET || op == MDB_SET_KEY ||
                         op == MDB_SET_RANGE || op == MDB_GET_BOTH ||
                         op == MDB_GET_BOTH_RANGE;
  const bool reads_data = op == MDB_GET_BOTH || op == MDB_GET_BOTH_RANGE;
  auto it = t->live_cursors.find(cursor);
  const std::size_t index = t->ops.size();
  t->Add(factline::bench::OpKind::kCursorGet, mdb_cursor_dbi(cursor),
         static_cast<unsigned>(op), 0, reads_key ? key : nullptr,
         reads_data ? data : nullptr, true);
  t->ops[index].cursor = it == t->live_cursors.end() ? 0 : it->second;
  const int rc = __real_mdb_cursor_get(cursor, key, data, op);
  t->ops[index].rc = rc;
  return rc;
}

int __wrap_mdb_cursor_open(MDB_txn* txn, MDB_dbi dbi, MDB_cursor** cursor) {
  const int rc = __real_mdb_cursor_open(txn, dbi, cursor);
  factline::bench::Trace* t = factline::bench::g_trace;
  if (t != nullptr && rc == MDB_SUCCESS) {
    const std::uint32_t id = t->next_cursor++;
    t->live_cursors[*cursor] = id;
    t->Add(factline::bench::OpKind::kCursorOpen, dbi, 0, rc, nullptr, nullptr,
           false)
        .cursor = id;
  }
  return rc;
}

void __wrap_mdb_cursor_close(MDB_cursor* cursor) {
  factline::bench::Trace* t = factline::bench::g_trace;
  if (t != nullptr) {
    auto it = t->live_cursors.find(cursor);
    if (it != t->live_cursors.end()) {
      t->Add(factline::bench::OpKind::kCursorClose, 0, 0, 0, nullptr, nullptr,
             false)
          .cursor = it->second;
      t->live_cursors.erase(it);
    }
  }
  __real_mdb_cursor_close(cursor);
}

int __wrap_mdb_txn_begin(MDB_env* env, MDB_txn* parent, unsigned flags,
                         MDB_txn** txn) {
  const int rc = __real_mdb_txn_begin(env, parent, flags, txn);
  if (factline::bench::g_trace != nullptr) {
    factline::bench::g_trace->Add(factline::bench::OpKind::kBegin, 0, flags, rc,
                                  nullptr, nullptr, false);
  }
  return rc;
}

int __wrap_mdb_txn_commit(MDB_txn* txn) {
  const int rc = __real_mdb_txn_commit(txn);
  if (factline::bench::g_trace != nullptr) {
    factline::bench::g_trace->Add(factline::bench::OpKind::kCommit, 0, 0, rc,
                                  nullptr, nullptr, false);
  }
  return rc;
}

void __wrap_mdb_txn_abort(MDB_txn* txn) {
  __real_mdb_txn_abort(txn);
  if (factline::bench::g_trace != nullptr) {
    factline::bench::g_trace->Add(factline::bench::OpKind::kAbort, 0, 0, 0,
                                  nullptr, nullptr, false);
  }
}

int __wrap_mdb_dbi_open(MDB_txn* txn, const char* name, unsigned flags,
                        MDB_dbi* dbi) {
  const int rc = __real_mdb_dbi_open(txn, name, flags, dbi);
  if (rc == MDB_SUCCESS && factline::bench::g_trace != nullptr) {
    factline::bench::g_trace->dbs[*dbi] =
        factline::bench::DbInfo{name != nullptr ? name : "", flags};
  }
  return rc;
}
}  // extern "C"
// NOLINTEND(bugprone-reserved-identifier,readability-identifier-naming)

namespace factline::bench {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using Json = nlohmann::json;

double Seconds(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

[[noreturn]] void Die(const std::string& msg) {
  std::cerr << "factline_bench_storage: " << msg << "\n";
  std::exit(1);
}

void Check(const Status& s, const std::string& what) {
  if (!s.ok()) Die(what + ": " + s.ToString());
}

void CheckMdb(int rc, const std::string& what) {
  if (rc != MDB_SUCCESS) Die(what + ": " + mdb_strerror(rc));
}

struct Args {
  std::string data = FACTLINE_DEFAULT_DATA;
  std::string split = "factconsolidation_sh_262k";
  int reps = 5;
  std::size_t lookups = 200000;
  std::vector<std::size_t> sizes = {10000, 100000, 1000000};
  std::size_t growth_lookups = 200000;
  int growth_reps = 3;
  std::size_t batch = 50000;
  std::size_t map_mib = 4096;
  bool sync = false;
  bool phrase_relations = false;  // growth stores: non-lexicon relations
  std::uint64_t seed = 42;
  std::string dir;       // default: $TMPDIR (or /tmp)
  bool json = false;     // JSON on stdout instead of the table
  std::string json_out;  // also write the JSON to this file
};

std::vector<std::size_t> ParseSizes(const std::string& text) {
  std::vector<std::size_t> out;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    if (item.empty()) continue;
    char* end = nullptr;
    double v = std::strtod(item.c_str(), &end);
    std::string suffix(end);
    if (suffix == "k" || suffix == "K") v *= 1e3;
    if (suffix == "m" || suffix == "M") v *= 1e6;
    if (v < 1) Die("bad size '" + item + "' in --sizes");
    out.push_back(static_cast<std::size_t>(v));
  }
  return out;
}

Args ParseArgs(int argc, char** argv) {
  Args a;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) Die("missing value for " + flag);
      return argv[++i];
    };
    auto count = [&]() -> std::size_t {
      const std::string v = next();
      return static_cast<std::size_t>(std::strtoull(v.c_str(), nullptr, 10));
    };
    if (flag == "--data") {
      a.data = next();
    } else if (flag == "--split") {
      a.split = next();
    } else if (flag == "--reps") {
      a.reps = static_cast<int>(count());
    } else if (flag == "--lookups") {
      a.lookups = count();
    } else if (flag == "--sizes") {
      a.sizes = ParseSizes(next());
    } else if (flag == "--growth-lookups") {
      a.growth_lookups = count();
    } else if (flag == "--growth-reps") {
      a.growth_reps = static_cast<int>(count());
    } else if (flag == "--batch") {
      a.batch = count();
    } else if (flag == "--map-mib") {
      a.map_mib = count();
    } else if (flag == "--sync") {
      a.sync = true;
    } else if (flag == "--phrase-relations") {
      a.phrase_relations = true;
    } else if (flag == "--seed") {
      a.seed = count();
    } else if (flag == "--dir") {
      a.dir = next();
    } else if (flag == "--json") {
      a.json = true;
    } else if (flag == "--json-out") {
      a.json_out = next();
    } else if (flag == "--help" || flag == "-h") {
      std::cout << "usage: factline_bench_storage [--data FILE] [--split NAME]"
                   " [--reps N] [--lookups N]\n"
                   "  [--sizes 10k,100k,1M (empty: skip growth)]"
                   " [--growth-lookups N] [--growth-reps N]\n"
                   "  [--phrase-relations]"
                   "  [--batch N] [--map-mib N] [--sync] [--seed S]"
                   " [--dir DIR] [--json] [--json-out FILE]\n";
      std::exit(0);
    } else {
      Die("unknown flag " + flag + " (try --help)");
    }
  }
  if (a.reps < 1 || a.growth_reps < 1) Die("--reps must be positive");
  if (a.lookups < 1 || a.growth_lookups < 1) Die("--lookups must be positive");
  if (a.batch < 1) Die("--batch must be positive");
  if (a.map_mib < 16) Die("--map-mib must be at least 16");
  return a;
}

double D(std::uint64_t v) { return static_cast<double>(v); }

// Mean bytes per call, 0 when there were none.
double Mean(std::uint64_t bytes, std::uint64_t calls) {
  return calls == 0 ? 0.0 : D(bytes) / D(calls);
}

double Median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// (max - min) / median of the samples, in percent: how noisy an arm was.
double SpreadPct(const std::vector<double>& v) {
  if (v.size() < 2) return 0;
  const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
  return (*hi - *lo) / Median(v) * 100;
}

// The 1-minute load average, or -1 when unknown.
double LoadAverage() {
  std::ifstream in("/proc/loadavg");
  double load = -1;
  if (in) in >> load;
  return load;
}

// A scratch directory that removes itself.
class TempDir {
 public:
  explicit TempDir(const fs::path& path) : path_(path) {
    std::error_code ec;
    fs::remove_all(path_, ec);
    fs::create_directories(path_, ec);
    if (ec) Die("cannot create " + path_.string() + ": " + ec.message());
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const fs::path& path() const { return path_; }
  std::string str() const { return path_.string(); }

 private:
  fs::path path_;
};

std::uint64_t DirBytes(const fs::path& dir) {
  std::uint64_t total = 0;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (e.is_regular_file(ec)) total += e.file_size(ec);
  }
  return total;
}

// ---------------------------------------------------------------------------
// Raw LMDB.

// An MDB_env with the databases a factline trace opened, by the same names
// and flags. dbi_map translates the trace's dbi numbers.
class RawEnv {
 public:
  // NOLINTNEXTLINE(bugprone-easily-swappable-parameters)
  RawEnv(const std::string& dir, std::size_t map_bytes, unsigned env_flags,
         const std::map<unsigned, DbInfo>& dbs, bool create) {
    CheckMdb(mdb_env_create(&env_), "mdb_env_create");
    CheckMdb(mdb_env_set_mapsize(env_, map_bytes), "mdb_env_set_mapsize");
    CheckMdb(mdb_env_set_maxdbs(env_, 16), "mdb_env_set_maxdbs");
    CheckMdb(mdb_env_open(env_, dir.c_str(), env_flags, 0644), "mdb_env_open");
    MDB_txn* txn = nullptr;
    CheckMdb(mdb_txn_begin(env_, nullptr, create ? 0 : MDB_RDONLY, &txn),
             "mdb_txn_begin");
    for (const auto& [traced, info] : dbs) {
      unsigned flags = info.flags & ~static_cast<unsigned>(MDB_CREATE);
      if (create && !info.name.empty()) flags |= MDB_CREATE;
      MDB_dbi dbi = 0;
      CheckMdb(
          mdb_dbi_open(txn, info.name.empty() ? nullptr : info.name.c_str(),
                       flags, &dbi),
          "mdb_dbi_open(" + info.name + ")");
      dbi_map_[traced] = dbi;
    }
    CheckMdb(mdb_txn_commit(txn), "mdb_txn_commit");
  }
  ~RawEnv() { mdb_env_close(env_); }
  RawEnv(const RawEnv&) = delete;
  RawEnv& operator=(const RawEnv&) = delete;

  MDB_env* env() const { return env_; }
  MDB_dbi Dbi(unsigned traced) const {
    auto it = dbi_map_.find(traced);
    if (it == dbi_map_.end()) Die("trace uses unknown dbi");
    return it->second;
  }

 private:
  MDB_env* env_ = nullptr;
  std::map<unsigned, MDB_dbi> dbi_map_;
};

MDB_val ToVal(std::string_view s) {
  return MDB_val{s.size(), const_cast<char*>(s.data())};
}

// A recorded op ready to replay: dbi translated, key and value as MDB_val.
struct ReplayOp {
  OpKind kind;
  MDB_dbi dbi;
  unsigned flags;
  int rc;
  std::uint32_t cursor;
  MDB_val key;
  MDB_val value;
};

struct Program {
  std::vector<ReplayOp> ops;
  std::uint32_t max_cursor = 0;
};

Program Compile(const Trace& t, std::size_t from, std::size_t to,
                const RawEnv& env) {
  Program p;
  p.ops.reserve(to - from);
  for (std::size_t i = from; i < to; ++i) {
    const Op& op = t.ops[i];
    ReplayOp r{op.kind, 0, op.flags, op.rc, op.cursor, {}, {}};
    switch (op.kind) {
      case OpKind::kGet:
      case OpKind::kPut:
      case OpKind::kDel:
      case OpKind::kCursorOpen:
        r.dbi = env.Dbi(op.dbi);
        break;
      default:
        break;
    }
    r.key = ToVal(t.Key(op));
    r.value = ToVal(t.Value(op));
    p.max_cursor = std::max(p.max_cursor, op.cursor);
    p.ops.push_back(r);
  }
  return p;
}

// Replays recorded ops against `env`: the same transactions, gets, puts,
// dels and cursor moves, in order. Returns how many results differ from the
// recording; *checksum sums the bytes read.
// With renew_reads, read transactions are recycled with mdb_txn_reset /
// mdb_txn_renew instead of begun and aborted (LMDB's cheap path).
std::size_t Replay(const RawEnv& env, const Program& p, std::uint64_t* checksum,
                   bool renew_reads = false) {
  MDB_txn* txn = nullptr;
  MDB_txn* spare = nullptr;  // a reset read txn kept for renewal
  bool read_only = false;
  std::vector<MDB_cursor*> cursors(p.max_cursor + 1, nullptr);
  std::size_t mismatches = 0;
  for (const ReplayOp& op : p.ops) {
    MDB_val k = op.key, v = op.value;
    int rc = 0;
    switch (op.kind) {
      case OpKind::kBegin:
        read_only = (op.flags & MDB_RDONLY) != 0;
        if (renew_reads && read_only && spare != nullptr) {
          txn = std::exchange(spare, nullptr);
          CheckMdb(mdb_txn_renew(txn), "replay: mdb_txn_renew");
          continue;
        }
        CheckMdb(mdb_txn_begin(env.env(), nullptr, op.flags, &txn),
                 "replay: mdb_txn_begin");
        continue;
      case OpKind::kCommit:
        rc = mdb_txn_commit(txn);
        txn = nullptr;
        break;
      case OpKind::kAbort:
        if (renew_reads && read_only) {
          mdb_txn_reset(txn);
          spare = std::exchange(txn, nullptr);
          continue;
        }
        mdb_txn_abort(txn);
        txn = nullptr;
        continue;
      case OpKind::kGet:
        rc = mdb_get(txn, op.dbi, &k, &v);
        if (rc == MDB_SUCCESS) *checksum += v.mv_size;
        break;
      case OpKind::kPut:
        rc = mdb_put(txn, op.dbi, &k, &v, op.flags);
        break;
      case OpKind::kDel:
        rc = mdb_del(txn, op.dbi, &k, nullptr);
        break;
      case OpKind::kCursorOpen:
        rc = mdb_cursor_open(txn, op.dbi, &cursors[op.cursor]);
        break;
      case OpKind::kCursorGet:
        rc = mdb_cursor_get(cursors[op.cursor], &k, &v,
                            static_cast<MDB_cursor_op>(op.flags));
        if (rc == MDB_SUCCESS) *checksum += v.mv_size;
        break;
      case OpKind::kCursorClose:
        mdb_cursor_close(cursors[op.cursor]);
        cursors[op.cursor] = nullptr;
        continue;
    }
    if (rc != op.rc) ++mismatches;
  }
  if (txn != nullptr) mdb_txn_abort(txn);
  if (spare != nullptr) mdb_txn_abort(spare);
  return mismatches;
}

// Per-database call counts of a trace range.
struct DbCounts {
  std::uint64_t get_hits = 0, get_misses = 0, puts = 0, dels = 0,
                cursor_gets = 0;
  std::uint64_t key_bytes = 0, value_bytes = 0, keyed_ops = 0, valued_ops = 0;
};
struct CallCounts {
  std::map<std::string, DbCounts> by_db;
  DbCounts total;
  std::uint64_t write_txns = 0, read_txns = 0, commits = 0;
};

// Counts ops [from, to) of t.
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters)
CallCounts Count(const Trace& t, std::size_t from, std::size_t to) {
  CallCounts c;
  for (std::size_t i = from; i < to; ++i) {
    const Op& op = t.ops[i];
    if (op.kind == OpKind::kBegin) {
      ++((op.flags & MDB_RDONLY) != 0 ? c.read_txns : c.write_txns);
      continue;
    }
    if (op.kind == OpKind::kCommit) {
      ++c.commits;
      continue;
    }
    if (op.kind == OpKind::kAbort || op.kind == OpKind::kCursorOpen ||
        op.kind == OpKind::kCursorClose) {
      continue;
    }
    auto it = t.dbs.find(op.dbi);
    const std::string name =
        it == t.dbs.end()
            ? "?"
            : (it->second.name.empty() ? "(main)" : it->second.name);
    for (DbCounts* d : {&c.by_db[name], &c.total}) {
      switch (op.kind) {
        case OpKind::kGet:
          ++(op.rc == MDB_SUCCESS ? d->get_hits : d->get_misses);
          break;
        case OpKind::kPut:
          ++d->puts;
          break;
        case OpKind::kDel:
          ++d->dels;
          break;
        case OpKind::kCursorGet:
          ++d->cursor_gets;
          continue;
        default:
          break;
      }
      d->key_bytes += op.key_len;
      ++d->keyed_ops;
      if (op.value_len > 0) {
        d->value_bytes += op.value_len;
        ++d->valued_ops;
      }
    }
  }
  return c;
}

Json CountsJson(const CallCounts& c, double per) {
  auto one = [per](const DbCounts& d) {
    return Json{
        {"get_hits", d.get_hits},
        {"get_misses", d.get_misses},
        {"puts", d.puts},
        {"dels", d.dels},
        {"cursor_gets", d.cursor_gets},
        {"gets_per_item", static_cast<double>(d.get_hits + d.get_misses) / per},
        {"puts_per_item", static_cast<double>(d.puts) / per},
        {"avg_key_bytes", Mean(d.key_bytes, d.keyed_ops)},
        {"avg_value_bytes", Mean(d.value_bytes, d.valued_ops)}};
  };
  Json by_db = Json::object();
  for (const auto& [name, d] : c.by_db) by_db[name] = one(d);
  return Json{{"total", one(c.total)},
              {"by_db", by_db},
              {"write_txns", c.write_txns},
              {"read_txns", c.read_txns},
              {"commits", c.commits}};
}

void PrintCounts(const CallCounts& c, double per, const char* per_what) {
  std::printf("  %-16s %8s %8s %8s %7s %7s %7s %9s\n", "database", "gets",
              "(miss)", "puts", "dels", "cursor", "key B", "value B");
  auto row = [&](const std::string& name, const DbCounts& d) {
    std::printf("  %-16s %8.3f %8.3f %8.3f %7.3f %7.3f %7.1f %9.1f\n",
                name.c_str(), D(d.get_hits + d.get_misses) / per,
                D(d.get_misses) / per, D(d.puts) / per, D(d.dels) / per,
                D(d.cursor_gets) / per, Mean(d.key_bytes, d.keyed_ops),
                Mean(d.value_bytes, d.valued_ops));
  };
  for (const auto& [name, d] : c.by_db) row(name, d);
  row("total", c.total);
  std::printf("  (calls per %s; key/value B: mean bytes per call)\n", per_what);
}

// ---------------------------------------------------------------------------
// Inputs.

struct Corpus {
  std::vector<TextFact> facts;  // serial stripped; tx_time = serial
  std::vector<Atom> atoms;      // the same facts parsed, as Remember builds
  std::size_t unparsed = 0;
};

Corpus LoadCorpus(const Args& args) {
  std::ifstream in(args.data, std::ios::binary);
  if (!in) Die("cannot read " + args.data);
  std::stringstream buf;
  buf << in.rdbuf();
  const Json rows = Json::parse(buf.str(), nullptr, false);
  if (rows.is_discarded() || !rows.is_array()) {
    Die(args.data + " is not a JSON array");
  }
  std::string context;
  for (const auto& row : rows) {
    if (!row.is_object() || !row.contains("metadata") ||
        !row["metadata"].is_object() || !row.contains("context") ||
        !row["context"].is_string()) {
      continue;
    }
    if (row["metadata"].value("source", Json()) == args.split) {
      context = row["context"].get<std::string>();
      break;
    }
  }
  if (context.empty()) Die("no row with metadata.source " + args.split);
  Corpus c;
  std::istringstream lines(context);
  std::string line;
  while (std::getline(lines, line)) {
    std::optional<std::int64_t> serial;
    std::string_view text = StripSerial(line, &serial);
    if (!serial || CleanDisplay(text).empty()) continue;  // header line
    TextFact f;
    f.text = std::string(text);
    f.tx_time = *serial;
    f.provenance.origin = Origin::kDataset;
    f.provenance.source = args.split + "#" + std::to_string(*serial);
    c.facts.push_back(std::move(f));
  }
  Result<Parser> parser = Parser::Create(Lexicon::Builtin());
  Check(parser.status(), "parser");
  for (const TextFact& f : c.facts) {
    auto parsed = parser->ParseSentence(f.text);
    if (!parsed.ok()) {
      ++c.unparsed;
      continue;
    }
    Atom a;
    a.subject = parsed->subject;
    a.relation = parsed->relation;
    a.value = parsed->value;
    a.text = f.text;
    a.category = f.category;
    a.provenance = f.provenance;
    a.tx_time = f.tx_time;
    a.valid_from = f.valid_from;
    c.atoms.push_back(std::move(a));
  }
  return c;
}

// Relation keys of the synthetic stores: 16 one-valued lexicon ids spread
// over the lexicon (what parsed text produces), or 16 phrases the lexicon
// does not know (each lookup then scans the lexicon's names and aliases).
std::vector<std::string> SyntheticRelations(bool phrases) {
  std::vector<std::string> out;
  if (phrases) {
    for (int k = 0; k < 16; ++k)
      out.push_back("attribute " + std::to_string(k));
    return out;
  }
  std::vector<std::string> eligible;
  for (const RelationDef& d : Lexicon::Builtin().relations()) {
    if (d.cardinality == Cardinality::kOne && d.alias_of.empty()) {
      eligible.push_back(d.id);
    }
  }
  if (eligible.size() < 16) Die("the lexicon has under 16 one-valued ids");
  for (std::size_t k = 0; k < 16; ++k) {
    out.push_back(eligible[k * eligible.size() / 16]);
  }
  return out;
}

// Synthetic atom i of a growth store: 4 relations per subject out of 16,
// distinct values; names are scrambled so keys arrive in random order.
Atom SyntheticAtom(std::size_t i, const std::vector<std::string>& relations) {
  auto hex = [](std::uint64_t v) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx",
                  static_cast<unsigned long long>(v));
    return std::string(buf);
  };
  const std::uint64_t subject = i / 4;
  Atom a;
  a.subject = "entity " + hex(subject * 0x9E3779B97F4A7C15ull);
  a.relation = relations[i % 4 + 4 * (subject % 4)];
  a.value = "value " + hex(i * 0xD1B54A32D192ED03ull);
  a.tx_time = static_cast<Timestamp>(i + 1);
  a.provenance.origin = Origin::kDataset;
  a.provenance.source = "synthetic#" + std::to_string(i);
  return a;
}

struct LookupSet {
  std::vector<std::string> subjects;
  std::vector<std::string> relations;
  std::vector<std::pair<EntityId, RelationId>> ids;  // filled by ResolveIds
};

// ---------------------------------------------------------------------------
// Lookups: the four arms on one store directory.

struct LookupResult {
  std::size_t lookups = 0;
  std::vector<double> facade_s, graph_s, raw_same_s, raw_one_s, raw_renew_s;
  CallCounts facade_calls, graph_calls;
  std::size_t facade_results = 0;              // FactViews returned per pass
  std::map<std::string, unsigned> depth;       // B-tree depth of each database
  std::map<std::string, std::uint64_t> pages;  // pages of each database
  std::size_t replay_mismatches = 0;

  double Ns(const std::vector<double>& s) const {
    return Median(s) * 1e9 / static_cast<double>(lookups);
  }
};

graph::StoreOptions StoreOpts(const Args& args) {
  graph::StoreOptions o;
  o.initial_map_bytes = args.map_mib << 20;
  o.sync = args.sync;
  return o;
}

unsigned EnvFlags(const Args& args) {
  // What graph::Store::Open passes (graph/internal/lmdb_handles.cc).
  return MDB_NOTLS | (args.sync ? 0u : static_cast<unsigned>(MDB_NOSYNC));
}

std::unique_ptr<Memory> OpenMemory(const std::string& dir, const Args& args) {
  MemoryOptions mo;
  mo.store = StoreOpts(args);
  auto mem = Memory::Open(dir, std::move(mo));
  Check(mem.status(), "Memory::Open(" + dir + ")");
  return std::move(mem).value();
}

std::size_t RunFacade(const Memory& mem, const LookupSet& set) {
  std::size_t results = 0;
  for (std::size_t i = 0; i < set.subjects.size(); ++i) {
    auto r = mem.Current(set.subjects[i], set.relations[i]);
    if (!r.ok()) Die("Memory::Current: " + r.status().ToString());
    results += r->size();
  }
  return results;
}

std::size_t RunGraph(const graph::Store& store, const LookupSet& set) {
  std::size_t results = 0;
  for (const auto& slot : set.ids) {
    Status s = store.Read([&](const graph::Reader& r) -> Status {
      FACTLINE_ASSIGN_OR_RETURN(std::vector<AtomId> ids,
                                r.Current(slot.first, slot.second));
      results += ids.size();
      return Status::Ok();
    });
    Check(s, "Reader::Current");
  }
  return results;
}

void ResolveIds(Memory& mem, LookupSet* set) {
  set->ids.clear();
  Status s = mem.store().Read([&](const graph::Reader& r) -> Status {
    for (std::size_t i = 0; i < set->subjects.size(); ++i) {
      FACTLINE_ASSIGN_OR_RETURN(graph::Entity e,
                                r.FindEntity(set->subjects[i]));
      FACTLINE_ASSIGN_OR_RETURN(
          graph::Relation rel,
          r.FindRelation(mem.lexicon().CanonicalRelation(set->relations[i])));
      set->ids.emplace_back(e.id, rel.id);
    }
    return Status::Ok();
  });
  Check(s, "resolving lookup ids");
}

// The store at `dir` must be closed. The raw arms read a byte copy of its
// data file, so factline and raw LMDB each keep their own environment open
// for the whole run (LMDB forbids opening one environment twice in a
// process) and every arm reads a mapping already warmed by an untimed pass
// over the same lookups: the timings are steady state, not first-touch page
// faults.
LookupResult RunLookups(const std::string& dir, const Args& args, int reps,
                        LookupSet* set) {
  LookupResult res;
  res.lookups = set->subjects.size();
  TempDir raw_dir(dir + "-raw");
  {
    std::error_code ec;
    fs::copy_file(fs::path(dir) / "data.mdb", raw_dir.path() / "data.mdb", ec);
    if (ec) Die("cannot copy the store for the raw arms: " + ec.message());
  }
  Trace facade_trace, graph_trace;
  g_trace = &facade_trace;  // records the databases' names as they open
  auto mem = OpenMemory(dir, args);
  // Recording passes, which also warm factline's mapping.
  facade_trace.ops.clear();
  facade_trace.arena.clear();
  res.facade_results = RunFacade(*mem, *set);
  g_trace = nullptr;
  ResolveIds(*mem, set);
  graph_trace.dbs = facade_trace.dbs;
  g_trace = &graph_trace;
  if (RunGraph(mem->store(), *set) == 0) Die("graph lookups found nothing");
  g_trace = nullptr;
  res.facade_calls = Count(facade_trace, 0, facade_trace.ops.size());
  res.graph_calls = Count(graph_trace, 0, graph_trace.ops.size());
  if (res.facade_calls.write_txns + res.graph_calls.write_txns > 0) {
    Die("lookups opened a write transaction");
  }

  RawEnv env(raw_dir.str(), args.map_mib << 20, EnvFlags(args),
             facade_trace.dbs, false);
  const Program same = Compile(facade_trace, 0, facade_trace.ops.size(), env);
  const Program one = Compile(graph_trace, 0, graph_trace.ops.size(), env);
  {
    MDB_txn* txn = nullptr;
    CheckMdb(mdb_txn_begin(env.env(), nullptr, MDB_RDONLY, &txn), "stat");
    for (const auto& [traced, info] : facade_trace.dbs) {
      MDB_stat st;
      if (!info.name.empty() &&
          mdb_stat(txn, env.Dbi(traced), &st) == MDB_SUCCESS) {
        res.depth[info.name] = st.ms_depth;
        res.pages[info.name] =
            st.ms_branch_pages + st.ms_leaf_pages + st.ms_overflow_pages;
      }
    }
    mdb_txn_abort(txn);
  }
  std::uint64_t checksum = 0;
  res.replay_mismatches += Replay(env, same, &checksum);  // warm-up
  if (checksum == 0) Die("raw lookups read nothing");

  for (int rep = 0; rep < reps; ++rep) {
    auto factline_arms = [&] {
      auto t0 = Clock::now();
      const std::size_t n = RunFacade(*mem, *set);
      auto t1 = Clock::now();
      RunGraph(mem->store(), *set);
      auto t2 = Clock::now();
      if (n != res.facade_results) Die("lookup results changed between runs");
      res.facade_s.push_back(Seconds(t0, t1));
      res.graph_s.push_back(Seconds(t1, t2));
    };
    auto raw_arms = [&] {
      auto t0 = Clock::now();
      res.replay_mismatches += Replay(env, one, &checksum);
      auto t1 = Clock::now();
      res.replay_mismatches += Replay(env, same, &checksum);
      auto t2 = Clock::now();
      res.replay_mismatches += Replay(env, one, &checksum, true);
      auto t3 = Clock::now();
      res.raw_one_s.push_back(Seconds(t0, t1));
      res.raw_same_s.push_back(Seconds(t1, t2));
      res.raw_renew_s.push_back(Seconds(t2, t3));
    };
    if (rep % 2 == 0) {
      factline_arms();
      raw_arms();
    } else {
      raw_arms();
      factline_arms();
    }
  }
  return res;
}

Json LookupJson(const LookupResult& r) {
  const double n = static_cast<double>(r.lookups);
  return Json{
      {"lookups", r.lookups},
      {"read_txn_per_lookup", true},
      {"facade_ns", r.Ns(r.facade_s)},
      {"graph_ns", r.Ns(r.graph_s)},
      {"raw_same_gets_ns", r.Ns(r.raw_same_s)},
      {"raw_one_get_ns", r.Ns(r.raw_one_s)},
      {"raw_one_get_renewed_txn_ns", r.Ns(r.raw_renew_s)},
      {"facade_lookups_per_s", 1e9 / r.Ns(r.facade_s)},
      {"raw_same_gets_lookups_per_s", 1e9 / r.Ns(r.raw_same_s)},
      {"raw_one_get_lookups_per_s", 1e9 / r.Ns(r.raw_one_s)},
      {"facade_vs_raw_same_gets", r.Ns(r.facade_s) / r.Ns(r.raw_same_s)},
      {"facade_vs_raw_one_get", r.Ns(r.facade_s) / r.Ns(r.raw_one_s)},
      {"graph_vs_raw_one_get", r.Ns(r.graph_s) / r.Ns(r.raw_one_s)},
      {"facade_results_per_lookup", static_cast<double>(r.facade_results) / n},
      {"replay_mismatches", r.replay_mismatches},
      {"btree_depth", r.depth},
      {"btree_pages", r.pages},
      {"facade_calls", CountsJson(r.facade_calls, n)},
      {"graph_calls", CountsJson(r.graph_calls, n)},
      {"samples_s",
       {{"facade", r.facade_s},
        {"graph", r.graph_s},
        {"raw_same_gets", r.raw_same_s},
        {"raw_one_get", r.raw_one_s},
        {"raw_one_get_renewed_txn", r.raw_renew_s}}}};
}

// ---------------------------------------------------------------------------
// Ingest.

struct IngestResult {
  std::size_t facts = 0, atoms = 0;
  std::vector<double> remember_s, warm_s, atoms_s, noaudit_s, parse_s,
      parse_warm_s, raw_s;
  CallCounts calls;
  std::map<std::string, std::size_t> actions;
  std::uint64_t store_bytes = 0, used_bytes = 0;
  std::size_t replay_mismatches = 0;
  double setup_raw_s = 0;
};

IngestResult RunIngest(const Args& args, const Corpus& corpus,
                       const fs::path& root, const std::string& lookup_dir) {
  IngestResult res;
  res.facts = corpus.facts.size();
  res.atoms = corpus.atoms.size();
  const std::size_t map_bytes = args.map_mib << 20;

  // Recording pass: Remember into lookup_dir, which the lookup section reuses.
  Trace trace;
  std::size_t ingest_from = 0, ingest_to = 0;
  {
    g_trace = &trace;
    auto mem = OpenMemory(lookup_dir, args);
    ingest_from = trace.ops.size();
    auto report = mem->Remember(corpus.facts);
    ingest_to = trace.ops.size();
    g_trace = nullptr;
    Check(report.status(), "Remember");
    if (!report->unparsed.empty()) {
      std::fprintf(stderr, "note: %zu facts did not parse\n",
                   report->unparsed.size());
    }
    for (const auto& d : report->decisions) {
      ++res.actions[std::string(resolver::ToString(d.action))];
    }
    auto stats = mem->Stats();
    Check(stats.status(), "Stats");
    res.used_bytes = stats->used_bytes;
  }
  res.store_bytes = DirBytes(lookup_dir);
  res.calls = Count(trace, ingest_from, ingest_to);
  if (res.calls.write_txns != 1 || res.calls.commits != 1) {
    std::fprintf(stderr,
                 "note: Remember used %llu write transactions and %llu "
                 "commits (a map regrowth reruns the batch; raise "
                 "--map-mib)\n",
                 static_cast<unsigned long long>(res.calls.write_txns),
                 static_cast<unsigned long long>(res.calls.commits));
  }

  auto fresh = [&](const std::string& name, int rep) {
    return root / (name + "-" + std::to_string(rep));
  };
  for (int rep = 0; rep < args.reps; ++rep) {
    auto remember = [&] {
      TempDir dir(fresh("remember", rep));
      auto mem = OpenMemory(dir.str(), args);
      auto t0 = Clock::now();
      auto report = mem->Remember(corpus.facts);
      auto t1 = Clock::now();
      Check(report.status(), "Remember");
      res.remember_s.push_back(Seconds(t0, t1));
    };
    auto remember_warm = [&] {
      TempDir dir(fresh("warm", rep));
      auto mem = OpenMemory(dir.str(), args);
      std::size_t ok = 0;
      for (const TextFact& f : corpus.facts) {
        ok += mem->parser().ParseSentence(f.text).ok() ? 1 : 0;
      }
      if (ok != corpus.atoms.size()) Die("parse count changed");
      auto t0 = Clock::now();
      auto report = mem->Remember(corpus.facts);
      auto t1 = Clock::now();
      Check(report.status(), "Remember");
      res.warm_s.push_back(Seconds(t0, t1));
    };
    auto remember_atoms = [&] {
      TempDir dir(fresh("atoms", rep));
      auto mem = OpenMemory(dir.str(), args);
      std::vector<Atom> atoms = corpus.atoms;
      auto t0 = Clock::now();
      auto decisions = mem->RememberAtoms(std::move(atoms));
      auto t1 = Clock::now();
      Check(decisions.status(), "RememberAtoms");
      res.atoms_s.push_back(Seconds(t0, t1));
    };
    auto no_audit = [&] {
      TempDir dir(fresh("noaudit", rep));
      auto store = graph::Store::Open(dir.str(), StoreOpts(args));
      Check(store.status(), "Store::Open");
      resolver::ResolverOptions ro;
      ro.audit = false;
      resolver::Resolver resolver(store->get(), std::move(ro));
      std::vector<Atom> atoms = corpus.atoms;
      auto t0 = Clock::now();
      auto decisions = resolver.Write(std::move(atoms));
      auto t1 = Clock::now();
      Check(decisions.status(), "Resolver::Write");
      res.noaudit_s.push_back(Seconds(t0, t1));
    };
    auto parse = [&] {
      auto parser = Parser::Create(Lexicon::Builtin());
      Check(parser.status(), "parser");
      std::size_t ok = 0;
      auto t0 = Clock::now();
      for (const TextFact& f : corpus.facts) {
        ok += parser->ParseSentence(f.text).ok() ? 1 : 0;
      }
      auto t1 = Clock::now();
      // Again: RE2 builds its DFA states lazily, so a parser's first pass
      // over new text pays for building them.
      for (const TextFact& f : corpus.facts) {
        ok += parser->ParseSentence(f.text).ok() ? 1 : 0;
      }
      auto t2 = Clock::now();
      if (ok != 2 * corpus.atoms.size()) Die("parse count changed");
      res.parse_s.push_back(Seconds(t0, t1));
      res.parse_warm_s.push_back(Seconds(t1, t2));
    };
    auto raw = [&] {
      TempDir dir(fresh("raw", rep));
      RawEnv env(dir.str(), map_bytes, EnvFlags(args), trace.dbs, true);
      // The store's setup writes (format version, counters), not timed.
      std::uint64_t checksum = 0;
      Replay(env, Compile(trace, 0, ingest_from, env), &checksum);
      const Program ops = Compile(trace, ingest_from, ingest_to, env);
      auto t0 = Clock::now();
      res.replay_mismatches += Replay(env, ops, &checksum);
      auto t1 = Clock::now();
      res.raw_s.push_back(Seconds(t0, t1));
    };
    std::vector<std::function<void()>> arms = {
        raw, remember, remember_warm, remember_atoms, no_audit, parse};
    std::rotate(arms.begin(),
                arms.begin() + static_cast<std::ptrdiff_t>(
                                   static_cast<std::size_t>(rep) % arms.size()),
                arms.end());
    for (auto& arm : arms) arm();
  }
  return res;
}

Json IngestJson(const IngestResult& r) {
  const double n = static_cast<double>(r.facts);
  auto rate = [n](const std::vector<double>& s) { return n / Median(s); };
  return Json{
      {"facts", r.facts},
      {"atoms", r.atoms},
      {"actions", r.actions},
      {"store_file_bytes", r.store_bytes},
      {"store_used_bytes", r.used_bytes},
      {"raw_facts_per_s", rate(r.raw_s)},
      {"remember_facts_per_s", rate(r.remember_s)},
      {"remember_warm_parser_facts_per_s", rate(r.warm_s)},
      {"remember_atoms_facts_per_s", rate(r.atoms_s)},
      {"resolver_no_audit_facts_per_s", rate(r.noaudit_s)},
      {"parse_facts_per_s", rate(r.parse_s)},
      {"parse_warm_facts_per_s", rate(r.parse_warm_s)},
      {"remember_vs_raw", Median(r.raw_s) / Median(r.remember_s)},
      {"remember_warm_parser_vs_raw", Median(r.raw_s) / Median(r.warm_s)},
      {"remember_atoms_vs_raw", Median(r.raw_s) / Median(r.atoms_s)},
      {"replay_mismatches", r.replay_mismatches},
      {"calls", CountsJson(r.calls, n)},
      {"samples_s",
       {{"raw", r.raw_s},
        {"remember", r.remember_s},
        {"remember_warm_parser", r.warm_s},
        {"remember_atoms", r.atoms_s},
        {"resolver_no_audit", r.noaudit_s},
        {"parse", r.parse_s},
        {"parse_warm", r.parse_warm_s}}}};
}

// ---------------------------------------------------------------------------
// Growth.

struct GrowthPoint {
  std::size_t atoms = 0;
  double build_s = 0;
  std::uint64_t store_bytes = 0;
  LookupResult lookups;
};

GrowthPoint RunGrowthPoint(const Args& args, const fs::path& root,
                           std::size_t n) {
  GrowthPoint p;
  p.atoms = n;
  const std::vector<std::string> relations =
      SyntheticRelations(args.phrase_relations);
  TempDir dir(root / ("growth-" + std::to_string(n)));
  {
    auto mem = OpenMemory(dir.str(), args);
    auto t0 = Clock::now();
    for (std::size_t start = 0; start < n; start += args.batch) {
      std::vector<Atom> batch;
      const std::size_t end = std::min(n, start + args.batch);
      batch.reserve(end - start);
      for (std::size_t i = start; i < end; ++i) {
        batch.push_back(SyntheticAtom(i, relations));
      }
      auto d = mem->RememberAtoms(std::move(batch));
      Check(d.status(), "RememberAtoms (growth)");
    }
    p.build_s = Seconds(t0, Clock::now());
  }
  p.store_bytes = DirBytes(dir.path());
  std::mt19937_64 rng(args.seed + n);
  std::uniform_int_distribution<std::size_t> pick(0, n - 1);
  LookupSet set;
  for (std::size_t i = 0; i < args.growth_lookups; ++i) {
    const Atom a = SyntheticAtom(pick(rng), relations);
    set.subjects.push_back(a.subject);
    set.relations.push_back(a.relation);
  }
  p.lookups = RunLookups(dir.str(), args, args.growth_reps, &set);
  if (p.lookups.facade_results != set.subjects.size()) {
    Die("growth lookups missed slots");
  }
  return p;
}

std::string Verdict(bool met) { return met ? "MET" : "NOT MET"; }

std::string Today() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M UTC", &tm);
  return buf;
}

int Main(int argc, char** argv) {
  const Args args = ParseArgs(argc, argv);
  fs::path base =
      args.dir.empty() ? fs::temp_directory_path() : fs::path(args.dir);
  TempDir root(base / ("factline_bench_storage-" + std::to_string(getpid())));
  const auto started = Clock::now();
  const double load_start = LoadAverage();

  const Corpus corpus = LoadCorpus(args);
  if (corpus.atoms.empty()) Die("no parsable facts in " + args.split);

  // 1. Ingest.
  TempDir lookup_dir(root.path() / "context");
  const IngestResult ingest =
      RunIngest(args, corpus, root.path(), lookup_dir.str());

  // 2. Lookups on the ingested context.
  std::mt19937_64 rng(args.seed);
  std::uniform_int_distribution<std::size_t> pick(0, corpus.atoms.size() - 1);
  LookupSet set;
  for (std::size_t i = 0; i < args.lookups; ++i) {
    const Atom& a = corpus.atoms[pick(rng)];
    set.subjects.push_back(a.subject);
    set.relations.push_back(a.relation);
  }
  const LookupResult lookups =
      RunLookups(lookup_dir.str(), args, args.reps, &set);

  // 3. Growth.
  std::vector<GrowthPoint> growth;
  for (std::size_t n : args.sizes) {
    growth.push_back(RunGrowthPoint(args, root.path(), n));
  }
  const double total_s = Seconds(started, Clock::now());

  // Targets.
  const double ingest_ratio = Median(ingest.raw_s) / Median(ingest.remember_s);
  const double lookup_same =
      lookups.Ns(lookups.facade_s) / lookups.Ns(lookups.raw_same_s);
  const double lookup_one =
      lookups.Ns(lookups.facade_s) / lookups.Ns(lookups.raw_one_s);
  double growth_ratio = 0;
  if (growth.size() >= 2) {
    const LookupResult& lo = growth.front().lookups;
    const LookupResult& hi = growth.back().lookups;
    growth_ratio = hi.Ns(hi.facade_s) / lo.Ns(lo.facade_s);
  }
  const unsigned cpus = std::thread::hardware_concurrency();

  {
    Json g = Json::array();
    for (const GrowthPoint& p : growth) {
      g.push_back({{"atoms", p.atoms},
                   {"build_s", p.build_s},
                   {"build_atoms_per_s", D(p.atoms) / p.build_s},
                   {"store_file_bytes", p.store_bytes},
                   {"lookups", LookupJson(p.lookups)}});
    }
    Json out = {{"date", Today()},
                {"cpus", cpus},
                {"load_average_start", load_start},
                {"load_average_end", LoadAverage()},
                {"split", args.split},
                {"reps", args.reps},
                {"growth_reps", args.growth_reps},
                {"sync", args.sync},
                {"map_mib", args.map_mib},
                {"seed", args.seed},
                {"total_s", total_s},
                {"ingest", IngestJson(ingest)},
                {"lookup", LookupJson(lookups)},
                {"growth", g},
                {"targets",
                 {{"ingest_vs_raw",
                   {{"value", ingest_ratio},
                    {"target", ">= 0.5"},
                    {"met", ingest_ratio >= 0.5}}},
                  {"lookup_vs_one_mdb_get",
                   {{"value", lookup_one},
                    {"target", "<= 3"},
                    {"met", lookup_one <= 3}}},
                  {"lookup_vs_same_gets",
                   {{"value", lookup_same},
                    {"target", "<= 3"},
                    {"met", lookup_same <= 3}}},
                  {"lookup_growth",
                   {{"value", growth_ratio},
                    {"target", "< 2"},
                    {"from_atoms", growth.empty() ? 0 : growth.front().atoms},
                    {"to_atoms", growth.empty() ? 0 : growth.back().atoms},
                    {"met", growth.size() >= 2 && growth_ratio < 2}}}}}};
    if (!args.json_out.empty()) {
      std::ofstream f(args.json_out);
      f << out.dump(2) << "\n";
      if (!f) Die("cannot write " + args.json_out);
    }
    if (args.json) {
      std::cout << out.dump(2) << "\n";
      return 0;
    }
  }

  const double nf = static_cast<double>(ingest.facts);
  std::printf(
      "factline_bench_storage  %s, %u cpus (load %.1f at start, "
      "%.1f at end), %s, map %zu MiB, %s\n\n",
      Today().c_str(), cpus, load_start, LoadAverage(), args.split.c_str(),
      args.map_mib, args.sync ? "sync commits" : "MDB_NOSYNC");

  std::printf(
      "LMDB calls of Memory::Remember: %zu facts -> %zu atoms "
      "(",
      ingest.facts, ingest.atoms);
  bool first = true;
  for (const auto& [action, count] : ingest.actions) {
    std::printf("%s%s %zu", first ? "" : ", ", action.c_str(), count);
    first = false;
  }
  std::printf("), %llu write txn, store %.1f MiB\n",
              static_cast<unsigned long long>(ingest.calls.write_txns),
              D(ingest.used_bytes) / 1048576.0);
  PrintCounts(ingest.calls, nf, "fact");
  std::printf(
      "  totals: %llu gets, %llu puts, %llu dels, %llu cursor reads\n\n",
      static_cast<unsigned long long>(ingest.calls.total.get_hits) +
          static_cast<unsigned long long>(ingest.calls.total.get_misses),
      static_cast<unsigned long long>(ingest.calls.total.puts),
      static_cast<unsigned long long>(ingest.calls.total.dels),
      static_cast<unsigned long long>(ingest.calls.total.cursor_gets));

  std::printf(
      "Ingest, one transaction into a fresh store, median of %d "
      "reps\n",
      args.reps);
  std::printf("  %-41s %12s %9s %8s\n", "arm", "facts/s", "ms", "vs raw");
  auto ingest_row = [&](const char* name, const std::vector<double>& s) {
    const double m = Median(s);
    std::printf("  %-41s %12.0f %9.1f %8.3f  spread %3.0f%%\n", name, nf / m,
                m * 1e3, Median(ingest.raw_s) / m, SpreadPct(s));
  };
  ingest_row("raw LMDB replay of Remember's calls", ingest.raw_s);
  ingest_row("Memory::Remember (parse+gate+resolve+store)", ingest.remember_s);
  ingest_row("  same, parser DFA warmed beforehand", ingest.warm_s);
  ingest_row("Memory::RememberAtoms (pre-parsed atoms)", ingest.atoms_s);
  ingest_row("Resolver::Write, audit off", ingest.noaudit_s);
  ingest_row("Parser::ParseSentence only, new parser", ingest.parse_s);
  ingest_row("Parser::ParseSentence only, second pass", ingest.parse_warm_s);
  std::printf("  replay mismatches: %zu\n", ingest.replay_mismatches);
  std::printf("  target Remember >= 0.5x raw: %.3f  %s\n\n", ingest_ratio,
              Verdict(ingest_ratio >= 0.5).c_str());

  auto lookup_table = [](const LookupResult& r) {
    const double n = static_cast<double>(r.lookups);
    const double one = r.Ns(r.raw_one_s);
    auto gets = [n](const CallCounts& c) {
      return D(c.total.get_hits + c.total.get_misses) / n;
    };
    std::printf("  %-41s %12s %9s %6s %8s\n", "arm (one read txn per lookup)",
                "lookups/s", "ns", "gets", "vs 1 get");
    auto row = [&](const char* name, const std::vector<double>& s, double g) {
      const double ns = r.Ns(s);
      std::printf("  %-41s %12.0f %9.0f %6.2f %8.2f  spread %3.0f%%\n", name,
                  1e9 / ns, ns, g, ns / one, SpreadPct(s));
    };
    row("raw LMDB, 1 mdb_get", r.raw_one_s, gets(r.graph_calls));
    row("  same, txn reset/renew instead of begin", r.raw_renew_s,
        gets(r.graph_calls));
    row("raw LMDB, Memory::Current's gets", r.raw_same_s, gets(r.facade_calls));
    row("graph Reader::Current(ids)", r.graph_s, gets(r.graph_calls));
    row("Memory::Current(subject, relation)", r.facade_s, gets(r.facade_calls));
    std::printf(
        "  Memory::Current vs raw same gets: %.2fx; replay "
        "mismatches: %zu\n",
        r.Ns(r.facade_s) / r.Ns(r.raw_same_s), r.replay_mismatches);
  };
  std::printf("Current() lookups, %zu random slots, median of %d reps\n",
              lookups.lookups, args.reps);
  lookup_table(lookups);
  std::printf("  gets per Memory::Current by database:\n");
  PrintCounts(lookups.facade_calls, static_cast<double>(lookups.lookups),
              "lookup");
  std::printf("  target Memory::Current within 3x of one mdb_get: %.2fx  %s\n",
              lookup_one, Verdict(lookup_one <= 3).c_str());
  std::printf("  (within 3x of the same gets in raw LMDB: %.2fx  %s)\n\n",
              lookup_same, Verdict(lookup_same <= 3).c_str());

  if (!growth.empty()) {
    std::printf("Lookup growth, %zu random slots per size, median of %d reps\n",
                args.growth_lookups, args.growth_reps);
    std::printf("  %9s %10s %9s %10s %9s %9s %9s %6s\n", "atoms", "build/s",
                "MiB", "Memory ns", "graph ns", "raw-same", "raw-1get", "gets");
    for (const GrowthPoint& p : growth) {
      const LookupResult& r = p.lookups;
      std::printf(
          "  %9zu %10.0f %9.1f %10.0f %9.0f %9.0f %9.0f %6.2f\n", p.atoms,
          D(p.atoms) / p.build_s, D(p.store_bytes) / 1048576.0,
          r.Ns(r.facade_s), r.Ns(r.graph_s), r.Ns(r.raw_same_s),
          r.Ns(r.raw_one_s),
          D(r.facade_calls.total.get_hits + r.facade_calls.total.get_misses) /
              static_cast<double>(r.lookups));
    }
    for (const GrowthPoint& p : growth) {
      std::printf("  B-tree depth at %zu atoms:", p.atoms);
      for (const char* db : {"entity_by_key", "entity_by_id", "relation_by_key",
                             "current", "atoms"}) {
        auto it = p.lookups.depth.find(db);
        if (it != p.lookups.depth.end()) std::printf(" %s %u", db, it->second);
      }
      std::printf("\n");
    }
    if (growth.size() >= 2) {
      const LookupResult& lo = growth.front().lookups;
      const LookupResult& hi = growth.back().lookups;
      std::printf(
          "  %zu/%zu ratio: Memory %.2fx, graph %.2fx, raw-same "
          "%.2fx, raw-1get %.2fx\n",
          growth.back().atoms, growth.front().atoms, growth_ratio,
          hi.Ns(hi.graph_s) / lo.Ns(lo.graph_s),
          hi.Ns(hi.raw_same_s) / lo.Ns(lo.raw_same_s),
          hi.Ns(hi.raw_one_s) / lo.Ns(lo.raw_one_s));
      std::printf("  target Memory::Current growth < 2x: %.2fx  %s\n",
                  growth_ratio, Verdict(growth_ratio < 2).c_str());
    }
  }
  std::printf("\ntotal %.1f s\n", total_s);
  return 0;
}

}  // namespace
}  // namespace factline::bench

int main(int argc, char** argv) {
  try {
    return factline::bench::Main(argc, argv);
  } catch (const std::exception& e) {  // std::filesystem, std::bad_alloc
    std::fprintf(stderr, "factline_bench_storage: %s\n", e.what());
    return 1;
  }
}
