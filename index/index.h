// index: the HNSW side-index for fuzzy lookup of entities, relations and
// near-duplicate values. The LMDB graph is the source of truth; everything
// here can be rebuilt from it. (Filled in by the side-index issue.)
#ifndef FACTLINE_INDEX_INDEX_H_
#define FACTLINE_INDEX_INDEX_H_

#include "graph/graph.h"

namespace factline::index {}  // namespace factline::index

#endif  // FACTLINE_INDEX_INDEX_H_
