// A structural check of an LMDB data file that never maps it: every page
// reachable from the newest sound meta page is read with pread and its
// header, node table and links are checked against LMDB 0.9's layout, so
// damage is found before LMDB's own assert()s or a wild pointer would.
//
// What is checked, per page: the page number stored in it matches its
// position; the flags are a branch, leaf (plain or LEAF2) or overflow page
// where the tree needs one; lower/upper lie in the page with lower <= upper;
// every node offset, node header, key and inline value lies in the page;
// keys ascend (tables with the default byte order); child, overflow and
// sub-tree page numbers are below the meta's last page; no page is reached
// twice; every leaf sits at the depth its tree records. Free pages (not
// reachable) are not read. Thread-safe: it shares nothing.
#ifndef FACTLINE_GRAPH_INTERNAL_PAGE_CHECK_H_
#define FACTLINE_GRAPH_INTERNAL_PAGE_CHECK_H_

#include <cstdint>
#include <string>
#include <vector>

#include "atoms/atoms.h"

namespace factline::graph::internal {

struct PageWalk {
  std::uint64_t txnid = 0;      // of the meta page walked from
  std::uint64_t last_page = 0;  // highest page in use per that meta
  std::uint64_t pages = 0;      // pages checked (overflow runs count whole)
  std::uint64_t tables = 0;     // named databases walked
};

// Walks <dir>/data.mdb. Corruption ("page N of <file>: <what is wrong>")
// for the first problem found; NotFound when the file does not exist;
// IOError when it cannot be read. A writer in another process may commit
// while the walk runs: a failed walk is repeated (a few times) while the
// newest meta page's txnid keeps moving, so a concurrent commit is not
// mistaken for damage. `used`, when given, receives the page numbers
// reached (the meta pages included), sorted.
Result<PageWalk> CheckDataPages(const std::string& dir,
                                std::vector<std::uint64_t>* used = nullptr);

}  // namespace factline::graph::internal

#endif  // FACTLINE_GRAPH_INTERNAL_PAGE_CHECK_H_
