// An embedder of factline (tests/install): built against the installed
// package (install_test.sh: find_package and pkg-config) and against the
// build tree (factline::factline in the tree, add_subdirectory: subdir/).
// Remembers a superseded fact and reads it back.
#include <factline/factline_c.h>
#include <factline/query.h>
#include <factline/version.h>

#include <iostream>
#include <string_view>
#include <type_traits>
#include <utility>

#include "graph/graph.h"  // the embedder's own (consumer/graph/graph.h)

static_assert(__cplusplus >= 202002L,
              "factline::factline must bring C++20 (cxx_std_20) itself");
static_assert(EMBEDDER_GRAPH_H, "the embedder's graph/graph.h is its own");
static_assert(std::is_same_v<factline::graph::EmbedderOwnGraph, int>);
// The facade hands out the store read-only: writes go through the gate.
static_assert(
    std::is_same_v<decltype(std::declval<factline::Memory&>().store()),
                   const factline::graph::Store&>);
static_assert(FACTLINE_VERSION_NUMBER == FACTLINE_VERSION_MAJOR * 10000 +
                                             FACTLINE_VERSION_MINOR * 100 +
                                             FACTLINE_VERSION_PATCH);

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  // The library linked is the one whose headers were compiled against.
  if (std::string_view(factline_version()) != FACTLINE_VERSION) {
    std::cerr << "version " << factline_version() << " != " FACTLINE_VERSION
              << "\n";
    return 1;
  }
  auto memory = factline::Memory::Open(argv[1]);
  if (!memory.ok()) {
    std::cerr << memory.status().ToString() << "\n";
    return 1;
  }
  factline::Provenance said;
  said.session_id = "install-test";
  auto report = (*memory)->Remember(
      "goaltender is associated with the sport of ice hockey.\n"
      "goaltender is associated with the sport of bandy.\n",
      said);
  if (!report.ok()) {
    std::cerr << report.status().ToString() << "\n";
    return 1;
  }
  auto current = (*memory)->Current("goaltender", "sport");
  if (!current.ok() || current->size() != 1) return 1;
  std::cout << "current: " << current->front().atom.value << "\n";
  return 0;
}
