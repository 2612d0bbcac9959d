#include "graph/internal/lmdb_handles.h"

#include <fcntl.h>
#include <lmdb.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <ucontext.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <type_traits>
#include <utility>

#include "graph/graph.h"

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

// OK when `v` lies inside the map (or the map is unknown); Corruption
// otherwise: LMDB took the size or place from a damaged node.
Status InMap(const MDB_val& v, const Env::MapRange& map, const char* what,
             const std::string& path) {
  if (map.begin == nullptr || v.mv_size == 0) return Status::Ok();
  const char* p = static_cast<const char*>(v.mv_data);
  if (p >= map.begin && p <= map.end &&
      v.mv_size <= static_cast<std::size_t>(map.end - p)) {
    return Status::Ok();
  }
  return Status::Corruption(path + "/data.mdb is damaged: a stored " + what +
                            " of " + std::to_string(v.mv_size) +
                            " bytes lies outside the file's map (run "
                            "factline check, or restore from a backup)");
}

}  // namespace

Status MdbStatus(int rc, std::string_view op, std::string_view path) {
  if (rc == MDB_SUCCESS) return Status::Ok();
  std::string msg;
  msg.reserve(path.size() + op.size() + 64);
  msg.append(path).append(": ").append(op).append(": ");
  // Plain words for the errno values a user can act on; LMDB's own text
  // for the rest.
  if (rc == ENOSPC) {
    msg.append("disk full (no space left on device)");
  } else if (rc == EACCES || rc == EPERM) {
    msg.append("permission denied: ").append(path);
  } else if (rc == EFBIG) {
    // RLIMIT_FSIZE (ulimit -f) or the filesystem's largest file.
    msg.append("file size limit reached (file too large)");
    return Status::ResourceExhausted(std::move(msg));
  } else if (rc == EIO) {
    // LMDB reports a short write (what a full disk gives) as EIO.
    const std::string hint = DiskFullHint(std::string(path));
    msg.append(hint.empty() ? std::string(mdb_strerror(rc))
                            : hint + " (input/output error on write)");
    if (!hint.empty()) return Status::ResourceExhausted(std::move(msg));
  } else if (rc == MDB_CORRUPTED || rc == MDB_PAGE_NOTFOUND) {
    // LMDB found a page it cannot use: say so in the user's words.
    msg.append("the store is damaged (LMDB: ")
        .append(mdb_strerror(rc))
        .append("); run factline check, or restore it from a backup");
  } else {
    msg.append(mdb_strerror(rc));
  }
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

std::string DiskFullHint(const std::string& path) {
  struct statvfs vfs {};
  if (::statvfs(path.c_str(), &vfs) != 0) return "";
  constexpr unsigned long long kNearlyFull = 1ull << 20;
  const unsigned long long free_bytes =
      static_cast<unsigned long long>(vfs.f_bavail) * vfs.f_frsize;
  return free_bytes < kNearlyFull ? "disk full" : "";
}

// ---------------------------------------------------------------------------
// The data file's meta pages, as LMDB 0.9 writes them (lmdb.h keeps the
// layout private; mdb.c defines it). Page header: pgno (size_t), pad (u16),
// flags (u16), lower, upper (u16). The meta follows it: magic, version
// (u32), address, mapsize (size_t), two MDB_db records (free and main) of
// u32 pad (the free DB's holds the page size), u16 flags, u16 depth and
// branch, leaf, overflow pages, entries and root (size_t), then last_pg and
// txnid (size_t).

namespace {

constexpr std::uint32_t kMdbMagic = 0xBEEFC0DE;
constexpr std::uint32_t kMdbDataVersion = 1;
constexpr std::uint16_t kPageMeta = 0x08;
constexpr std::size_t kPageHeader = 2 * sizeof(std::size_t);
constexpr std::size_t kDbRecord = 8 + 5 * sizeof(std::size_t);
constexpr std::size_t kMetaMagic = kPageHeader;
constexpr std::size_t kMetaVersion = kMetaMagic + 4;
constexpr std::size_t kMetaMapSize = kMetaVersion + 4 + sizeof(void*);
constexpr std::size_t kMetaDbs = kMetaMapSize + sizeof(std::size_t);
constexpr std::size_t kMetaLastPage = kMetaDbs + 2 * kDbRecord;
constexpr std::size_t kMetaTxnId = kMetaLastPage + sizeof(std::size_t);
constexpr std::size_t kMetaEnd = kMetaTxnId + sizeof(std::size_t);
constexpr std::size_t kMinPage = 512;
constexpr std::size_t kMaxPage = 65536;
constexpr std::uint64_t kNoPage = ~std::uint64_t{0};

template <typename T>
T Load(const unsigned char* p, std::size_t at) {
  T v;
  std::memcpy(&v, p + at, sizeof(T));
  return v;
}

struct MetaPage {
  std::size_t page_bytes = 0;
  std::size_t map_bytes = 0;
  std::uint64_t last_page = 0;
  std::uint64_t txnid = 0;
  std::uint64_t free_root = 0;
  std::uint64_t main_root = 0;
  std::uint64_t main_entries = 0;
};

// Reads meta page `which` (0 or 1) at `offset`; "" when sound, else why not.
std::string ReadMeta(int fd, std::uint64_t offset, int which, MetaPage* out,
                     bool* version_mismatch) {
  unsigned char buf[kMetaEnd];
  const ssize_t n = ::pread(fd, buf, sizeof(buf), static_cast<off_t>(offset));
  if (n != static_cast<ssize_t>(sizeof(buf))) {
    return "meta page " + std::to_string(which) + " is cut off";
  }
  const std::string page = "meta page " + std::to_string(which);
  const auto flags = Load<std::uint16_t>(buf, sizeof(std::size_t) + 2);
  if ((flags & kPageMeta) == 0 ||
      Load<std::uint64_t>(buf, 0) != static_cast<std::uint64_t>(which)) {
    return page + " is not a meta page";
  }
  if (Load<std::uint32_t>(buf, kMetaMagic) != kMdbMagic) {
    return page + " has a bad magic number";
  }
  if (Load<std::uint32_t>(buf, kMetaVersion) != kMdbDataVersion) {
    *version_mismatch = true;
    return page + " has LMDB data version " +
           std::to_string(Load<std::uint32_t>(buf, kMetaVersion)) +
           ", this build reads " + std::to_string(kMdbDataVersion);
  }
  out->page_bytes = Load<std::uint32_t>(buf, kMetaDbs);
  out->map_bytes = Load<std::size_t>(buf, kMetaMapSize);
  out->free_root = Load<std::uint64_t>(buf, kMetaDbs + kDbRecord - 8);
  out->main_entries = Load<std::uint64_t>(buf, kMetaDbs + 2 * kDbRecord - 16);
  out->main_root = Load<std::uint64_t>(buf, kMetaDbs + 2 * kDbRecord - 8);
  out->last_page = Load<std::uint64_t>(buf, kMetaLastPage);
  out->txnid = Load<std::uint64_t>(buf, kMetaTxnId);
  const std::size_t ps = out->page_bytes;
  if (ps < kMinPage || ps > kMaxPage || (ps & (ps - 1)) != 0) {
    return page + " has a bad page size " + std::to_string(ps);
  }
  if (out->last_page < 1 ||
      (out->free_root != kNoPage &&
       (out->free_root < 2 || out->free_root > out->last_page)) ||
      (out->main_root != kNoPage &&
       (out->main_root < 2 || out->main_root > out->last_page))) {
    return page + " points at pages outside the file's used range";
  }
  return "";
}

}  // namespace

namespace {

Result<DataFileInfo> InspectOnce(const std::string& dir) {
  const std::string file = dir + "/data.mdb";
  struct stat st {};
  if (::stat(file.c_str(), &st) != 0) {
    if (errno == ENOENT) return Status::NotFound("no " + file);
    if (errno == EACCES) return Status::IOError("permission denied: " + file);
    return Status::IOError("cannot stat " + file + ": " + std::strerror(errno));
  }
  if (S_ISDIR(st.st_mode)) {
    return Status::IOError(file + " is a directory, not a store file");
  }
  if (!S_ISREG(st.st_mode)) {
    return Status::IOError(file + " is not a regular file");
  }
  auto corrupt = [&](const std::string& why) {
    return Status::Corruption(file + " is damaged: " + why +
                              " (restore it from a backup)");
  };
  if (st.st_size == 0) return corrupt("the file is empty (0 bytes)");
  const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == EACCES) return Status::IOError("permission denied: " + file);
    return Status::IOError("cannot open " + file + ": " + std::strerror(errno));
  }
  MetaPage m0, m1;
  bool version_mismatch = false;
  std::string why = ReadMeta(fd, 0, 0, &m0, &version_mismatch);
  if (why.empty()) why = ReadMeta(fd, m0.page_bytes, 1, &m1, &version_mismatch);
  ::close(fd);
  if (!why.empty()) {
    if (version_mismatch) return Status::NotSupported(file + ": " + why);
    return corrupt(why + " (" + std::to_string(st.st_size) + " bytes)");
  }
  if (m0.page_bytes != m1.page_bytes) {
    return corrupt("the meta pages disagree on the page size");
  }
  // LMDB uses the meta page with the higher transaction id.
  const MetaPage& m = m1.txnid > m0.txnid ? m1 : m0;
  const std::uint64_t need = (m.last_page + 1) * m.page_bytes;
  if (m.last_page > (std::uint64_t{1} << 40) ||
      static_cast<std::uint64_t>(st.st_size) < need) {
    return corrupt("the file is truncated: " + std::to_string(st.st_size) +
                   " bytes, its last page ends at byte " +
                   std::to_string(need));
  }
  DataFileInfo info;
  info.file_bytes = static_cast<std::uint64_t>(st.st_size);
  info.page_bytes = m.page_bytes;
  info.map_bytes = m.map_bytes;
  info.last_page = m.last_page;
  info.entries = m.main_entries;
  return info;
}

}  // namespace

