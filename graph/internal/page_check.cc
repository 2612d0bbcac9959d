#include "graph/internal/page_check.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string_view>
#include <utility>

namespace factline::graph::internal {

// ---------------------------------------------------------------------------
// LMDB 0.9's on-disk layout (mdb.c keeps it private; checked against 0.9.24,
// 64-bit little-endian). A page starts with a 16-byte header: pgno (u64),
// pad (u16; the key size of a LEAF2 sub-page), flags (u16), then lower and
// upper (u16 each) or, on an overflow page, the run's page count (u32). A
// branch or leaf page continues with `(lower - 16) / 2` u16 node offsets
// from the page's start; nodes live between upper and the page's end. A
// node is lo, hi (u16: the data size, or with flags the child page number
// of a branch node), flags (u16), key size (u16), then key and data. A
// LEAF2 page (fixed-size duplicates) holds bare keys packed after the
// header. A leaf node's data is an overflow page number (F_BIGDATA), a
// 48-byte database record (F_SUBDATA: a named table, or with F_DUPDATA a
// key's duplicates as a tree), or an inline sub-page (F_DUPDATA alone).

namespace {

constexpr std::size_t kHeader = 16;
constexpr std::size_t kNodeHeader = 8;
constexpr std::size_t kDbRecord = 48;
constexpr std::uint16_t kBranch = 0x01;
constexpr std::uint16_t kLeaf = 0x02;
constexpr std::uint16_t kOverflow = 0x04;
constexpr std::uint16_t kMeta = 0x08;
constexpr std::uint16_t kLeaf2 = 0x20;
constexpr std::uint16_t kSubPage = 0x40;
// In-memory markers LMDB may leave set on a page it wrote (P_DIRTY on
// sub-pages, P_LOOSE, P_KEEP): not part of what the page is.
constexpr std::uint16_t kTransient = 0x10 | 0x4000 | 0x8000;
constexpr std::uint16_t kBigData = 0x01;
constexpr std::uint16_t kSubData = 0x02;
constexpr std::uint16_t kDupData = 0x04;
// Database flags (mdb_dbi_open) that change the key order from plain
// byte order: REVERSEKEY, INTEGERKEY; for duplicates INTEGERDUP,
// REVERSEDUP.
constexpr std::uint16_t kDbReverseKey = 0x02;
constexpr std::uint16_t kDbDupSort = 0x04;
constexpr std::uint16_t kDbIntegerKey = 0x08;
constexpr std::uint16_t kDbDupFixed = 0x10;
constexpr std::uint16_t kDbIntegerDup = 0x20;
constexpr std::uint16_t kDbReverseDup = 0x40;
constexpr std::uint32_t kMagic = 0xBEEFC0DE;
constexpr std::uint32_t kDataVersion = 1;
constexpr std::uint64_t kNoPage = ~std::uint64_t{0};
constexpr int kMaxDepth = 32;  // a 4 KiB-page tree this deep holds > 2^64
// Meta record offsets from the page start.
constexpr std::size_t kMetaMagic = kHeader;
constexpr std::size_t kMetaVersion = kHeader + 4;
constexpr std::size_t kMetaDbs = kHeader + 24;
constexpr std::size_t kMetaLastPage = kMetaDbs + 2 * kDbRecord;
constexpr std::size_t kMetaTxnId = kMetaLastPage + 8;
constexpr std::size_t kMetaEnd = kMetaTxnId + 8;

template <typename T>
T Load(const unsigned char* p, std::size_t at) {
  T v;
  std::memcpy(&v, p + at, sizeof(T));
  return v;
}

std::string Hex(unsigned v) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string s = "0x";
  for (int shift = 12; shift >= 0; shift -= 4) s += kDigits[(v >> shift) & 15];
  return s;
}

// One B-tree: the main table, the free list, a named table, or a key's
// duplicates.
struct Tree {
  std::string name;
  std::uint16_t flags = 0;  // database flags
  std::uint16_t depth = 0;
  std::uint32_t pad = 0;  // key size of LEAF2 pages
  std::uint64_t root = kNoPage;
  bool main = false;        // leaf nodes may name tables
  bool duplicates = false;  // a key's duplicates: leaves hold keys only
  bool byte_order = true;   // keys ascend as bytes (memcmp)
};

Tree ParseDb(const unsigned char* rec, std::string name) {
  Tree t;
  t.name = std::move(name);
  t.pad = Load<std::uint32_t>(rec, 0);
  t.flags = Load<std::uint16_t>(rec, 4);
  t.depth = Load<std::uint16_t>(rec, 6);
  t.root = Load<std::uint64_t>(rec, 40);
  t.byte_order = (t.flags & (kDbReverseKey | kDbIntegerKey)) == 0;
  return t;
}

struct Meta {
  std::size_t page_bytes = 0;
  std::uint64_t last_page = 0;
  std::uint64_t txnid = 0;
  Tree free_db;
  Tree main_db;
};

// Reads meta page `which`; "" when sound, else why not. `page_bytes` is
// 0 for meta page 0 (it tells the page size) and that size for page 1.
std::string ReadMeta(int fd, int which, std::size_t page_bytes, Meta* out) {
  unsigned char buf[kMetaEnd];
  const std::string name = "meta page " + std::to_string(which);
  if (::pread(fd, buf, sizeof(buf), static_cast<off_t>(page_bytes)) !=
      static_cast<ssize_t>(sizeof(buf))) {
    return name + " is cut off";
  }
  if (Load<std::uint64_t>(buf, 0) != static_cast<std::uint64_t>(which) ||
      (Load<std::uint16_t>(buf, 10) & ~kTransient) != kMeta) {
    return name + " is not a meta page";
  }
  if (Load<std::uint32_t>(buf, kMetaMagic) != kMagic ||
      Load<std::uint32_t>(buf, kMetaVersion) != kDataVersion) {
    return name + " has a bad magic number or version";
  }
  out->free_db = ParseDb(buf + kMetaDbs, "the free list");
  out->free_db.byte_order = false;  // INTEGERKEY: txn ids
  out->main_db = ParseDb(buf + kMetaDbs + kDbRecord, "the main table");
  out->main_db.main = true;
  out->page_bytes = out->free_db.pad;  // the free DB's pad is the page size
  out->last_page = Load<std::uint64_t>(buf, kMetaLastPage);
  out->txnid = Load<std::uint64_t>(buf, kMetaTxnId);
  const std::size_t ps = out->page_bytes;
  if (ps < 512 || ps > 65536 || (ps & (ps - 1)) != 0 ||
      (page_bytes != 0 && ps != page_bytes)) {
    return name + " has a bad page size " + std::to_string(ps);
  }
  if (out->last_page < 1) return name + " says no page is in use";
  return "";
}

// The newest sound meta page (LMDB uses the higher txnid). "" or why none.
std::string NewestMeta(int fd, Meta* out) {
  Meta m0, m1;
  const std::string why0 = ReadMeta(fd, 0, 0, &m0);
  const std::string why1 =
      ReadMeta(fd, 1, why0.empty() ? m0.page_bytes : 4096, &m1);
  if (!why0.empty() && !why1.empty()) return why0 + "; " + why1;
  if (why0.empty() && (!why1.empty() || m0.txnid >= m1.txnid)) {
    *out = std::move(m0);
  } else {
    *out = std::move(m1);
  }
  return "";
}

int Compare(std::string_view a, std::string_view b) { return a.compare(b); }

// Trees nest at most three deep: the main table names tables, a table's
// key may hold its duplicates as a tree, and a duplicate holds nothing.
constexpr int kTiers = 3;

class Walker {
 public:
  Walker(int fd, std::string file, const Meta& meta)
      : fd_(fd),
        file_(std::move(file)),
        page_bytes_(meta.page_bytes),
        last_page_(meta.last_page),
        seen_(meta.last_page + 1, false),
        buffers_(kTiers * (kMaxDepth + 1)),
        nodes_(kTiers * (kMaxDepth + 1)) {
    seen_[0] = true;
    if (last_page_ >= 1) seen_[1] = true;
  }

