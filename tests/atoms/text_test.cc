#include <catch2/catch.hpp>

#include "atoms/atoms.h"

namespace factline {
namespace {

TEST_CASE(
    "NormalizeKey: folds case, collapses spaces, strips quotes and "
    "trailing punctuation",
    "[atoms]") {
  CHECK(NormalizeKey("  The   Beatles. ") == "the beatles");
  CHECK(NormalizeKey("\"American Pastoral\"") == "american pastoral");
  CHECK(NormalizeKey("Washington, D.C.") == "washington, d.c");
  CHECK(NormalizeKey("\xE2\x80\x9CHey Jude\xE2\x80\x9D") == "hey jude");
}

TEST_CASE("NormalizeKey: non-ASCII bytes round-trip unchanged", "[atoms]") {
  // "Kūkai": only the ASCII letters fold.
  CHECK(NormalizeKey("K\xC5\xAB"
                     "kai") ==
        "k\xC5\xAB"
        "kai");
  CHECK(CleanDisplay("  K\xC5\xAB"
                     "kai ") ==
        "K\xC5\xAB"
        "kai");
  CHECK(NormalizeKey("pes\xC3\xA4pallo") == "pes\xC3\xA4pallo");
}

TEST_CASE("CleanDisplay: keeps case and inner punctuation", "[atoms]") {
  CHECK(CleanDisplay(" Washington,  D.C. ") == "Washington, D.C.");
  CHECK(CleanDisplay("'quoted'") == "quoted");
}

TEST_CASE("ValidateUtf8: accepts UTF-8, names the bad byte", "[atoms]") {
  CHECK(ValidateUtf8("K\xC5\xAB"
                     "kai")
            .ok());
  Status bad = ValidateUtf8(
      "ab\xFF"
      "cd");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.message().find("byte 2") != std::string::npos);
  CHECK_FALSE(ValidateUtf8("\xC5").ok());          // truncated
  CHECK_FALSE(ValidateUtf8("\xC0\xAF").ok());      // overlong '/'
  CHECK_FALSE(ValidateUtf8("\xED\xA0\x80").ok());  // surrogate
}

TEST_CASE("StripSerial: removes a list number and returns it", "[atoms]") {
  std::optional<std::int64_t> serial;
  CHECK(StripSerial("259. Nobuhiro Watsuki is famous for X.", &serial) ==
        "Nobuhiro Watsuki is famous for X.");
  CHECK(serial == 259);
  CHECK(StripSerial("1984 was a year.", &serial) == "1984 was a year.");
  CHECK_FALSE(serial.has_value());
}

}  // namespace
}  // namespace factline