Result<DataFileInfo> InspectDataFile(const std::string& dir) {
  // A writer in another process may be rewriting a meta page while it is
  // read here; a torn read is retried before the file is called damaged.
  Result<DataFileInfo> info = InspectOnce(dir);
  for (int attempt = 0; attempt < 3 && !info.ok() &&
                        info.status().code() == StatusCode::kCorruption;
       ++attempt) {
    ::usleep(20000);
    info = InspectOnce(dir);
  }
  return info;
}

// ---------------------------------------------------------------------------
// Faults inside a data file's memory map.

namespace {

int g_fault_exit_code = 4;

bool EndsWithDataMdb(const char* path, std::size_t len) {
  static constexpr char kName[] = "/data.mdb";
  const std::size_t n = sizeof(kName) - 1;
  return len >= n && std::memcmp(path + len - n, kName, n) == 0;
}

bool IsLmdbLibrary(const char* path, std::size_t len) {
  static constexpr char kName[] = "/liblmdb";
  const std::size_t n = sizeof(kName) - 1;
  for (std::size_t i = 0; i + n <= len; ++i) {
    if (std::memcmp(path + i, kName, n) == 0) return true;
  }
  return false;
}

// True when /proc/self/maps says `addr` lies in a mapping whose line (the
// file name is last) satisfies `pred`. Only async-signal-safe calls (open,
// read, close).
bool MappingMatches(std::uintptr_t addr,
                    bool (*pred)(const char* line, std::size_t len)) {
  const int fd = ::open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  char buf[4096];
  char line[4096];
  std::size_t len = 0;
  bool found = false;
  auto matches = [&]() {
    std::uintptr_t begin = 0, end = 0;
    std::size_t i = 0;
    auto hex = [&](std::uintptr_t* out) {
      bool any = false;
      for (; i < len; ++i) {
        const char c = line[i];
        int d = -1;
        if (c >= '0' && c <= '9') d = c - '0';
        if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
        if (d < 0) break;
        *out = *out * 16 + static_cast<std::uintptr_t>(d);
        any = true;
      }
      return any;
    };
    if (!hex(&begin) || i >= len || line[i] != '-') return false;
    ++i;
    if (!hex(&end) || addr < begin || addr >= end) return false;
    return pred(line, len);
  };
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof(buf));
    if (n <= 0) break;
    for (ssize_t i = 0; i < n && !found; ++i) {
      if (buf[i] == '\n') {
        found = matches();
        len = 0;
      } else if (len < sizeof(line)) {
        line[len++] = buf[i];
      }
    }
    if (found) break;
  }
  ::close(fd);
  return found;
}

