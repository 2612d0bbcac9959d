// GraphView: the current atoms of a snapshot as a boost::adjacency_list.
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/filtered_graph.hpp>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "graph/graph.h"

namespace factline::graph {

namespace {

struct EdgeProps {
  AtomId atom = kNoAtom;
  RelationId relation = 0;
};

using BoostGraph =
    boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS,
                          boost::no_property, EdgeProps>;
using Vertex = BoostGraph::vertex_descriptor;
using Edge = BoostGraph::edge_descriptor;

// The graph plus the entity <-> vertex maps.
struct ViewData {
  BoostGraph graph;
  std::unordered_map<EntityId, Vertex> vertex_of;
  std::vector<EntityId> entity_of;  // indexed by vertex

  Vertex VertexFor(EntityId entity) {
    auto [it, inserted] = vertex_of.try_emplace(entity, 0);
    if (inserted) {
      it->second = boost::add_vertex(graph);
      entity_of.push_back(entity);
    }
    return it->second;
  }

  const Vertex* Find(EntityId entity) const {
    auto it = vertex_of.find(entity);
    return it == vertex_of.end() ? nullptr : &it->second;
  }

  GraphEdge ToGraphEdge(const Edge& e) const {
    const EdgeProps& p = graph[e];
    return GraphEdge{p.atom, entity_of[boost::source(e, graph)], p.relation,
                     entity_of[boost::target(e, graph)]};
  }

  bool Allowed(const Edge& e, const EdgeFilter& filter) const {
    return !filter || filter(ToGraphEdge(e));
  }

  // Depth-first enumeration of simple paths; `on_path` marks the vertices
  // of `path` plus its start.
  void Extend(Vertex v, std::size_t max_hops, const EdgeFilter& filter,
              std::size_t max_paths, std::vector<char>* on_path,
              GraphPath* path, std::vector<GraphPath>* out) const {
    for (auto [it, end] = boost::out_edges(v, graph); it != end; ++it) {
      if (out->size() >= max_paths) return;
      const Vertex next = boost::target(*it, graph);
      if ((*on_path)[next] || !Allowed(*it, filter)) continue;
      path->push_back(ToGraphEdge(*it));
      out->push_back(*path);
      if (path->size() < max_hops) {
        (*on_path)[next] = 1;
        Extend(next, max_hops, filter, max_paths, on_path, path, out);
        (*on_path)[next] = 0;
      }
      path->pop_back();
    }
  }
};

// filtered_graph wants a default-constructible, copyable predicate.
struct EdgePredicate {
  const ViewData* impl = nullptr;
  const EdgeFilter* filter = nullptr;
  bool operator()(const Edge& e) const { return impl->Allowed(e, *filter); }
};

// Records the BFS tree edge that first reached each vertex.
class PredecessorRecorder : public boost::default_bfs_visitor {
 public:
  PredecessorRecorder(std::vector<Edge>* pred, std::vector<char>* reached)
      : pred_(pred), reached_(reached) {}
  template <typename G>
  void tree_edge(const Edge& e, const G& g) const {
    const Vertex v = boost::target(e, g);
    (*pred_)[v] = e;
    (*reached_)[v] = 1;
  }

 private:
  std::vector<Edge>* pred_;
  std::vector<char>* reached_;
};

}  // namespace

struct GraphView::Impl : ViewData {};

Result<GraphView> GraphView::Build(const Reader& reader) {
  auto impl = std::make_unique<Impl>();
  FACTLINE_RETURN_IF_ERROR(reader.ForEachCurrentAtom([&](const Atom& atom) {
    const Vertex s = impl->VertexFor(atom.subject_id);
    const Vertex v = impl->VertexFor(atom.value_id);
    boost::add_edge(s, v, EdgeProps{atom.id, atom.relation_id}, impl->graph);
    return Status::Ok();
  }));
  return GraphView(std::move(impl));
}

GraphView::GraphView(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
GraphView::GraphView(GraphView&& other) noexcept = default;
GraphView& GraphView::operator=(GraphView&& other) noexcept = default;
GraphView::~GraphView() = default;

std::size_t GraphView::num_entities() const {
  return boost::num_vertices(impl_->graph);
}

std::size_t GraphView::num_edges() const {
  return boost::num_edges(impl_->graph);
}

std::vector<GraphPath> GraphView::PathsFrom(EntityId from, std::size_t max_hops,
                                            const EdgeFilter& filter,
                                            std::size_t max_paths) const {
  std::vector<GraphPath> out;
  const Vertex* start = impl_->Find(from);
  if (start == nullptr || max_hops == 0 || max_paths == 0) return out;
  std::vector<char> on_path(boost::num_vertices(impl_->graph), 0);
  on_path[*start] = 1;
  GraphPath path;
  impl_->Extend(*start, max_hops, filter, max_paths, &on_path, &path, &out);
  return out;
}

Result<GraphPath> GraphView::ShortestPath(EntityId from, EntityId to,
                                          const EdgeFilter& filter) const {
  if (from == to) return GraphPath();
  const Vertex* start = impl_->Find(from);
  const Vertex* goal = impl_->Find(to);
  auto unreachable = [&] {
    return Status::NotFound("no path from entity " + std::to_string(from) +
                            " to entity " + std::to_string(to));
  };
  if (start == nullptr || goal == nullptr) return unreachable();

  const BoostGraph& g = impl_->graph;
  boost::filtered_graph<BoostGraph, EdgePredicate> view(
      g, EdgePredicate{impl_.get(), &filter});
  std::vector<Edge> pred(boost::num_vertices(g));
  std::vector<char> reached(boost::num_vertices(g), 0);
  boost::breadth_first_search(
      view, *start, boost::visitor(PredecessorRecorder(&pred, &reached)));
  if (!reached[*goal]) return unreachable();

  GraphPath path;
  for (Vertex v = *goal; v != *start; v = boost::source(pred[v], g)) {
    path.push_back(impl_->ToGraphEdge(pred[v]));
  }
  return GraphPath(path.rbegin(), path.rend());
}

}  // namespace factline::graph
