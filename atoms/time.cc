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
constexpr std::int64_t kMicrosPerDay = 86400 * kMicrosPerSecond;
// FormatTimestamp prints times within this distance of the epoch (about 2
// hours 47 minutes either side of 1970-01-01T00:00Z) as counters ("@259"):
// serial-number clocks (FactConsolidation numbers its facts 1..N) stay
// readable, and no date a person states falls there.
constexpr Timestamp kSerialLimit = 10'000'000'000;

struct CivilDate {
  std::int64_t year;
  unsigned month;
  unsigned day;
};

// The proleptic Gregorian date of a day count since 1970-01-01 (H.
// Hinnant's civil_from_days), for any year, negative ones included.
CivilDate CivilFromDays(std::int64_t z) {
  z += 719468;
  const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const auto doe = static_cast<unsigned>(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const std::int64_t y = static_cast<std::int64_t>(yoe) + era * 400;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  const unsigned d = doy - (153 * mp + 2) / 5 + 1;
  const unsigned m = mp < 10 ? mp + 3 : mp - 9;
  return {y + (m <= 2), m, d};
}

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

bool AllDigits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

// Value of a short all-digit string (checked by AllDigits).
std::int64_t Digits(std::string_view s) {
  std::int64_t v = 0;
  for (char c : s) v = v * 10 + (c - '0');
  return v;
}

bool IsLeap(std::int64_t y) {
  return y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
}

std::int64_t DaysInMonth(std::int64_t y, unsigned m) {
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30,
                                  31, 31, 30, 31, 30, 31};
  return m == 2 && IsLeap(y) ? 29 : kDays[m - 1];
}

}  // namespace