// The instruction that faulted, where the platform says.
std::uintptr_t FaultingInstruction(void* context) {
  const auto* uc = static_cast<const ucontext_t*>(context);
#if defined(__x86_64__)
  return static_cast<std::uintptr_t>(uc->uc_mcontext.gregs[REG_RIP]);
#elif defined(__aarch64__)
  return static_cast<std::uintptr_t>(uc->uc_mcontext.pc);
#else
  (void)uc;
  return 0;
#endif
}

void OnFault(int sig, siginfo_t* info, void* context) {
  // LMDB trusts every byte of the pages it maps: a fault while reading the
  // map, or inside LMDB's own code following a damaged page's pointers, is
  // the store file's damage, not a bug of this process.
  const bool in_map = MappingMatches(
      reinterpret_cast<std::uintptr_t>(info->si_addr), EndsWithDataMdb);
  const std::uintptr_t pc = FaultingInstruction(context);
  if (in_map || (pc != 0 && MappingMatches(pc, IsLmdbLibrary))) {
    static constexpr char kMsg[] =
        "error: a store's data.mdb is damaged: reading it faulted inside "
        "LMDB or its memory map. Run `factline check` or restore the store "
        "from a backup.\n";
    const ssize_t ignored = ::write(2, kMsg, sizeof(kMsg) - 1);
    (void)ignored;
    ::_exit(g_fault_exit_code);
  }
  // Any other fault is a bug: the default action (a core dump) once the
  // faulting instruction runs again.
  ::signal(sig, SIG_DFL);
}

}  // namespace