  // Walks `tree` from its root; false (with problem()) at the first fault.
  bool Walk(const Tree& tree) {
    if (tree.root == kNoPage) return true;
    if (tree.depth < 1 || tree.depth > kMaxDepth) {
      return Fail(tree.root, tree,
                  "its table records a depth of " + std::to_string(tree.depth));
    }
    const int outer = nesting_;
    nesting_ += kMaxDepth + 1;
    const bool ok = Visit(tree.root, 1, tree, kNoPage);
    nesting_ = outer;
    return ok;
  }

  const std::string& problem() const { return problem_; }
  std::uint64_t pages() const { return pages_; }
  std::uint64_t tables() const { return tables_; }
  void Used(std::vector<std::uint64_t>* out) const {
    out->clear();
    for (std::uint64_t p = 0; p < seen_.size(); ++p) {
      if (seen_[p]) out->push_back(p);
    }
  }

 private:
  bool Fail(std::uint64_t pgno, const Tree& tree, const std::string& what,
            std::uint64_t from = kNoPage) {
    problem_ = "page " + std::to_string(pgno) + " of " + file_ + ": " + what +
               " (in " + tree.name;
    if (from != kNoPage)
      problem_ += ", reached from page " + std::to_string(from);
    problem_ += ")";
    return false;
  }

