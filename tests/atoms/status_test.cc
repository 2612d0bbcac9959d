#include <catch2/catch.hpp>

#include "atoms/atoms.h"

namespace factline {
namespace {

Result<int> Half(int x) {
  if (x % 2) return Status::InvalidArgument("odd");
  return x / 2;
}

Result<int> Quarter(int x) {
  FACTLINE_ASSIGN_OR_RETURN(int h, Half(x));
  FACTLINE_ASSIGN_OR_RETURN(int q, Half(h));
  return q;
}

TEST_CASE("Status: codes, messages and context", "[atoms]") {
  CHECK(Status::Ok().ok());
  CHECK(Status::Ok().ToString() == "OK");
  Status s = Status::NotFound("x").WithContext("lookup");
  CHECK(s.IsNotFound());
  CHECK(s.ToString() == "NotFound: lookup: x");
}

TEST_CASE("Result: propagates values and errors", "[atoms]") {
  CHECK(Quarter(8).value() == 2);
  auto bad = Quarter(6);  // 6 -> 3 is odd
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.status().message() == "odd");
}

TEST_CASE("Enums: parse accepts names in any case, rejects others", "[atoms]") {
  CHECK(ParseOrigin("Cloud-Model").value() == Origin::kCloudModel);
  CHECK(ParseCategory("preference").value() == Category::kPreference);
  auto bad = ParseOrigin("martian");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.status().message().find("martian") != std::string::npos);
}

TEST_CASE("Timestamp: parses dates and integers, formats them back",
          "[atoms]") {
  CHECK(ParseTimestamp("42").value() == 42);
  CHECK(ParseTimestamp("1970-01-02").value() == 86400LL * 1000000);
  Timestamp t = ParseTimestamp("2026-11-29T14:05:09Z").value();
  CHECK(FormatTimestamp(t) == "2026-11-29T14:05:09Z");
  CHECK(FormatTimestamp(259) == "@259");
  CHECK_FALSE(ParseTimestamp("yesterday").ok());
  CHECK_FALSE(ParseTimestamp("2026-13-01").ok());
}

}  // namespace
}  // namespace factline
