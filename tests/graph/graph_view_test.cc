#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <string>
#include <vector>

#include "graph/graph.h"
#include "tests/test_util.h"

namespace factline::graph {
namespace {

using factline::testing::ScratchDir;

// A -p-> B -q-> C -r-> D, A -s-> C, C -t-> A (a cycle back), and a
// non-current atom A -x-> E that the view must not contain.
class Fixture {
 public:
  Fixture() {
    auto store = Store::Open(dir_.path(), StoreOptions());
    REQUIRE(store.ok());
    store_ = std::move(store).value();
    Status s = store_->Update([this](Writer& w) {
      const char* edges[][3] = {{"A", "p", "B"}, {"B", "q", "C"},
                                {"C", "r", "D"}, {"A", "s", "C"},
                                {"C", "t", "A"}, {"A", "x", "E"}};
      for (auto& e : edges) {
        Atom a;
        a.subject = e[0];
        a.relation = e[1];
        a.value = e[2];
        FACTLINE_RETURN_IF_ERROR(w.InsertAtom(&a));
        entity_[e[0]] = a.subject_id;
        entity_[e[2]] = a.value_id;
        relation_[e[1]] = a.relation_id;
        if (std::string(e[1]) != "x") {
          FACTLINE_RETURN_IF_ERROR(
              w.SetCurrent(a.subject_id, a.relation_id, {a.id}));
        }
      }
      return Status::Ok();
    });
    REQUIRE(s.ok());
    s = store_->Read([this](const Reader& r) {
      auto view = GraphView::Build(r);
      if (!view.ok()) return view.status();
      view_ = std::make_unique<GraphView>(std::move(view).value());
      return Status::Ok();
    });
    REQUIRE(s.ok());
  }

  const GraphView& view() const { return *view_; }
  EntityId E(const std::string& name) const { return entity_.at(name); }
  RelationId R(const std::string& name) const { return relation_.at(name); }

  // "A>B>C" for a path.
  std::string Render(const GraphPath& path) const {
    std::string out;
    for (const GraphEdge& e : path) {
      if (out.empty()) out = Name(e.subject);
      out += ">" + Name(e.value);
    }
    return out;
  }

  std::vector<std::string> RenderAll(const std::vector<GraphPath>& paths) {
    std::vector<std::string> out;
    for (const GraphPath& p : paths) out.push_back(Render(p));
    std::sort(out.begin(), out.end());
    return out;
  }

 private:
  std::string Name(EntityId id) const {
    for (const auto& [name, eid] : entity_) {
      if (eid == id) return name;
    }
    return "?";
  }

  ScratchDir dir_;
  std::unique_ptr<Store> store_;
  std::unique_ptr<GraphView> view_;
  std::map<std::string, EntityId> entity_;
  std::map<std::string, RelationId> relation_;
};

TEST_CASE("GraphView: holds the current atoms only", "[graph]") {
  Fixture f;
  REQUIRE(f.view().num_edges() == 5);
  REQUIRE(f.view().num_entities() == 4);  // E has no current edge
  REQUIRE(f.view().ShortestPath(f.E("A"), f.E("E")).status().IsNotFound());
}

TEST_CASE("GraphView: enumerates simple paths up to N hops", "[graph]") {
  Fixture f;
  REQUIRE(f.RenderAll(f.view().PathsFrom(f.E("A"), 1)) ==
          std::vector<std::string>{"A>B", "A>C"});
  REQUIRE(f.RenderAll(f.view().PathsFrom(f.E("A"), 3)) ==
          std::vector<std::string>{"A>B", "A>B>C", "A>B>C>D", "A>C", "A>C>D"});
  REQUIRE(f.view().PathsFrom(f.E("D"), 3).empty());
  REQUIRE(f.view().PathsFrom(f.E("A"), 0).empty());
  REQUIRE(f.view().PathsFrom(f.E("A"), 3, {}, 2).size() == 2);

  // Each hop carries its atom and relation.
  std::vector<GraphPath> one = f.view().PathsFrom(f.E("B"), 1);
  REQUIRE(one.size() == 1);
  REQUIRE(one[0][0].relation == f.R("q"));
  REQUIRE(one[0][0].atom == 2);
}

TEST_CASE("GraphView: the edge filter prunes hops", "[graph]") {
  Fixture f;
  const RelationId s = f.R("s");
  EdgeFilter no_s = [s](const GraphEdge& e) { return e.relation != s; };
  REQUIRE(f.RenderAll(f.view().PathsFrom(f.E("A"), 3, no_s)) ==
          std::vector<std::string>{"A>B", "A>B>C", "A>B>C>D"});
}

TEST_CASE("GraphView: shortest path takes the fewest hops", "[graph]") {
  Fixture f;
  GraphPath direct = f.view().ShortestPath(f.E("A"), f.E("D")).value();
  REQUIRE(f.Render(direct) == "A>C>D");
  REQUIRE(direct[0].relation == f.R("s"));

  const RelationId s = f.R("s");
  EdgeFilter no_s = [s](const GraphEdge& e) { return e.relation != s; };
  REQUIRE(f.Render(f.view().ShortestPath(f.E("A"), f.E("D"), no_s).value()) ==
          "A>B>C>D");
  REQUIRE(f.Render(f.view().ShortestPath(f.E("C"), f.E("B")).value()) ==
          "C>A>B");
  REQUIRE(f.view().ShortestPath(f.E("D"), f.E("A")).status().IsNotFound());
  REQUIRE(f.view().ShortestPath(f.E("A"), f.E("A")).value().empty());
}

}  // namespace
}  // namespace factline::graph
