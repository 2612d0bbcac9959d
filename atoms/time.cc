// Timestamps: microseconds since the Unix epoch, UTC.
#include <charconv>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <string>

#include "atoms/atoms.h"

namespace factline {

namespace {

constexpr std::int64_t kMicrosPerSecond = 1000000;
// Values below this are treated as counters, not dates (before 1971-01-01).
constexpr Timestamp kFirstRealDate = 365LL * 86400 * kMicrosPerSecond;

// Days since 1970-01-01 for a proleptic Gregorian date (H. Hinnant's
// days_from_civil), so parsing needs no timezone database.
std::int64_t DaysFromCivil(std::int64_t y, unsigned m, unsigned d) {
  y -= m <= 2;
  const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

bool ParseInt(std::string_view s, std::int64_t* out) {
  if (s.empty()) return false;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), *out);
  return ec == std::errc() && ptr == s.data() + s.size();
}

}  // namespace

Timestamp NowMicros() {
  return std::chrono::duration_cast<std::chrono::microseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

Result<Timestamp> ParseTimestamp(std::string_view text) {
  std::int64_t raw = 0;
  if (ParseInt(text, &raw)) return raw;
  auto bad = [&] {
    return Status::InvalidArgument(
        "cannot read time '" + std::string(text) +
        "' (expected YYYY-MM-DD[THH:MM[:SS]][Z] or an integer)");
  };
  if (text.size() < 10 || text[4] != '-' || text[7] != '-') return bad();
  std::int64_t y, mo, d, h = 0, mi = 0, s = 0;
  if (!ParseInt(text.substr(0, 4), &y) || !ParseInt(text.substr(5, 2), &mo) ||
      !ParseInt(text.substr(8, 2), &d)) {
    return bad();
  }
  std::string_view rest = text.substr(10);
  if (!rest.empty()) {
    if (rest[0] != 'T' && rest[0] != ' ') return bad();
    rest.remove_prefix(1);
    if (!rest.empty() && rest.back() == 'Z') rest.remove_suffix(1);
    if (rest.size() != 5 && rest.size() != 8) return bad();
    if (rest[2] != ':' || !ParseInt(rest.substr(0, 2), &h) ||
        !ParseInt(rest.substr(3, 2), &mi)) {
      return bad();
    }
    if (rest.size() == 8 &&
        (rest[5] != ':' || !ParseInt(rest.substr(6, 2), &s))) {
      return bad();
    }
  }
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) {
    return bad();
  }
  const std::int64_t days =
      DaysFromCivil(y, static_cast<unsigned>(mo), static_cast<unsigned>(d));
  return ((days * 24 + h) * 60 + mi) * 60 * kMicrosPerSecond +
         s * kMicrosPerSecond;
}

std::string FormatTimestamp(Timestamp t) {
  if (t == kForever) return "now";
  if (t == kNoTime) return "-";
  if (t < kFirstRealDate) {
    // Built in two steps: GCC 12 -O3 flags "@" + to_string() with a false
    // -Wrestrict positive.
    std::string counter = "@";
    counter += std::to_string(t);
    return counter;
  }
  std::time_t secs = static_cast<std::time_t>(t / kMicrosPerSecond);
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02dZ",
                tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
                tm.tm_min, tm.tm_sec);
  return buf;
}

}  // namespace factline
