// DifferInNumbers: the rule that keeps similar names with different
// numbers apart (issue 9: "FC Dynamo-2 Kyiv", "Ukraine U-19", "user39").
#include <catch2/catch.hpp>

#include "atoms/atoms.h"

namespace factline {
namespace {

TEST_CASE("Numbers: names that differ in a number differ", "[atoms]") {
  CHECK(DifferInNumbers("FC Dynamo Kyiv", "FC Dynamo-2 Kyiv"));
  CHECK(DifferInNumbers("Ukraine U-17", "Ukraine U-19"));
  CHECK(DifferInNumbers("user38", "user39"));
  CHECK(DifferInNumbers("Class of 1998", "Class of 1999"));
  CHECK(DifferInNumbers("Apollo 11", "Apollo 12"));
  CHECK(DifferInNumbers("Henry VII", "Henry VIII"));
  CHECK(DifferInNumbers("8½", "8"));
  CHECK(DifferInNumbers("Rocky", "Rocky II"));
  CHECK(DifferInNumbers("Formula One", "Formula Two"));
}

TEST_CASE("Numbers: the same numbers spelled differently do not differ",
          "[atoms]") {
  CHECK_FALSE(DifferInNumbers("FC Dynamo Kyiv", "F.C. Dynamo Kyiv"));
  CHECK_FALSE(DifferInNumbers("Ukraine U-17", "Ukraine U17"));
  CHECK_FALSE(DifferInNumbers("Apollo Eleven", "Apollo 11"));
  CHECK_FALSE(DifferInNumbers("Agent 007", "Agent 7"));
  CHECK_FALSE(DifferInNumbers("coffee beans", "coffee bean"));
  CHECK_FALSE(DifferInNumbers("2nd Street", "Second Street"));
  CHECK_FALSE(DifferInNumbers("Louis XIV", "Louis 14"));
  // Upper-case words that only look like Roman numerals in lower case.
  CHECK_FALSE(DifferInNumbers("civil war", "civil wars"));
}

}  // namespace
}  // namespace factline