  // A page number a page points at must be a data page in use, not yet
  // reached.
  bool Claim(std::uint64_t pgno, std::uint64_t count, const Tree& tree,
             std::uint64_t from, const char* what) {
    if (pgno < 2 || pgno > last_page_ || count > last_page_ + 1 - pgno) {
      return Fail(from, tree,
                  std::string(what) + " page " + std::to_string(pgno) +
                      (count > 1 ? " (+" + std::to_string(count - 1) + ")"
                                 : std::string()) +
                      " lies outside the pages in use (2.." +
                      std::to_string(last_page_) + ")");
    }
    for (std::uint64_t p = pgno; p < pgno + count; ++p) {
      if (seen_[p]) {
        return Fail(p, tree, "reached twice", from);
      }
      seen_[p] = true;
    }
    pages_ += count;
    return true;
  }

  bool Read(std::uint64_t pgno, std::vector<unsigned char>* buf,
            const Tree& tree) {
    buf->resize(page_bytes_);
    const ssize_t n = ::pread(
        fd_, buf->data(), page_bytes_,
        static_cast<off_t>(pgno * static_cast<std::uint64_t>(page_bytes_)));
    if (n != static_cast<ssize_t>(page_bytes_)) {
      return Fail(pgno, tree,
                  n < 0 ? std::string("cannot be read: ") + std::strerror(errno)
                        : "lies past the end of the file");
    }
    return true;
  }

  // Buffers by nesting depth: levels of a table's tree come after those of
  // the main table's, and a key's duplicates' after the table's.
  // Sized once (kTiers) so references held up the stack stay valid.
  std::vector<unsigned char>& Buffer(int level) {
    return buffers_.at(static_cast<std::size_t>(nesting_ + level));
  }
  std::vector<std::size_t>& Nodes(int level) {
    return nodes_.at(static_cast<std::size_t>(nesting_ + level));
  }

  bool Visit(std::uint64_t pgno, int level, const Tree& tree,
             std::uint64_t from) {
    if (!Claim(pgno, 1, tree, from == kNoPage ? pgno : from,
               level == 1 ? "the root" : "child")) {
      return false;
    }
    // One buffer per level (and tree nesting): the walk reads each page
    // once and keeps only the path from the root.
    std::vector<unsigned char>& buf = Buffer(level);
    if (!Read(pgno, &buf, tree)) return false;
    const unsigned char* p = buf.data();
    if (Load<std::uint64_t>(p, 0) != pgno) {
      return Fail(
          pgno, tree,
          "it says it is page " + std::to_string(Load<std::uint64_t>(p, 0)),
          from);
    }
    const std::uint16_t flags = Load<std::uint16_t>(p, 10) & ~kTransient;
    const bool leaf = level == tree.depth;
    std::uint16_t want = leaf ? kLeaf : kBranch;
    if (leaf && tree.duplicates && (tree.flags & kDbDupFixed) != 0) {
      want |= kLeaf2;
    }
    if (flags != want) {
      return Fail(pgno, tree,
                  "flags " + Hex(Load<std::uint16_t>(p, 10)) + ", expected " +
                      (leaf ? "a leaf" : "a branch") + " page at level " +
                      std::to_string(level) + " of " +
                      std::to_string(tree.depth),
                  from);
    }
    std::string why;
    std::vector<std::size_t>& nodes = Nodes(level);
    if (!Layout(p, page_bytes_, flags, tree.pad, &nodes, &why)) {
      return Fail(pgno, tree, why, from);
    }
    if (nodes.empty() && (flags & kLeaf2) == 0) {
      return Fail(pgno, tree, "it holds no keys", from);
    }
    if (tree.byte_order && !Ascending(p, nodes, flags, tree.pad, &why)) {
      return Fail(pgno, tree, why, from);
    }
    if ((flags & kLeaf2) != 0) return true;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      const unsigned char* node = p + nodes[i];
      if (!leaf) {
        const std::uint64_t child =
            Load<std::uint16_t>(node, 0) |
            (std::uint64_t{Load<std::uint16_t>(node, 2)} << 16) |
            (std::uint64_t{Load<std::uint16_t>(node, 4)} << 32);
        if (!Visit(child, level + 1, tree, pgno)) return false;
      } else if (!LeafNode(pgno, node, tree)) {
        return false;
      }
    }
    return true;
  }