Timestamp NowMicros() {
  return std::chrono::duration_cast<std::chrono::microseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

Result<Timestamp> ParseTimestamp(std::string_view text) {
  // Integers are raw microseconds (or a serial clock), held to the same
  // years as dates; the two sentinels are not times.
  std::int64_t raw = 0;
  if (ParseInt(text, &raw)) {
    FACTLINE_RETURN_IF_ERROR(CheckTimeRange(raw, text));
    return raw;
  }
  auto bad = [&](const std::string& why) {
    return Status::InvalidArgument(
        "cannot read time '" + std::string(text.substr(0, 80)) + "': " + why +
        " (expected [-]YYYY-MM-DD[THH:MM[:SS[.ffffff]]][Z|+HH:MM] or an "
        "integer)");
  };
  std::string_view rest = text;
  bool negative = false;
  if (!rest.empty() && (rest[0] == '-' || rest[0] == '+')) {
    negative = rest[0] == '-';
    rest.remove_prefix(1);
  }
  // The date: exactly YYYY-MM-DD (four-digit year, so years -9999..9999).
  if (rest.size() < 10 || !AllDigits(rest.substr(0, 4)) || rest[4] != '-' ||
      !AllDigits(rest.substr(5, 2)) || rest[7] != '-' ||
      !AllDigits(rest.substr(8, 2))) {
    return bad("not a date");
  }
  std::int64_t y = Digits(rest.substr(0, 4));
  const std::int64_t mo = Digits(rest.substr(5, 2));
  const std::int64_t d = Digits(rest.substr(8, 2));
  if (negative) y = -y;
  if (mo < 1 || mo > 12) return bad("month " + std::to_string(mo));
  if (d < 1 || d > DaysInMonth(y, static_cast<unsigned>(mo))) {
    return bad("day " + std::to_string(d) + " is not in " +
               std::string(rest.substr(0, 7)));
  }
  rest.remove_prefix(10);
  std::int64_t h = 0, mi = 0, s = 0, micros = 0, offset_minutes = 0;
  if (!rest.empty()) {
    if (rest[0] != 'T' && rest[0] != ' ') {
      return bad("unexpected text after the date");
    }
    rest.remove_prefix(1);
    if (rest.size() < 5 || !AllDigits(rest.substr(0, 2)) || rest[2] != ':' ||
        !AllDigits(rest.substr(3, 2))) {
      return bad("not a time of day");
    }
    h = Digits(rest.substr(0, 2));
    mi = Digits(rest.substr(3, 2));
    rest.remove_prefix(5);
    if (!rest.empty() && rest[0] == ':') {
      if (rest.size() < 3 || !AllDigits(rest.substr(1, 2))) {
        return bad("not a time of day");
      }
      s = Digits(rest.substr(1, 2));
      rest.remove_prefix(3);
      if (!rest.empty() && (rest[0] == '.' || rest[0] == ',')) {
        rest.remove_prefix(1);
        std::size_t n = 0;
        while (n < rest.size() && rest[n] >= '0' && rest[n] <= '9') ++n;
        if (n == 0 || n > 9) return bad("bad fraction of a second");
        std::string frac(rest.substr(0, n));
        frac.resize(6, '0');
        micros = Digits(frac.substr(0, 6));
        rest.remove_prefix(n);
      }
    }
    if (h > 23 || mi > 59 || s > 60) return bad("no such time of day");
    // The zone: Z or a numeric offset. Names (CET, PST, Europe/Berlin) are
    // refused: they need a tz database and are ambiguous.
    if (rest == "Z" || rest == "z") {
      rest = {};
    } else if (!rest.empty() && (rest[0] == '+' || rest[0] == '-')) {
      const bool west = rest[0] == '-';
      std::string_view z = rest.substr(1);
      std::int64_t oh = -1, om = 0;
      if (z.size() == 2 && AllDigits(z)) {
        oh = Digits(z);
      } else if (z.size() == 4 && AllDigits(z)) {
        oh = Digits(z.substr(0, 2));
        om = Digits(z.substr(2, 2));
      } else if (z.size() == 5 && z[2] == ':' && AllDigits(z.substr(0, 2)) &&
                 AllDigits(z.substr(3, 2))) {
        oh = Digits(z.substr(0, 2));
        om = Digits(z.substr(3, 2));
      }
      if (oh < 0 || oh > 23 || om > 59) {
        return bad("bad time zone offset '" + std::string(rest) + "'");
      }
      offset_minutes = (west ? -1 : 1) * (oh * 60 + om);
      rest = {};
    }
    if (!rest.empty()) {
      return bad("unknown time zone '" + std::string(rest.substr(0, 40)) +
                 "' (use Z or an offset such as +02:00)");
    }
  }
  const std::int64_t days =
      DaysFromCivil(y, static_cast<unsigned>(mo), static_cast<unsigned>(d));
  const std::int64_t seconds =
      ((days * 24 + h) * 60 + mi - offset_minutes) * 60 + s;
  const Timestamp t = seconds * kMicrosPerSecond + micros;
  FACTLINE_RETURN_IF_ERROR(CheckTimeRange(t, text));
  return t;
}

Status CheckTimeRange(Timestamp t, std::string_view what) {
  // -9999-01-01T00:00:00Z and 9999-12-31T23:59:59.999999Z.
  static const Timestamp kMin =
      DaysFromCivil(-9999, 1, 1) * 86400 * kMicrosPerSecond;
  static const Timestamp kMax =
      (DaysFromCivil(10000, 1, 1) * 86400) * kMicrosPerSecond - 1;
  if (t < kMin || t > kMax) {
    return Status::InvalidArgument("time '" + std::string(what.substr(0, 80)) +
                                   "' is outside years -9999..9999");
  }
  return Status::Ok();
}

std::string FormatTimestamp(Timestamp t) {
  if (t == kForever) return "now";
  if (t == kNoTime) return "-";
  if (t > -kSerialLimit && t < kSerialLimit) {
    // Built in two steps: GCC 12 -O3 flags "@" + to_string() with a false
    // -Wrestrict positive.
    std::string counter = "@";
    counter += std::to_string(t);
    return counter;
  }
  // Floor division, so times before the epoch land on the right day.
  std::int64_t days = t / kMicrosPerDay;
  std::int64_t micros = t % kMicrosPerDay;
  if (micros < 0) {
    micros += kMicrosPerDay;
    --days;
  }
  const CivilDate date = CivilFromDays(days);
  const std::int64_t secs = micros / kMicrosPerSecond;
  // ISO 8601: four-digit years, a minus sign before year 0 ("-0044").
  // Written digit by digit: every query result formats its atoms' times,
  // and snprintf's format parsing was most of the cost.
  std::string out;
  out.reserve(24);
  if (date.year < 0) out += '-';
  const std::int64_t year = date.year < 0 ? -date.year : date.year;
  const std::string year_digits = std::to_string(year);
  out.append(year_digits.size() < 4 ? 4 - year_digits.size() : 0, '0');
  out += year_digits;
  auto two = [&out](char separator, std::int64_t v) {
    out += separator;
    out += static_cast<char>('0' + v / 10);
    out += static_cast<char>('0' + v % 10);
  };
  two('-', date.month);
  two('-', date.day);
  two('T', secs / 3600);
  two(':', secs / 60 % 60);
  two(':', secs % 60);
  out += 'Z';
  return out;
}

}  // namespace factline
