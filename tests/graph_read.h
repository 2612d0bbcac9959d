// One-value reads from a graph::Store for test fixtures: runs `read` on a
// snapshot and fails the test if it returns an error.
#ifndef FACTLINE_TESTS_GRAPH_READ_H_
#define FACTLINE_TESTS_GRAPH_READ_H_

#include <catch2/catch.hpp>

#include "graph/graph.h"

namespace factline::testing {

template <typename T, typename Read>
T ReadOrFail(const graph::Store& store, Read read) {
  T value{};
  Status s = store.Read([&](const graph::Reader& r) -> Status {
    FACTLINE_ASSIGN_OR_RETURN(value, read(r));
    return Status::Ok();
  });
  INFO(s.ToString());
  REQUIRE(s.ok());
  return value;
}

}  // namespace factline::testing

#endif  // FACTLINE_TESTS_GRAPH_READ_H_
