// Time words: a small scanner over whitespace tokens. It only removes what
// it can turn into a bound, so a value that merely looks like a date ("The
// deadline is March 10") stays the value.
#include "atoms/internal/time_words.h"

#include <cctype>
#include <cstdlib>
#include <string>

#include "atoms/internal/wordforms.h"

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

// 1 (Monday) .. 7 (Sunday), or 0.
int Weekday(std::string_view w) {
  static constexpr const char* kDays[] = {"monday",   "tuesday", "wednesday",
                                          "thursday", "friday",  "saturday",
                                          "sunday"};
  for (int d = 0; d < 7; ++d) {
    if (w == kDays[d]) return d + 1;
  }
  return 0;
}

// The month a season of the northern year starts in (meteorological:
// spring March, summer June, autumn September, winter December), or 0.
int SeasonStart(std::string_view w) {
  if (w == "spring") return 3;
  if (w == "summer") return 6;
  if (w == "autumn" || w == "fall") return 9;
  if (w == "winter") return 12;
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
    } else if (unit == "season") {
      // A sports or show season: no calendar, so the line's own time (this)
      // or half a year before it (last).
      *out = last ? tx - 182 * kDay : tx;
    } else if (int start = SeasonStart(unit)) {
      // "last spring" in December is this year's; in April, last year's
      // (the season under way is "this"; "this winter" in January is the
      // one that began last December).
      const bool this_year = last ? start + 3 <= tm : start <= tm;
      *out = CivilMicros(this_year ? ty : ty - 1, start, 1);
    } else if (int m = Month(unit); m != 0 && (last || unit.size() > 3)) {
      // "last March" is the latest March before the line's month; "this
      // March" is this year's ("this may" is the modal verb).
      *out = CivilMicros(last && m >= tm ? ty - 1 : ty, m, 1);
    } else if (int wd = Weekday(unit)) {
      // The latest such day before (last) or at (this) the line's time;
      // 1970-01-01 was a Thursday.
      const Timestamp day = tx / kDay;
      const int today = static_cast<int>(((day + 3) % 7 + 7) % 7) + 1;
      int back = (today - wd + 7) % 7;
      if (last && back == 0) back = 7;
      *out = (day - back) * kDay;
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

bool In(std::string_view w, std::initializer_list<std::string_view> set) {
  for (std::string_view s : set) {
    if (w == s) return true;
  }
  return false;
}

bool IsVerbGroupWord(std::string_view w) {
  return In(w,
            {"is",  "are",   "was", "were",  "am",   "be",     "been",  "being",
             "has", "have",  "had", "do",    "does", "did",    "will",  "would",
             "can", "could", "may", "might", "must", "should", "shall", "got"});
}

bool IsPrepWord(std::string_view w) {
  return In(w, {"in",      "at",    "on",   "of",      "for",    "from",
                "to",      "by",    "with", "as",      "into",   "onto",
                "since",   "until", "till", "through", "during", "around",
                "between", "and",   "or",   "than"});
}

// True when the words before toks[k] end a noun phrase, so that a date or
// duration after them is an adjunct of the statement rather than its value:
// "born in Mvezo in 1918", "joined the UN in 2002", but not "born in 1918",
// "was released in 1995" or "is on 3 May".
bool AfterValue(const std::vector<Tok>& toks, std::size_t k) {
  if (k == 0) return false;
  const Tok& prev = toks[k - 1];
  const std::string& w = prev.lower;
  if (w.empty()) return false;
  if (IsVerbGroupWord(w) || IsPrepWord(w)) return false;
  if (Lowercase(prev) && prev.text.back() != ',') {
    const WordForms& wf = WordForms::Get();
    const std::string lemma = wf.Lemma(w, Pos::kVerb);
    if (!lemma.empty() && lemma != w) return false;  // "born", "moved"
    if (!lemma.empty() && !wf.Is(w, Pos::kNoun)) return false;  // "live"
  }
  return true;
}

bool Day(std::string_view w) {
  std::string d(w);
  for (const char* suffix : {"st", "nd", "rd", "th"}) {
    if (d.size() > 2 && d.compare(d.size() - 2, 2, suffix) == 0) {
      d.resize(d.size() - 2);
    }
  }
  if (!AllDigits(d) || d.size() > 2) return false;
  const int n = std::atoi(d.c_str());
  return n >= 1 && n <= 31;
}

// A date that names its year: "1918", "2019-03-01", "March 2019", "March 3,
// 2019", "3 March 2019". Returns the tokens used (0: none). Bare months and
// days are left alone: they may be values ("the deadline is on March 10").
int ReadAbsolute(const std::vector<Tok>& toks, std::size_t i, Timestamp tx,
                 Timestamp* out) {
  if (i >= toks.size()) return 0;
  auto at = [&](std::size_t k) -> std::string_view {
    return k < toks.size() ? std::string_view(toks[k].lower)
                           : std::string_view();
  };
  if (Year(at(i)) || (at(i).find('-') != std::string_view::npos &&
                      ParseTimestamp(at(i)).ok())) {
    return ReadDate(toks, i, tx, out);
  }
  if (Month(at(i)) &&
      (Year(at(i + 1)) || (Day(at(i + 1)) && Year(at(i + 2))))) {
    return ReadDate(toks, i, tx, out);
  }
  if (Day(at(i)) && Month(at(i + 1)) && Year(at(i + 2))) {
    std::string d(at(i));
    *out = CivilMicros(Year(at(i + 2)), Month(at(i + 1)), std::atoi(d.c_str()));
    return 3;
  }
  return 0;
}

// "for three years", "for 26 years", "for decades", "for a while", "for
// over a decade": returns the tokens after "for" (0: not a duration).
int ReadDuration(const std::vector<Tok>& toks, std::size_t i) {
  auto at = [&](std::size_t k) -> std::string_view {
    return k < toks.size() ? std::string_view(toks[k].lower)
                           : std::string_view();
  };
  auto unit = [](std::string_view w) {
    return In(w, {"year", "years", "month", "months", "decade", "decades",
                  "week", "weeks", "day", "days", "century", "centuries",
                  "while", "ages", "time"});
  };
  std::size_t k = i;
  if (In(at(k),
         {"over", "almost", "nearly", "about", "around", "more", "the"})) {
    ++k;
    if (at(k) == "than" || at(k) == "past" || at(k) == "last") ++k;
  }
  if (In(at(k), {"decades", "years", "months", "ages", "centuries"})) {
    return static_cast<int>(k + 1 - i);
  }
  const bool count =
      AllDigits(at(k)) ||
      In(at(k),
         {"a",   "an",    "one",    "two",    "three",   "four",    "five",
          "six", "seven", "eight",  "nine",   "ten",     "several", "many",
          "few", "some",  "twenty", "thirty", "fifteen", "twelve"});
  if (!count) return 0;
  ++k;
  if (at(k) == "long") ++k;  // "a long time"
  if (!unit(at(k))) return 0;
  return static_cast<int>(k + 1 - i);
}

// A weekday, or a capitalised full month name other than "May": the words
// the scanner reads without a year ("on Monday", "last friday", "in March").
bool NamesDayOrMonth(std::string_view s) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (!std::isalpha(static_cast<unsigned char>(s[i])) ||
        (i > 0 && std::isalpha(static_cast<unsigned char>(s[i - 1])))) {
      continue;
    }
    std::size_t e = i;
    while (e < s.size() && std::isalpha(static_cast<unsigned char>(s[e]))) ++e;
    const std::string word = Lower(s.substr(i, e - i));
    const bool cap = std::isupper(static_cast<unsigned char>(s[i]));
    if (Weekday(word) || (cap && word.size() > 3 && Month(word))) return true;
    i = e;
  }
  return false;
}

}  // namespace

