// Time words in a statement ("since 2019", "until March 2024", "last month",
// "now", "no longer", "not ... anymore"): read, removed from the text, and
// turned into valid-time bounds. Relative times resolve against the line's
// transaction time.
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
};

// `tx_time` kNoTime: relative words resolve against NowMicros(). Capitalised
// words are never taken ("Apocalypse Now" keeps its "Now").
TimeWords ReadTimeWords(std::string_view sentence, Timestamp tx_time);

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's
// days_from_civil), in microseconds.
Timestamp CivilMicros(int year, int month, int day);

}  // namespace factline::internal

#endif  // FACTLINE_ATOMS_INTERNAL_TIME_WORDS_H_
