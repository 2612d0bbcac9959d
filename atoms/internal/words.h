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
