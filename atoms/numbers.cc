// DifferInNumbers: whether two names carry different numbers. Similarity
// measures (n-gram cosines, edit distance) rate "FC Dynamo Kyiv" and "FC
// Dynamo-2 Kyiv", "Ukraine U-17" and "Ukraine U-19", "user38" and "user39"
// as near copies, yet a number in a name is what tells a reserve team, an
// age group, a year or an account apart. So the duplicate gate and ask's
// fuzzy subject match never cross a difference in numbers.
#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

#include "atoms/atoms.h"

namespace factline {

namespace {

bool IsAsciiAlnum(unsigned char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
         (c >= 'A' && c <= 'Z');
}

// Spelled-out numbers name the same number as digits ("Apollo Eleven").
const std::unordered_map<std::string, std::string>& NumberWords() {
  static const auto* words = new std::unordered_map<std::string, std::string>{
      {"zero", "0"},        {"one", "1"},          {"two", "2"},
      {"three", "3"},       {"four", "4"},         {"five", "5"},
      {"six", "6"},         {"seven", "7"},        {"eight", "8"},
      {"nine", "9"},        {"ten", "10"},         {"eleven", "11"},
      {"twelve", "12"},     {"thirteen", "13"},    {"fourteen", "14"},
      {"fifteen", "15"},    {"sixteen", "16"},     {"seventeen", "17"},
      {"eighteen", "18"},   {"nineteen", "19"},    {"twenty", "20"},
      {"thirty", "30"},     {"forty", "40"},       {"fifty", "50"},
      {"sixty", "60"},      {"seventy", "70"},     {"eighty", "80"},
      {"ninety", "90"},     {"hundred", "100"},    {"thousand", "1000"},
      {"first", "1"},       {"second", "2"},       {"third", "3"},
      {"fourth", "4"},      {"fifth", "5"},        {"sixth", "6"},
      {"seventh", "7"},     {"eighth", "8"},       {"ninth", "9"},
      {"tenth", "10"},      {"eleventh", "11"},    {"twelfth", "12"},
      {"thirteenth", "13"}, {"fourteenth", "14"},  {"fifteenth", "15"},
      {"sixteenth", "16"},  {"seventeenth", "17"}, {"eighteenth", "18"},
      {"nineteenth", "19"}, {"twentieth", "20"}};
  return *words;
}

// Value of an upper-case Roman numeral ("VIII" -> 8), or 0 when the token
// is not one written the standard way.
int RomanValue(const std::string& token) {
  auto digit = [](char c) {
    switch (c) {
      case 'I':
        return 1;
      case 'V':
        return 5;
      case 'X':
        return 10;
      case 'L':
        return 50;
      case 'C':
        return 100;
      case 'D':
        return 500;
      case 'M':
        return 1000;
    }
    return 0;
  };
  if (token.empty() || token.size() > 8) return 0;
  // A lone C, D, L or M is an initial ("F.C.", "John D."), not a number.
  if (token.size() == 1 && token != "I" && token != "V" && token != "X") {
    return 0;
  }
  int total = 0;
  for (std::size_t i = 0; i < token.size(); ++i) {
    const int v = digit(token[i]);
    if (v == 0) return 0;
    const int next = i + 1 < token.size() ? digit(token[i + 1]) : 0;
    total += v < next ? -v : v;
  }
  // Only the canonical spelling counts ("IIII" and "VX" are words).
  static const char* kOnes[] = {"",  "I",  "II",  "III",  "IV",
                                "V", "VI", "VII", "VIII", "IX"};
  static const char* kTens[] = {"",  "X",  "XX",  "XXX",  "XL",
                                "L", "LX", "LXX", "LXXX", "XC"};
  static const char* kHundreds[] = {"",  "C",  "CC",  "CCC",  "CD",
                                    "D", "DC", "DCC", "DCCC", "CM"};
  if (total <= 0 || total >= 4000) return 0;
  std::string canonical(static_cast<std::size_t>(total / 1000), 'M');
  canonical += kHundreds[(total / 100) % 10];
  canonical += kTens[(total / 10) % 10];
  canonical += kOnes[total % 10];
  return canonical == token ? total : 0;
}

// Number-like characters outside ASCII: vulgar fractions (U+00BC-00BE,
// U+2150-215E) and superscript digits (U+00B2, 00B3, 00B9). Returns the
// sequence's byte length at `i`, 0 if none.
std::size_t NumericSymbolAt(std::string_view s, std::size_t i) {
  const auto b = [&](std::size_t k) {
    return k < s.size() ? static_cast<unsigned char>(s[k]) : 0;
  };
  if (b(i) == 0xC2 &&
      (b(i + 1) == 0xB2 || b(i + 1) == 0xB3 || b(i + 1) == 0xB9 ||
       (b(i + 1) >= 0xBC && b(i + 1) <= 0xBE))) {
    return 2;
  }
  if (b(i) == 0xE2 && b(i + 1) == 0x85 && b(i + 2) >= 0x90 &&
      b(i + 2) <= 0x9E) {
    return 3;
  }
  return 0;
}

// The numbers a text names, canonicalised and sorted.
std::vector<std::string> Numbers(std::string_view text) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < text.size()) {
    if (const std::size_t n = NumericSymbolAt(text, i)) {
      out.emplace_back(text.substr(i, n));
      i += n;
      continue;
    }
    if (!IsAsciiAlnum(static_cast<unsigned char>(text[i]))) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() &&
           IsAsciiAlnum(static_cast<unsigned char>(text[end]))) {
      ++end;
    }
    const std::string token(text.substr(i, end - i));
    i = end;
    bool has_digit = false;
    for (std::size_t k = 0; k < token.size(); ++k) {
      if (token[k] < '0' || token[k] > '9') continue;
      has_digit = true;
      std::size_t e = k;
      while (e < token.size() && token[e] >= '0' && token[e] <= '9') ++e;
      std::size_t z = k;
      while (z + 1 < e && token[z] == '0') ++z;  // "007" names 7
      out.push_back(token.substr(z, e - z));
      k = e - 1;
    }
    if (has_digit) continue;
    if (const int roman = RomanValue(token)) {
      out.push_back(std::to_string(roman));
      continue;
    }
    std::string lower = token;
    for (char& c : lower) {
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    }
    auto word = NumberWords().find(lower);
    if (word != NumberWords().end()) out.push_back(word->second);
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

bool DifferInNumbers(std::string_view a, std::string_view b) {
  return Numbers(a) != Numbers(b);
}

}  // namespace factline