  // Checks the node table of a page (or sub-page) of `size` bytes and
  // lists the node offsets. For LEAF2 pages `nodes` gets the key count's
  // worth of offsets of the packed keys.
  static bool Layout(const unsigned char* p, std::size_t size,
                     std::uint16_t flags, std::uint32_t leaf2_key,
                     std::vector<std::size_t>* nodes, std::string* why) {
    const std::size_t lower = Load<std::uint16_t>(p, 12);
    const std::size_t upper = Load<std::uint16_t>(p, 14);
    if (lower < kHeader || upper > size || lower > upper ||
        (lower - kHeader) % 2 != 0) {
      *why = "free-space bounds lower " + std::to_string(lower) + ", upper " +
             std::to_string(upper) + " do not fit a " + std::to_string(size) +
             "-byte page";
      return false;
    }
    const std::size_t n = (lower - kHeader) / 2;
    nodes->clear();
    if ((flags & kLeaf2) != 0) {
      if (leaf2_key == 0 || kHeader + n * leaf2_key > size) {
        *why = std::to_string(n) + " fixed-size keys of " +
               std::to_string(leaf2_key) + " bytes do not fit the page";
        return false;
      }
      for (std::size_t i = 0; i < n; ++i) {
        nodes->push_back(kHeader + i * leaf2_key);
      }
      return true;
    }
    const bool leaf = (flags & kLeaf) != 0;
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t off = Load<std::uint16_t>(p, kHeader + 2 * i);
      // Built only for a report: this loop runs for every node of the file.
      auto node = [i, off] {
        return "node " + std::to_string(i) + " (at byte " +
               std::to_string(off) + ")";
      };
      if (off < upper || off + kNodeHeader > size) {
        *why = node() + " lies outside the node area " + std::to_string(upper) +
               ".." + std::to_string(size);
        return false;
      }
      const std::size_t key = Load<std::uint16_t>(p, off + 6);
      std::size_t end = off + kNodeHeader + key;
      if (leaf) {
        const std::uint16_t nf = Load<std::uint16_t>(p, off + 4);
        const std::size_t data =
            Load<std::uint16_t>(p, off) |
            (std::size_t{Load<std::uint16_t>(p, off + 2)} << 16);
        if ((nf & ~(kBigData | kSubData | kDupData)) != 0 ||
            ((nf & kBigData) != 0 && nf != kBigData)) {
          *why = node() + " has node flags " + Hex(nf);
          return false;
        }
        if ((nf & kSubData) != 0 && data != kDbRecord) {
          *why = node() + " holds a " + std::to_string(data) +
                 "-byte table record, expected " + std::to_string(kDbRecord);
          return false;
        }
        if (nf == kDupData && data < kHeader) {
          *why = node() + " holds a " + std::to_string(data) +
                 "-byte sub-page, shorter than a page header";
          return false;
        }
        end += (nf & kBigData) != 0 ? 8 : data;
      }
      if (end > size) {
        *why = node() + " runs to byte " + std::to_string(end) +
               ", past the page's end";
        return false;
      }
      nodes->push_back(off);
    }
    return true;
  }

  static std::string_view KeyAt(const unsigned char* p, std::size_t off,
                                std::uint16_t flags, std::uint32_t leaf2_key) {
    if ((flags & kLeaf2) != 0) {
      return {reinterpret_cast<const char*>(p + off), leaf2_key};
    }
    return {reinterpret_cast<const char*>(p + off + kNodeHeader),
            Load<std::uint16_t>(p, off + 6)};
  }

  // Keys must ascend strictly; a branch page's first key is not stored.
  static bool Ascending(const unsigned char* p,
                        const std::vector<std::size_t>& nodes,
                        std::uint16_t flags, std::uint32_t leaf2_key,
                        std::string* why) {
    const std::size_t first = (flags & kBranch) != 0 ? 2 : 1;
    for (std::size_t i = first; i < nodes.size(); ++i) {
      if (Compare(KeyAt(p, nodes[i - 1], flags, leaf2_key),
                  KeyAt(p, nodes[i], flags, leaf2_key)) >= 0) {
        *why = "key " + std::to_string(i) + " does not sort after key " +
               std::to_string(i - 1);
        return false;
      }
    }
    return true;
  }

  // A leaf node's data: a named table (main table), an overflow run, a
  // key's duplicates as a sub-page or a tree.
  bool LeafNode(std::uint64_t pgno, const unsigned char* node,
                const Tree& tree) {
    const std::uint16_t nf = Load<std::uint16_t>(node, 4);
    const std::size_t key = Load<std::uint16_t>(node, 6);
    const std::size_t size = Load<std::uint16_t>(node, 0) |
                             (std::size_t{Load<std::uint16_t>(node, 2)} << 16);
    const unsigned char* data = node + kNodeHeader + key;
    if (tree.duplicates && nf != 0) {
      return Fail(pgno, tree, "a duplicate has node flags " + Hex(nf));
    }
    if ((nf & kBigData) != 0) {
      return Overflow(pgno, Load<std::uint64_t>(data, 0), size, tree);
    }
    if (nf == kSubData) {
      if (!tree.main) {
        return Fail(pgno, tree, "a record of " + tree.name + " names a table");
      }
      Tree sub = ParseDb(
          data, "table '" +
                    std::string(reinterpret_cast<const char*>(node + 8), key) +
                    "'");
      ++tables_;
      return Walk(sub);
    }
    if ((nf & kDupData) == 0) return true;
    if ((tree.flags & kDbDupSort) == 0) {
      return Fail(pgno, tree, "a record has duplicates in a table without");
    }
    const bool dup_order = (tree.flags & (kDbIntegerDup | kDbReverseDup)) == 0;
    if (nf == (kDupData | kSubData)) {
      Tree sub = ParseDb(data, tree.name + "'s duplicates");
      sub.duplicates = true;
      sub.byte_order = dup_order;
      return Walk(sub);
    }
    // An inline sub-page of `size` bytes: leaf nodes (or LEAF2 keys) only.
    std::vector<unsigned char> copy(data, data + size);
    const unsigned char* sp = copy.data();
    const std::uint16_t sf = Load<std::uint16_t>(sp, 10) & ~kTransient;
    const bool fixed = (tree.flags & kDbDupFixed) != 0;
    if (sf != (kLeaf | kSubPage | (fixed ? kLeaf2 : 0))) {
      return Fail(pgno, tree,
                  "a record's duplicates sub-page has flags " +
                      Hex(Load<std::uint16_t>(sp, 10)));
    }
    std::string why;
    std::vector<std::size_t> nodes;
    const std::uint32_t pad = Load<std::uint16_t>(sp, 8);
    if (!Layout(sp, size, sf, pad, &nodes, &why) ||
        (dup_order && !Ascending(sp, nodes, sf, pad, &why))) {
      return Fail(pgno, tree, "a record's duplicates sub-page: " + why);
    }
    if (!fixed) {
      for (std::size_t off : nodes) {
        if (Load<std::uint16_t>(sp, off + 4) != 0) {
          return Fail(pgno, tree, "a duplicate in a sub-page has node flags");
        }
      }
    }
    return true;
  }

  bool Overflow(std::uint64_t from, std::uint64_t first, std::size_t size,
                const Tree& tree) {
    if (first < 2 || first > last_page_) {
      return Fail(from, tree,
                  "a value's overflow page " + std::to_string(first) +
                      " lies outside the pages in use");
    }
    if (!Read(first, &overflow_, tree)) return false;
    const unsigned char* p = overflow_.data();
    if (Load<std::uint64_t>(p, 0) != first) {
      return Fail(
          first, tree,
          "it says it is page " + std::to_string(Load<std::uint64_t>(p, 0)),
          from);
    }
    if ((Load<std::uint16_t>(p, 10) & ~kTransient) != kOverflow) {
      return Fail(first, tree,
                  "flags " + Hex(Load<std::uint16_t>(p, 10)) +
                      ", expected an overflow page",
                  from);
    }
    const std::uint64_t count = Load<std::uint32_t>(p, 12);
    if (count < 1 || count * page_bytes_ < size + kHeader) {
      return Fail(first, tree,
                  "an overflow run of " + std::to_string(count) +
                      " pages cannot hold a " + std::to_string(size) +
                      "-byte value",
                  from);
    }
    return Claim(first, count, tree, from, "overflow");
  }

  int fd_;
  std::string file_;
  std::size_t page_bytes_;
  std::uint64_t last_page_;
  std::vector<bool> seen_;
  std::vector<std::vector<unsigned char>> buffers_;
  std::vector<std::vector<std::size_t>> nodes_;
  std::vector<unsigned char> overflow_;
  std::string problem_;
  int nesting_ = -(kMaxDepth + 1);  // Walk adds a tier before each tree
  std::uint64_t pages_ = 2;         // the meta pages
  std::uint64_t tables_ = 0;
};

