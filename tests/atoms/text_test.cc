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

TEST_CASE("HasLetterOrDigit: letters of any script, never punctuation",
          "[atoms]") {
  for (const char* yes : {"a", "7", "Z\u00fcrich", "\u00e9", "\u03b1", "\u0436",
                          "\u6771", "\u3042", "\u00aa", "\u3005", "\u2026a",
                          "\xff"
                          "b"}) {
    INFO(yes);
    CHECK(HasLetterOrDigit(yes));
  }
  for (const char* no : {"",
                         " ",
                         "...",
                         "!!!",
                         "\u2026",
                         "\u2014",
                         "\u2013",
                         "\u201c\u201d",
                         "\u00a0",
                         "\u00ab\u00bb",
                         "\u00bf",
                         "\u200b",
                         "\u200f",
                         "\u2060",
                         "\u2064",
                         "\ufeff",
                         "\u3000\u3001\u3002",
                         "\ufe30",
                         "\uff01",
                         "\u20ac",
                         "\U0001F600",
                         "\xff",
                         "\xe2\x80"}) {
    INFO(no);
    CHECK_FALSE(HasLetterOrDigit(no));
  }
}

TEST_CASE("CheckControlChars: names the character and its byte", "[atoms]") {
  CHECK(CheckControlChars("Paris").ok());
  CHECK(CheckControlChars(std::string("Pa\0ris", 6)).message() ==
        "control character 0x00 at byte 2");
  CHECK(CheckControlChars("a\x7f").message() ==
        "control character 0x7F at byte 1");
  CHECK(CheckControlChars("a\tb").message() ==
        "control character 0x09 at byte 1");
  CHECK(CheckControlChars("a\tb\r\n", /*allow_spaces=*/true).ok());
  CHECK_FALSE(CheckControlChars("a\x1b", /*allow_spaces=*/true).ok());
}

TEST_CASE("ReadFile: a directory is named as one", "[atoms]") {
  auto dir = ReadFile("/");
  REQUIRE_FALSE(dir.ok());
  CHECK(dir.status().IsInvalidArgument());
  CHECK(dir.status().message() == "/ is a directory, not a file");
  auto missing = ReadFile("/nonexistent/factline-file");
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.status().message().find("cannot open /nonexistent") !=
        std::string::npos);
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
