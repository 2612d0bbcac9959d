// The embedder's own graph/graph.h. The consumers put this folder first on
// their include path: factline's headers must not pick this file up (they
// include each other under the factline/ prefix), and the embedder's
// "graph/graph.h" must not resolve to factline's.
#ifndef EMBEDDER_GRAPH_GRAPH_H_
#define EMBEDDER_GRAPH_GRAPH_H_
#define EMBEDDER_GRAPH_H 1
// Read in place of factline's graph/graph.h, factline's headers would miss
// graph::StoreOptions and fail to compile.
namespace factline::graph {
using EmbedderOwnGraph = int;
}  // namespace factline::graph
#endif  // EMBEDDER_GRAPH_GRAPH_H_