Status CheckOnce(int fd, const std::string& file, PageWalk* walk,
                 std::vector<std::uint64_t>* used) {
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    return Status::IOError("cannot stat " + file + ": " + std::strerror(errno));
  }
  if (!S_ISREG(st.st_mode)) {
    return Status::IOError(file + " is not a regular file");
  }
  Meta meta;
  const std::string why = NewestMeta(fd, &meta);
  if (!why.empty()) return Status::Corruption(file + ": " + why);
  walk->txnid = meta.txnid;
  walk->last_page = meta.last_page;
  if (meta.last_page >
          static_cast<std::uint64_t>(st.st_size) / meta.page_bytes - 1 ||
      static_cast<std::uint64_t>(st.st_size) < meta.page_bytes) {
    return Status::Corruption(file + ": the file (" +
                              std::to_string(st.st_size) +
                              " bytes) ends before its last page in use, " +
                              std::to_string(meta.last_page));
  }
  Walker walker(fd, file, meta);
  if (!walker.Walk(meta.main_db) || !walker.Walk(meta.free_db)) {
    return Status::Corruption(walker.problem());
  }
  walk->pages = walker.pages();
  walk->tables = walker.tables();
  if (used != nullptr) walker.Used(used);
  return Status::Ok();
}

}  // namespace

Result<PageWalk> CheckDataPages(const std::string& dir,
                                std::vector<std::uint64_t>* used) {
  const std::string file = dir + "/data.mdb";
  const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) return Status::NotFound("no " + file);
    if (errno == EACCES) return Status::IOError("permission denied: " + file);
    return Status::IOError("cannot open " + file + ": " + std::strerror(errno));
  }
  PageWalk walk;
  Status s = CheckOnce(fd, file, &walk, used);
  // A commit by another process may free and reuse pages of the snapshot
  // being walked, or be rewriting a meta page as it is read: while the
  // newest txnid moves (or a meta page reads torn), a failed walk is
  // retried. Damage stays put and is reported.
  for (int attempt = 0; attempt < 16 && s.code() == StatusCode::kCorruption;
       ++attempt) {
    Meta now;
    if (NewestMeta(fd, &now).empty() && now.txnid == walk.txnid) break;
    ::usleep(1000);
    s = CheckOnce(fd, file, &walk, used);
  }
  ::close(fd);
  if (!s.ok()) return s;
  return walk;
}

}  // namespace factline::graph::internal
