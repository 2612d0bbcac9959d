// ParseTimestamp: the formats it reads and the inputs it refuses.
#include <catch2/catch.hpp>
#include <limits>
#include <string>

#include "atoms/atoms.h"

namespace factline {
namespace {

constexpr Timestamp kDay = 86400LL * 1000000;

std::string Why(std::string_view text) {
  auto t = ParseTimestamp(text);
  return t.ok() ? "(accepted)" : t.status().message();
}

TEST_CASE("Time: ISO dates, times, fractions and zone offsets", "[atoms]") {
  CHECK(ParseTimestamp("1970-01-02").value() == kDay);
  const Timestamp noon = ParseTimestamp("2026-11-29T12:00:00Z").value();
  CHECK(ParseTimestamp("2026-11-29 12:00:00").value() == noon);
  CHECK(ParseTimestamp("2026-11-29T12:00").value() == noon);
  CHECK(ParseTimestamp("2026-11-29T14:00:00+02:00").value() == noon);
  CHECK(ParseTimestamp("2026-11-29T14:00+0200").value() == noon);
  CHECK(ParseTimestamp("2026-11-29T07:00:00-05").value() == noon);
  CHECK(ParseTimestamp("2026-11-29T12:00:00.25Z").value() == noon + 250000);
  CHECK(ParseTimestamp("2026-11-29T12:00:00.000001Z").value() == noon + 1);
  // Leap days exist only in leap years (proleptic Gregorian).
  CHECK(ParseTimestamp("2024-02-29").ok());
  CHECK(ParseTimestamp("2000-02-29").ok());
  CHECK_FALSE(ParseTimestamp("1900-02-29").ok());
}

TEST_CASE("Time: years before 1970 and negative years parse", "[atoms]") {
  CHECK(ParseTimestamp("1969-12-31").value() == -kDay);
  CHECK(ParseTimestamp("1901-01-01").ok());
  auto ides = ParseTimestamp("-0044-03-15");
  REQUIRE(ides.ok());
  CHECK(*ides < ParseTimestamp("0001-01-01").value());
  CHECK(ParseTimestamp("-0044-03-16").value() - *ides == kDay);
  CHECK(ParseTimestamp("-9999-01-01").ok());
  CHECK(ParseTimestamp("9999-12-31T23:59:59Z").ok());
  CHECK(ParseTimestamp("+2026-01-01").value() ==
        ParseTimestamp("2026-01-01").value());
}

TEST_CASE("Time: impossible, garbled and out-of-range times are refused",
          "[atoms]") {
  CHECK(Why("2026-02-30").find("day 30 is not in 2026-02") !=
        std::string::npos);
  CHECK(Why("2026-04-31").find("day 31") != std::string::npos);
  CHECK(Why("2026-13-01").find("month 13") != std::string::npos);
  CHECK(Why("2026-00-10").find("month 0") != std::string::npos);
  CHECK(Why("2026-11-29T24:00").find("no such time") != std::string::npos);
  CHECK(Why("2026-11-29T12:61").find("no such time") != std::string::npos);
  // Zone names need a tz database and are ambiguous: refused by name.
  CHECK(Why("2026-11-29T12:00:00 CET").find("unknown time zone ' CET'") !=
        std::string::npos);
  CHECK(Why("2026-11-29T12:00:00PST").find("unknown time zone 'PST'") !=
        std::string::npos);
  CHECK(Why("2026-11-29T12:00+25:00").find("offset") != std::string::npos);
  // Mixed or garbled formats.
  for (const char* garbled :
       {"yesterday", "", "2026/11/29", "29-11-2026", "2026-11-29Z",
        "2026-11-29T12", "2026-11-29T12:00:00Z+02:00", "2026-11-29 1700000000",
        "2026-1-29", "12026-01-01", "2026-11-29T12:00:00.Z", "1e9",
        "2026-11-29T12:00:00+02:00:00"}) {
    INFO(garbled);
    CHECK_FALSE(ParseTimestamp(garbled).ok());
  }
  // Years outside -9999..9999 and the sentinels.
  CHECK(Why("-10000-01-01").find("not a date") != std::string::npos);
  CHECK(Why(std::to_string(std::numeric_limits<Timestamp>::min()))
            .find("outside years -9999..9999") != std::string::npos);
  CHECK(Why(std::to_string(std::numeric_limits<Timestamp>::max()))
            .find("outside years") != std::string::npos);
  CHECK_FALSE(ParseTimestamp("18446744073709551615").ok());
  // Small integers stay a serial clock.
  CHECK(ParseTimestamp("42").value() == 42);
  CHECK(ParseTimestamp("-7").value() == -7);
}

}  // namespace
}  // namespace factline