void InstallMapFaultHandler(int exit_code) {
  g_fault_exit_code = exit_code;
  struct sigaction sa {};
  sa.sa_sigaction = OnFault;
  sa.sa_flags = SA_SIGINFO;
  sigemptyset(&sa.sa_mask);
  ::sigaction(SIGBUS, &sa, nullptr);
  ::sigaction(SIGSEGV, &sa, nullptr);
}

// ---------------------------------------------------------------------------
// LMDB's assert()s.

namespace {

std::atomic<void (*)(const char*)> g_assert_handler{nullptr};

// LMDB calls this and then aborts; a handler that exits keeps the abort
// from happening.
void OnLmdbAssert(MDB_env*, const char* message) {
  if (auto* handler = g_assert_handler.load()) handler(message);
}

}  // namespace

void SetAssertHandler(void (*handler)(const char* message)) {
  g_assert_handler.store(handler);
}

// ---------------------------------------------------------------------------
// Env

Result<Env> Env::Open(const std::string& path, const EnvOptions& options) {
  std::size_t map_bytes = options.map_bytes;
  Result<DataFileInfo> data = InspectDataFile(path);
  if (data.ok()) {
    // LMDB takes the size set here even when the file's last commit
    // recorded a larger one (it only rounds up to the data in use), which
    // would make a grown store shrink back on every open.
    constexpr std::size_t kSaneMap = std::size_t{1} << 44;
    if (map_bytes != 0 && data->map_bytes <= kSaneMap) {
      map_bytes = std::max(map_bytes, data->map_bytes);
    }
  } else if (!data.status().IsNotFound()) {
    return data.status();
  }
  Env env;
  env.path_ = path;
  env.read_only_ = options.read_only;
  int rc = mdb_env_create(&env.env_);
  if (rc != MDB_SUCCESS) {
    env.env_ = nullptr;
    return MdbStatus(rc, "mdb_env_create", path);
  }
  // Fails (EINVAL) only when liblmdb was built with NDEBUG, which also
  // compiles its assert()s out.
  (void)mdb_env_set_assert(env.env_, OnLmdbAssert);
  if (map_bytes != 0) {
    rc = mdb_env_set_mapsize(env.env_, map_bytes);
    if (rc != MDB_SUCCESS) return MdbStatus(rc, "mdb_env_set_mapsize", path);
  }
  rc = mdb_env_set_maxdbs(env.env_, options.max_dbs);
  if (rc != MDB_SUCCESS) return MdbStatus(rc, "mdb_env_set_maxdbs", path);
  unsigned flags = MDB_NOTLS;
  if (options.read_only) flags |= MDB_RDONLY;
  if (!options.sync) flags |= MDB_NOSYNC;
  rc = mdb_env_open(env.env_, path.c_str(), flags, 0644);
  if (rc != MDB_SUCCESS) return MdbStatus(rc, "mdb_env_open", path);
  env.FindMap();
  return env;
}