int MonthNumber(std::string_view word) { return Month(word); }

bool IsDateOnly(std::string_view value) {
  bool dated = false;
  std::size_t i = 0;
  while (i < value.size()) {
    while (i < value.size() && value[i] == ' ') ++i;
    std::size_t j = value.find(' ', i);
    if (j == std::string_view::npos) j = value.size();
    if (j == i) break;
    std::string w = Lower(value.substr(i, j - i));
    while (!w.empty() && (w.back() == ',' || w.back() == '.')) w.pop_back();
    i = j;
    if (Year(w) || Month(w)) {
      dated = true;
    } else if (!Day(w) && !In(w, {"the", "of", ""})) {
      return false;
    }
  }
  return dated;
}

bool MayHaveTimeWords(std::string_view s) {
  if (NamesDayOrMonth(s)) return true;
  for (std::string_view w :
       {" now",          "since ",        "until ",      "till ",
        "longer",        "anymore",       "any more",    "last ",
        "yesterday",     "oday",          " ago",        "urrently",
        "as of ",        "this week",     "this month",  "this year",
        "this season",   "this spring",   "this summer", "this autumn",
        "this fall",     "this winter",   "through ",    "ctually",
        "later",         "ventually",     "ubsequently", "owadays",
        "hese days",     "at present",    "riginally",   "instead",
        "rather than",   ", not ",        "for ",        "from ",
        "etween ",       " in ",          "In ",         " on ",
        "during ",       "around ",       "in May",      "in the spring",
        "in the summer", "in the autumn", "in the fall", "in the winter"}) {
    if (s.find(w) == std::string_view::npos) continue;
    // Dates and durations need a digit or a duration word after them.
    if (w == "for " || w == "from " || w == "etween " || w == " in " ||
        w == "In " || w == " on " || w == "during " || w == "around ") {
      bool digit = false;
      for (char c : s)
        digit = digit || std::isdigit(static_cast<unsigned char>(c));
      if (!digit &&
          (w != "for " || (s.find("decade") == std::string_view::npos &&
                           s.find("years") == std::string_view::npos &&
                           s.find("months") == std::string_view::npos &&
                           s.find("while") == std::string_view::npos &&
                           s.find("time") == std::string_view::npos))) {
        continue;
      }
    }
    return true;
  }
  return false;
}

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
  // "Priya now, not Dev": a short trailing ", not Y" names the value the
  // statement replaces.
  if (!anymore) {
    for (std::size_t k = 1; k + 1 < toks.size(); ++k) {
      if (toks[k].lower != "not" || toks[k - 1].text.back() != ',' ||
          toks.size() - k > 5) {
        continue;
      }
      bool plain = true;
      for (std::size_t j = k + 1; j < toks.size(); ++j) {
        plain = plain && !IsVerbGroupWord(toks[j].lower) &&
                toks[j].text.back() != ',';
      }
      if (!plain) continue;
      std::string replaced;
      for (std::size_t j = k + 1; j < toks.size(); ++j) {
        replaced += (replaced.empty() ? "" : " ") + toks[j].text;
      }
      out.replaced = replaced;
      found(k, toks.size() - k);
      break;
    }
  }
  for (std::size_t k = 0; k < toks.size(); ++k) {
    Tok& t = toks[k];
    // A sentence's first word is capitalised whatever it is ("Today Timbuktu
    // lies in Mali"); elsewhere a capital marks a name ("Apocalypse Now").
    const bool first =
        k == 0 && k + 1 < toks.size() && !IsVerbGroupWord(toks[k + 1].lower);
    if (t.removed || (!Lowercase(t) && !first)) continue;
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
    // "from 2016 to 2025", "between 1990 and 1995": a stated interval.
    if ((t.lower == "from" || t.lower == "between") &&
        (first || AfterValue(toks, k))) {
      const int n = ReadAbsolute(toks, k + 1, tx, &when);
      if (n > 0) {
        const std::size_t e = k + 1 + n;
        Timestamp to = kForever;
        int m = 0;
        if (e < toks.size() &&
            In(toks[e].lower, {"to", "until", "till", "through", "and"})) {
          m = ReadAbsolute(toks, e + 1, tx, &to);
        }
        if (m > 0 || t.lower == "from") {
          out.valid_from = when;
          if (m > 0) out.valid_to = to;
          found(k, 1 + n + (m > 0 ? 1 + m : 0));
          continue;
        }
      }
    }
    // "in 1918", "on 3 May 2010" after a value (or opening the sentence):
    // when an event happened. It bounds nothing: a past date on a later
    // statement would otherwise place it before what the store already
    // holds (docs/valid_time.md), so it only leaves the value.
    if (In(t.lower, {"in", "on", "during", "around", "circa"})) {
      const int n = ReadAbsolute(toks, k + 1, tx, &when);
      // "born in 1990 in Lisbon": a date followed by the value's own
      // preposition phrase is an adjunct wherever it stands.
      const std::size_t e = k + 1 + static_cast<std::size_t>(n);
      // So is one before the agent of a passive ("founded in 1994 by Jeff
      // Bezos").
      const bool before_phrase =
          n > 0 && e + 1 < toks.size() &&
          In(toks[e].lower, {"in", "at", "on", "to", "by"});
      // "back in 1985": "back" says only that it was long ago.
      const bool back =
          k > 0 && toks[k - 1].lower == "back" && !toks[k - 1].removed;
      if (n > 0 && (first || AfterValue(toks, k) || before_phrase)) {
        if (back) {
          found(k - 1, n + 2);
        } else {
          found(k, n + 1);
        }
        continue;
      }
    }
    // "took over on Monday", "hired her in March": a day or month with no
    // year after the value says when it happened, as "in 1918" does, and
    // ends the sentence or its clause. Capitalised, so "in may" stays.
    // At the clause's end a capitalised "May" after "in" is the month too
    // ("joined Brightfield Labs in May").
    if (k + 1 < toks.size() && AfterValue(toks, k) &&
        std::isupper(static_cast<unsigned char>(toks[k + 1].text[0])) &&
        ((t.lower == "on" && Weekday(toks[k + 1].lower)) ||
         (t.lower == "in" && Month(toks[k + 1].lower))) &&
        (k + 2 == toks.size() || toks[k + 1].text.back() == ',')) {
      found(k, 2);
      continue;
    }
    // "took over as CEO of Kestrel Bank on 1 March" (or "on March 1"): a
    // day of a month with no year, after a name and ending the clause,
    // says when, as "on Monday" does. "The deadline is on March 10" (no
    // value before it) and "has his birthday on November 30" (a common
    // noun whose value the date is) stay.
    if (t.lower == "on" && k + 2 < toks.size() && AfterValue(toks, k) &&
        !Lowercase(toks[k - 1]) &&
        (k + 3 == toks.size() || toks[k + 2].text.back() == ',')) {
      const Tok& a = toks[k + 1];
      const Tok& b = toks[k + 2];
      const bool day_month =
          Day(a.lower) && Month(b.lower) &&
          std::isupper(static_cast<unsigned char>(b.text[0]));
      const bool month_day =
          Month(a.lower) && Day(b.lower) &&
          std::isupper(static_cast<unsigned char>(a.text[0]));
      if (day_month || month_day) {
        found(k, 3);
        continue;
      }
    }
    // "in the spring": a season with no year, as above.
    if (t.lower == "in" && k + 2 < toks.size() && AfterValue(toks, k) &&
        toks[k + 1].lower == "the" && SeasonStart(toks[k + 2].lower) != 0 &&
        (k + 3 == toks.size() || toks[k + 2].text.back() == ',')) {
      found(k, 3);
      continue;
    }
    // "for three years", "for decades": how long, not since when.
    if (t.lower == "for" && AfterValue(toks, k)) {
      const int n = ReadDuration(toks, k + 1);
      if (n > 0) {
        found(k, n + 1);
        continue;
      }
    }
    // Sentence adverbs that say nothing about the relation ("is actually",
    // "was later renamed", "these days"). "originally from" is a relation
    // phrase of its own (place of origin), so it stays.
    if (In(t.lower, {"actually", "later", "eventually", "subsequently",
                     "nowadays", "presently"}) ||
        (t.lower == "originally" &&
         (k + 1 >= toks.size() || toks[k + 1].lower != "from"))) {
      found(k, 1);
      continue;
    }
    if (k + 1 < toks.size() &&
        ((t.lower == "these" && toks[k + 1].lower == "days") ||
         (t.lower == "at" && toks[k + 1].lower == "present") ||
         (t.lower == "in" && toks[k + 1].lower == "fact"))) {
      found(k, 2);
      continue;
    }
    // "padel instead of tennis", "Madeira instead", "tea rather than
    // coffee": the value replaced goes to `replaced`, up to a comma.
    if (k > 0 && ((t.lower == "instead") ||
                  (t.lower == "rather" && k + 1 < toks.size() &&
                   toks[k + 1].lower == "than"))) {
      std::size_t j = k + 1;
      const bool of = j < toks.size() && In(toks[j].lower, {"of", "than"});
      if (of) ++j;
      const std::size_t np = j;
      while (of && j < toks.size()) {
        const bool last = toks[j].text.back() == ',';
        ++j;
        if (last) break;
      }
      // "instead of" with nothing after it is not an adjunct.
      if (!of || np < j) {
        std::string r;
        for (std::size_t q = np; q < j; ++q) {
          if (q == np && In(toks[q].lower, {"the", "a", "an"})) continue;
          std::string w = toks[q].text;
          while (!w.empty() && (w.back() == ',' || w.back() == ';')) {
            w.pop_back();
          }
          r += (r.empty() ? "" : " ") + w;
        }
        if (!r.empty()) out.replaced = r;
        found(k, j - k);
        continue;
      }
    }
    if (t.lower == "since" || t.lower == "until" || t.lower == "till" ||
        t.lower == "through") {
      int n = ReadDate(toks, k + 1, tx, &when);
      if (n > 0) {
        (t.lower == "since" ? out.valid_from : out.valid_to) = when;
        found(k, n + 1);
        continue;
      }
      // "has since joined", "has owned it ever since": "since" as an
      // adverb (from then on) bounds nothing the line says.
      if (t.lower == "since" && k > 0 &&
          (In(toks[k - 1].lower, {"has", "have", "had", "ever"}) ||
           k + 1 == toks.size())) {
        const bool ever = toks[k - 1].lower == "ever";
        found(ever ? k - 1 : k, ever ? 2 : 1);
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
          toks[k + 1].lower == "year" || toks[k + 1].lower == "season" ||
          SeasonStart(toks[k + 1].lower) != 0 ||
          (Month(toks[k + 1].lower) != 0 && toks[k + 1].lower.size() > 3))) ||
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
