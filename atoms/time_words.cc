// Time words: a small scanner over whitespace tokens. It only removes what
// it can turn into a bound, so a value that merely looks like a date ("The
// deadline is March 10") stays the value.
#include "atoms/internal/time_words.h"

#include <cctype>
#include <cstdlib>
#include <string>

namespace factline::internal {

namespace {

constexpr Timestamp kDay = 86400LL * 1000000LL;

struct Tok {
  std::string text;   // as written, punctuation kept
  std::string lower;  // lower case, trailing ",;" removed
  bool removed = false;
};

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

int Month(std::string_view w) {
  static constexpr const char* kMonths[] = {
      "january", "february", "march",     "april",   "may",      "june",
      "july",    "august",   "september", "october", "november", "december"};
  for (int m = 0; m < 12; ++m) {
    std::string_view name = kMonths[m];
    if (w == name || (w.size() == 3 && name.substr(0, 3) == w && w != "may")) {
      return m + 1;
    }
  }
  return 0;
}

bool AllDigits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

int Year(std::string_view s) {
  if (s.size() != 4 || !AllDigits(s)) return 0;
  int y = std::atoi(std::string(s).c_str());
  return y >= 1000 && y <= 2999 ? y : 0;
}

void CivilFromMicros(Timestamp t, int* y, int* m, int* d) {
  long long z = t / kDay;
  if (t < 0 && t % kDay != 0) --z;
  z += 719468;
  const long long era = (z >= 0 ? z : z - 146096) / 146097;
  const long long doe = z - era * 146097;
  const long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const long long mp = (5 * doy + 2) / 153;
  *d = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
  *m = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
  *y = static_cast<int>(yoe + era * 400 + (*m <= 2));
}

// Reads a date expression at toks[i..]; returns tokens used (0: none).
int ReadDate(const std::vector<Tok>& toks, std::size_t i, Timestamp tx,
             Timestamp* out) {
  auto at = [&](std::size_t k) -> const std::string& {
    static const std::string kEmpty;
    return k < toks.size() ? toks[k].lower : kEmpty;
  };
  int ty, tm, td;
  CivilFromMicros(tx, &ty, &tm, &td);
  if (auto ts = ParseTimestamp(at(i));
      ts.ok() && at(i).find('-') != std::string::npos) {
    *out = *ts;
    return 1;
  }
  if (int y = Year(at(i))) {
    *out = CivilMicros(y, 1, 1);
    return 1;
  }
  if (int m = Month(at(i))) {
    std::string day = at(i + 1);
    for (const char* suffix : {"st", "nd", "rd", "th"}) {
      if (day.size() > 2 && day.compare(day.size() - 2, 2, suffix) == 0) {
        day.resize(day.size() - 2);
      }
    }
    if (AllDigits(day) && day.size() <= 2) {
      int d = std::atoi(day.c_str());
      if (int y = Year(at(i + 2))) {
        *out = CivilMicros(y, m, d);
        return 3;
      }
      *out = CivilMicros(ty, m, d);
      return 2;
    }
    if (int y = Year(at(i + 1))) {
      *out = CivilMicros(y, m, 1);
      return 2;
    }
    *out = CivilMicros(ty, m, 1);
    return 1;
  }
  if (at(i) == "yesterday") {
    *out = tx - kDay;
    return 1;
  }
  if (at(i) == "today" || at(i) == "now") {
    *out = tx;
    return 1;
  }
  if (at(i) == "last" || at(i) == "this") {
    const bool last = at(i) == "last";
    const std::string& unit = at(i + 1);
    if (unit == "week") {
      *out = last ? tx - 7 * kDay : tx;
    } else if (unit == "month") {
      *out = last ? CivilMicros(tm == 1 ? ty - 1 : ty, tm == 1 ? 12 : tm - 1,
                                std::min(td, 28))
                  : CivilMicros(ty, tm, 1);
    } else if (unit == "year") {
      *out = last ? CivilMicros(ty - 1, tm, std::min(td, 28))
                  : CivilMicros(ty, 1, 1);
    } else if (int m = Month(unit)) {
      *out = CivilMicros(last && m >= tm ? ty - 1 : ty, m, 1);
    } else {
      return 0;
    }
    return 2;
  }
  // "3 days ago", "two years ago"
  static constexpr const char* kNumbers[] = {"a",     "one",  "two", "three",
                                             "four",  "five", "six", "seven",
                                             "eight", "nine", "ten"};
  int n = -1;
  if (AllDigits(at(i)) && at(i).size() <= 3) n = std::atoi(at(i).c_str());
  for (int k = 0; k < 11 && n < 0; ++k) {
    if (at(i) == kNumbers[k]) n = k == 0 ? 1 : k;
  }
  if (n >= 0 && at(i + 2) == "ago") {
    std::string unit = at(i + 1);
    if (!unit.empty() && unit.back() == 's') unit.pop_back();
    Timestamp step = unit == "day"     ? kDay
                     : unit == "week"  ? 7 * kDay
                     : unit == "month" ? 30 * kDay
                     : unit == "year"  ? 365 * kDay
                                       : 0;
    if (step == 0) return 0;
    *out = tx - n * step;
    return 3;
  }
  return 0;
}

bool Lowercase(const Tok& t) {
  return !t.text.empty() &&
         !std::isupper(static_cast<unsigned char>(t.text[0]));
}

}  // namespace

Timestamp CivilMicros(int y, int m, int d) {
  y -= m <= 2;
  const long long era = (y >= 0 ? y : y - 399) / 400;
  const long long yoe = y - era * 400;
  const long long doy = (153LL * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
  const long long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return (era * 146097 + doe - 719468) * kDay;
}

TimeWords ReadTimeWords(std::string_view sentence, Timestamp tx_time) {
  TimeWords out;
  const Timestamp tx = tx_time == kNoTime ? NowMicros() : tx_time;
  std::vector<Tok> toks;
  std::size_t i = 0;
  while (i < sentence.size()) {
    while (i < sentence.size() && sentence[i] == ' ') ++i;
    std::size_t j = sentence.find(' ', i);
    if (j == std::string_view::npos) j = sentence.size();
    if (j > i) {
      Tok t;
      t.text = std::string(sentence.substr(i, j - i));
      t.lower = Lower(t.text);
      while (!t.lower.empty() &&
             (t.lower.back() == ',' || t.lower.back() == ';')) {
        t.lower.pop_back();
      }
      toks.push_back(std::move(t));
    }
    i = j;
  }
  auto found = [&](std::size_t from, std::size_t n) {
    std::string words;
    for (std::size_t k = from; k < from + n && k < toks.size(); ++k) {
      words += (words.empty() ? "" : " ") + toks[k].lower;
      toks[k].removed = true;
    }
    out.found.push_back(words);
  };
  // Negation that ends a state: "no longer", "not ... anymore".
  bool anymore = false;
  for (std::size_t k = 0; k < toks.size(); ++k) {
    if (toks[k].lower == "anymore" ||
        (toks[k].lower == "more" && k > 0 && toks[k - 1].lower == "any")) {
      anymore = true;
    }
  }
  for (std::size_t k = 0; k < toks.size(); ++k) {
    Tok& t = toks[k];
    if (t.removed || !Lowercase(t)) continue;
    if (t.lower == "no" && k + 1 < toks.size() &&
        toks[k + 1].lower == "longer") {
      found(k, 2);
      out.ends = true;
      continue;
    }
    if (anymore && (t.lower == "anymore" || t.lower == "any")) {
      found(k, t.lower == "any" ? 2 : 1);
      continue;
    }
    if (anymore) {
      // "isn't" -> "is"; "doesn't work" -> "works"; "not" dropped.
      static constexpr std::pair<const char*, const char*> kNegated[] = {
          {"isn't", "is"},     {"aren't", "are"}, {"wasn't", "was"},
          {"weren't", "were"}, {"don't", ""},     {"doesn't", "+s"},
          {"didn't", ""},      {"not", ""}};
      for (const auto& [neg, pos] : kNegated) {
        std::string l = t.lower;
        for (char& c : l) {
          if (c == '\x92') c = '\'';
        }
        if (l != neg) continue;
        out.ends = true;
        out.found.push_back(t.lower);
        if (std::string_view(pos) == "+s") {
          t.removed = true;
          if (k + 1 < toks.size()) {
            Tok& verb = toks[k + 1];
            const char last = verb.text.empty() ? 0 : verb.text.back();
            verb.text +=
                (last == 'o' || last == 'h' || last == 'x' || last == 's')
                    ? "es"
                    : "s";
            verb.lower = Lower(verb.text);
          }
        } else if (*pos) {
          t.text = pos;
          t.lower = pos;
        } else {
          t.removed = true;
        }
        // "do not" / "does not": the auxiliary goes with the "not".
        if (t.lower == "not" || t.removed) {
          if (k > 0 &&
              (toks[k - 1].lower == "do" || toks[k - 1].lower == "does" ||
               toks[k - 1].lower == "did")) {
            if (toks[k - 1].lower == "does" && k + 1 < toks.size()) {
              toks[k + 1].text += "s";
              toks[k + 1].lower += "s";
            }
            toks[k - 1].removed = true;
          }
        }
        break;
      }
      if (t.removed) continue;
    }
    Timestamp when = kNoTime;
    if (t.lower == "since" || t.lower == "until" || t.lower == "till" ||
        t.lower == "through") {
      int n = ReadDate(toks, k + 1, tx, &when);
      if (n > 0) {
        (t.lower == "since" ? out.valid_from : out.valid_to) = when;
        found(k, n + 1);
        continue;
      }
    }
    if (t.lower == "as" && k + 1 < toks.size() && toks[k + 1].lower == "of") {
      int n = ReadDate(toks, k + 2, tx, &when);
      if (n > 0) {
        out.valid_from = when;
        found(k, n + 2);
        continue;
      }
    }
    if (t.lower == "last" || t.lower == "yesterday" || t.lower == "today" ||
        (t.lower == "this" && k + 1 < toks.size() &&
         (toks[k + 1].lower == "week" || toks[k + 1].lower == "month" ||
          toks[k + 1].lower == "year")) ||
        (k + 2 < toks.size() && toks[k + 2].lower == "ago")) {
      int n = ReadDate(toks, k, tx, &when);
      if (n > 0) {
        out.valid_from = when;
        found(k, n);
        continue;
      }
    }
    // State adverbs: the statement holds from the line's own time.
    if (t.lower == "now" || t.lower == "currently" ||
        (t.lower == "right" && k + 1 < toks.size() &&
         toks[k + 1].lower == "now")) {
      if (out.valid_from == kNoTime) out.valid_from = tx;
      found(k, t.lower == "right" ? 2 : 1);
      continue;
    }
  }
  for (const Tok& t : toks) {
    if (t.removed) {
      // "Priya now, not Dev": the comma stays with the words before it.
      if (!t.text.empty() && t.text.back() == ',' && !out.text.empty() &&
          out.text.back() != ',') {
        out.text += ',';
      }
      continue;
    }
    if (!out.text.empty()) out.text += ' ';
    out.text += t.text;
  }
  // A removed phrase may leave its comma behind ("Priya now, not Dev").
  while (!out.text.empty() &&
         (out.text.back() == ',' || out.text.back() == ' ')) {
    out.text.pop_back();
  }
  return out;
}

}  // namespace factline::internal