void Env::FindMap() {
  map_range_ = MapRange();
  int fd = -1;
  struct stat st {};
  if (mdb_env_get_fd(env_, &fd) != MDB_SUCCESS || ::fstat(fd, &st) != 0) {
    return;
  }
  // /proc/self/maps: "begin-end perms offset dev inode path". The data
  // file is the mapping with its inode (the lock file is another inode).
  std::ifstream maps("/proc/self/maps");
  std::string line;
  while (std::getline(maps, line)) {
    unsigned long long begin = 0, end = 0, offset = 0, inode = 0;
    char perms[8] = {}, dev[32] = {};
    if (std::sscanf(line.c_str(), "%llx-%llx %7s %llx %31s %llu", &begin, &end,
                    perms, &offset, dev, &inode) != 6) {
      continue;
    }
    if (inode == static_cast<unsigned long long>(st.st_ino) && offset == 0 &&
        end > begin) {
      map_range_.begin = reinterpret_cast<const char*>(begin);
      map_range_.end = reinterpret_cast<const char*>(end);
      return;
    }
  }
}

Env::Env(Env&& other) noexcept
    : env_(std::exchange(other.env_, nullptr)),
      path_(std::move(other.path_)),
      read_only_(other.read_only_),
      map_range_(other.map_range_) {}

Env& Env::operator=(Env&& other) noexcept {
  if (this != &other) {
    if (env_ != nullptr) mdb_env_close(env_);
    env_ = std::exchange(other.env_, nullptr);
    path_ = std::move(other.path_);
    read_only_ = other.read_only_;
    map_range_ = other.map_range_;
  }
  return *this;
}

Env::~Env() {
  if (env_ != nullptr) mdb_env_close(env_);
}

Status Env::SetMapSize(std::size_t bytes) {
  Status s =
      MdbStatus(mdb_env_set_mapsize(env_, bytes), "mdb_env_set_mapsize", path_);
  FindMap();  // LMDB maps the file afresh
  return s;
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

Status Env::CopyTo(const std::string& dir, bool compact) const {
  const int rc =
      mdb_env_copy2(env_, dir.c_str(), compact ? MDB_CP_COMPACT : 0u);
  if (rc == EEXIST) {
    return Status::InvalidArgument(dir + "/data.mdb already exists");
  }
  return MdbStatus(rc, compact ? "mdb_env_copy2(compact)" : "mdb_env_copy2",
                   dir);
}

// ---------------------------------------------------------------------------
// Txn

Txn::Txn(Txn&& other) noexcept
    : txn_(std::exchange(other.txn_, nullptr)),
      path_(other.path_),
      map_(other.map_) {}

Txn& Txn::operator=(Txn&& other) noexcept {
  if (this != &other) {
    Abort();
    txn_ = std::exchange(other.txn_, nullptr);
    path_ = other.path_;
    map_ = other.map_;
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
    FACTLINE_RETURN_IF_ERROR(InMap(v, map_, "value", *path_));
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
  return ReadTxn(txn, &env.path(), env.map_range());
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
  return Cursor(cursor, &txn.path(), txn.map_range());
}

Cursor::Cursor(Cursor&& other) noexcept
    : cursor_(std::exchange(other.cursor_, nullptr)),
      path_(other.path_),
      map_(other.map_) {}

Cursor& Cursor::operator=(Cursor&& other) noexcept {
  if (this != &other) {
    if (cursor_ != nullptr) mdb_cursor_close(cursor_);
    cursor_ = std::exchange(other.cursor_, nullptr);
    path_ = other.path_;
    map_ = other.map_;
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
    FACTLINE_RETURN_IF_ERROR(InMap(k, map_, "key", *path_));
    FACTLINE_RETURN_IF_ERROR(InMap(v, map_, "value", *path_));
    *key = FromVal(k);
    *value = FromVal(v);
    return Status::Ok();
  }
  if (rc == MDB_NOTFOUND) return NotFoundStatus();
  return MdbStatus(rc, "mdb_cursor_get", *path_);
}

}  // namespace factline::graph::internal

namespace factline::graph {

void InstallMapFaultHandler(int exit_code) {
  internal::InstallMapFaultHandler(exit_code);
}

void SetLmdbAssertHandler(LmdbAssertHandler handler) {
  internal::SetAssertHandler(handler);
}

}  // namespace factline::graph
