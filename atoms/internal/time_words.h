// Time words in a statement ("since 2019", "until March 2024", "last month",
// "now", "no longer", "not ... anymore", "from 2016 to 2025"): read, removed
// from the text, and turned into valid-time bounds. Relative times resolve
// against the line's transaction time. Adjuncts that say when or how long
// without bounding the fact ("in 1918" after a value, "for three years"),
// sentence adverbs ("actually", "later", "these days") and the replaced
// value of "instead of Y" / ", not Y" are removed too, so that neither a
// template nor the clause grammar reads them into the value.
#ifndef FACTLINE_ATOMS_INTERNAL_TIME_WORDS_H_
#define FACTLINE_ATOMS_INTERNAL_TIME_WORDS_H_

#include <string>
#include <string_view>
#include <vector>

#include "atoms/atoms.h"

namespace factline::internal {

struct TimeWords {
  std::string text;  // the sentence with the time words removed
  Timestamp valid_from = kNoTime;
  Timestamp valid_to = kForever;
  bool ends = false;               // "no longer", "not ... anymore"
  std::vector<std::string> found;  // each phrase read, as written
  std::string replaced;  // "padel instead of tennis", "Priya, not Dev": Y
};

// Cheap pre-check: false when the sentence cannot hold anything
// ReadTimeWords removes, so most lines skip the scanner.
bool MayHaveTimeWords(std::string_view sentence);

// `tx_time` kNoTime: relative words resolve against NowMicros(). Capitalised
// words are never taken ("Apocalypse Now" keeps its "Now").
TimeWords ReadTimeWords(std::string_view sentence, Timestamp tx_time);

// True when `value` is only a date that names a year or a month ("2003",
// "August 1929", "21 April 2003", "March 3, 2019"): when something
// happened, never where or what.
bool IsDateOnly(std::string_view value);

// 1..12 for a lower-case month name or its three-letter abbreviation
// ("march", "sep"; not "may" abbreviated), else 0.
int MonthNumber(std::string_view word);

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's
// days_from_civil), in microseconds.
Timestamp CivilMicros(int year, int month, int day);

}  // namespace factline::internal

#endif  // FACTLINE_ATOMS_INTERNAL_TIME_WORDS_H_
