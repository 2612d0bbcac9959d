// Word helpers the sentence readers share (spans, relation types): split
// on spaces, join a range back, test membership in a closed word list.
#ifndef FACTLINE_ATOMS_INTERNAL_WORDS_H_
#define FACTLINE_ATOMS_INTERNAL_WORDS_H_

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace factline::internal {

// `w` is one of `set`.
inline bool InWords(std::string_view w,
                    std::initializer_list<std::string_view> set) {
  for (std::string_view s : set) {
    if (w == s) return true;
  }
  return false;
}

// Whether `s` opens with an ASCII capital letter (a name, a title).
inline bool StartsUpper(std::string_view s) {
  return !s.empty() && s[0] >= 'A' && s[0] <= 'Z';
}

// The prepositions that open a verb's complement ("married to", "lives
// in", "works at"), lower case. The readers keep wider lists of their own
// (particles, adverb-like "within") where their purpose needs them.
inline bool IsCorePreposition(std::string_view w) {
  return InWords(w, {"to", "in", "at", "on", "of", "for", "from", "with", "by",
                     "into", "as"});
}

// A possessive determiner, lower case: "my", "your", "his", "her", "its",
// "our", "their".
inline bool IsPossessiveDeterminer(std::string_view w) {
  return InWords(w, {"my", "your", "his", "her", "its", "our", "their"});
}

// "the" or a possessive determiner; the first letter may be capitalised
// (a sentence's first word).
inline bool IsDefiniteDeterminer(std::string_view w) {
  if (w.empty()) return false;
  std::string lower(w);
  if (lower[0] >= 'A' && lower[0] <= 'Z') lower[0] += 'a' - 'A';
  return lower == "the" || IsPossessiveDeterminer(lower);
}

// A word that makes a noun phrase refer to one thing: a definite
// determiner, "a", "an", "this" or "that" (first letter as above).
inline bool IsReferringDeterminer(std::string_view w) {
  if (IsDefiniteDeterminer(w) || w.empty()) return !w.empty();
  std::string lower(w);
  if (lower[0] >= 'A' && lower[0] <= 'Z') lower[0] += 'a' - 'A';
  return InWords(lower, {"a", "an", "this", "that"});
}

// `phrase` without its first word when `is_determiner` holds for it ("our
// Berlin office" -> "Berlin office"); *had (may be null) says whether it
// did.
inline std::string_view WithoutDeterminer(
    std::string_view phrase, bool (*is_determiner)(std::string_view),
    bool* had = nullptr) {
  const std::size_t sp = phrase.find(' ');
  const bool det =
      sp != std::string_view::npos && is_determiner(phrase.substr(0, sp));
  if (had != nullptr) *had = det;
  return det ? phrase.substr(sp + 1) : phrase;
}

// The space-separated words of `s`, empty ones dropped.
inline std::vector<std::string> SplitWords(std::string_view s) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == ' ') {
      if (!cur.empty()) out.push_back(std::move(cur));
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(std::move(cur));
  return out;
}

// w[from, to) joined by single spaces (`to` is clamped to w.size()).
inline std::string JoinWords(const std::vector<std::string>& w,
                             std::size_t from, std::size_t to) {
  std::string out;
  for (std::size_t i = from; i < to && i < w.size(); ++i) {
    if (!out.empty()) out += ' ';
    out += w[i];
  }
  return out;
}

}  // namespace factline::internal

#endif  // FACTLINE_ATOMS_INTERNAL_WORDS_H_
