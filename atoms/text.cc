// Key normalisation, display cleaning, UTF-8 validation and the character
// checks every stored field passes (letters or digits, no control bytes).
//
// Normalisation works on bytes: ASCII letters are folded, every byte >= 0x80
// is copied unchanged, so "Kūkai" keeps its UTF-8 sequence exactly and only
// the ASCII letters around it change case.
#include <string>

#include "atoms/atoms.h"

namespace factline {

namespace {

bool IsSpace(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
         c == '\v';
}

// Length of a quote character at the start of s (ASCII or UTF-8 curly).
std::size_t QuotePrefix(std::string_view s) {
  if (s.empty()) return 0;
  if (s[0] == '"' || s[0] == '\'' || s[0] == '`') return 1;
  // U+2018..U+201F are E2 80 98..9F.
  if (s.size() >= 3 && static_cast<unsigned char>(s[0]) == 0xE2 &&
      static_cast<unsigned char>(s[1]) == 0x80 &&
      static_cast<unsigned char>(s[2]) >= 0x98 &&
      static_cast<unsigned char>(s[2]) <= 0x9F) {
    return 3;
  }
  return 0;
}

std::size_t QuoteSuffix(std::string_view s) {
  if (s.empty()) return 0;
  char last = s.back();
  if (last == '"' || last == '\'' || last == '`') return 1;
  if (s.size() >= 3 && QuotePrefix(s.substr(s.size() - 3)) == 3) return 3;
  return 0;
}

std::string CollapseSpaces(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  bool pending_space = false;
  for (unsigned char c : text) {
    if (IsSpace(c)) {
      pending_space = !out.empty();
      continue;
    }
    if (pending_space) out.push_back(' ');
    pending_space = false;
    out.push_back(static_cast<char>(c));
  }
  return out;
}

// Removes one pair of surrounding quotes, or a lone leading/trailing quote
// only when the text holds no other quote of that kind.
std::string_view StripQuotes(std::string_view s) {
  std::size_t pre = QuotePrefix(s);
  std::size_t suf = s.size() > pre ? QuoteSuffix(s.substr(pre)) : 0;
  if (pre && suf) {
    s = s.substr(pre, s.size() - pre - suf);
  }
  while (!s.empty() && IsSpace(static_cast<unsigned char>(s.front()))) {
    s.remove_prefix(1);
  }
  while (!s.empty() && IsSpace(static_cast<unsigned char>(s.back()))) {
    s.remove_suffix(1);
  }
  return s;
}

// Code point ranges that hold no letter or digit: punctuation, symbols,
// spaces, format characters and marks that mean nothing alone. Code points
// outside them (Latin-1 letters from U+00C0, Greek, Cyrillic, CJK, ...) are
// letters; the table is coarse, but a name made only of what it lists is
// never a name.
struct Range {
  char32_t first, last;
};
constexpr Range kNotLetters[] = {
    {0x0080, 0x00A9},  // C1 controls, no-break space, Latin-1 signs
    {0x00AB, 0x00B4},  // (U+00AA ordinal is a letter)
    {0x00B6, 0x00B9},  // (U+00B5 micro is a letter)
    {0x00BB, 0x00BF},  // (U+00BA ordinal is a letter)
    {0x00D7, 0x00D7},  // multiplication sign
    {0x00F7, 0x00F7},  // division sign
    {0x0300, 0x036F},  // combining marks alone
    {0x061C, 0x061C},  // Arabic letter mark (format)
    {0x180E, 0x180E},  // Mongolian vowel separator (format)
    {0x2000, 0x206F},  // general punctuation: spaces, dashes, quotes,
                       // ellipsis, zero-width and bidi format characters
    {0x20A0, 0x20FF},  // currency signs, combining marks for symbols
    {0x2190, 0x245F},  // arrows, math operators, technical symbols
    {0x2500, 0x2BFF},  // box drawing, shapes, dingbats, arrows
    {0x2E00, 0x2E7F},  // supplemental punctuation
    {0x3000, 0x3004},  // CJK space and punctuation (U+3005..U+3007 are
    {0x3008, 0x3020},  // letters, as are U+3021..U+3029 and
    {0x302A, 0x3030},  // U+3031..U+3035, U+3038..U+303C)
    {0x3036, 0x3037},
    {0x303D, 0x303F},
    {0xE000, 0xF8FF},  // private use
    {0xFE00, 0xFE1F},  // variation selectors, vertical forms
    {0xFE30, 0xFE6F},  // CJK compatibility and small forms
    {0xFEFF, 0xFEFF},  // byte order mark / zero-width no-break space
    {0xFF00, 0xFF0F},  // fullwidth punctuation
    {0xFF1A, 0xFF20},
    {0xFF3B, 0xFF40},
    {0xFF5B, 0xFF65},
    {0xFFF0, 0xFFFF},    // specials
    {0x1F000, 0x1FAFF},  // emoji and other pictographs
    {0xE0000, 0xE0FFF},  // tags, variation selectors supplement
};

bool IsLetterOrDigit(char32_t cp) {
  if (cp < 0x80) {
    return (cp >= '0' && cp <= '9') || (cp >= 'a' && cp <= 'z') ||
           (cp >= 'A' && cp <= 'Z');
  }
  for (const Range& r : kNotLetters) {
    if (cp >= r.first && cp <= r.last) return false;
  }
  return true;
}

// The code point at text[*i], advancing *i past it; 0xFFFD (a symbol,
// never a letter) for an invalid or truncated sequence, advancing one byte.
char32_t NextCodePoint(std::string_view text, std::size_t* i) {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const unsigned char c = p[*i];
  std::size_t len = c < 0x80             ? 1
                    : (c & 0xE0) == 0xC0 ? 2
                    : (c & 0xF0) == 0xE0 ? 3
                    : (c & 0xF8) == 0xF0 ? 4
                                         : 0;
  if (len == 0 || *i + len > text.size()) {
    ++*i;
    return 0xFFFD;
  }
  char32_t cp = len == 1 ? c : c & (0x7F >> len);
  for (std::size_t k = 1; k < len; ++k) {
    if ((p[*i + k] & 0xC0) != 0x80) {
      ++*i;
      return 0xFFFD;
    }
    cp = (cp << 6) | (p[*i + k] & 0x3F);
  }
  *i += len;
  return cp;
}

bool IsTrailingPunct(char c) {
  return c == '.' || c == ',' || c == ';' || c == ':' || c == '!' || c == '?';
}

}  // namespace

std::string CleanDisplay(std::string_view text) {
  std::string collapsed = CollapseSpaces(text);
  return std::string(StripQuotes(collapsed));
}

std::string NormalizeKey(std::string_view text) {
  std::string collapsed = CollapseSpaces(text);
  std::string_view s = StripQuotes(collapsed);
  while (!s.empty() && IsTrailingPunct(s.back())) {
    s.remove_suffix(1);
    s = StripQuotes(s);
  }
  std::string out(s);
  for (auto& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

std::string ArticleVariant(std::string_view key) {
  for (std::string_view article : {"the ", "a ", "an "}) {
    if (key.size() > article.size() &&
        key.substr(0, article.size()) == article) {
      return std::string(key.substr(article.size()));
    }
  }
  if (key.empty() || key == "the" || key == "a" || key == "an") return "";
  return "the " + std::string(key);
}

Status ValidateUtf8(std::string_view text) {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t n = text.size();
  std::size_t i = 0;
  while (i < n) {
    unsigned char c = p[i];
    std::size_t len;
    std::uint32_t cp;
    if (c < 0x80) {
      ++i;
      continue;
    } else if ((c & 0xE0) == 0xC0) {
      len = 2;
      cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
      len = 3;
      cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
      len = 4;
      cp = c & 0x07;
    } else {
      return Status::InvalidArgument("invalid UTF-8 at byte " +
                                     std::to_string(i));
    }
    if (i + len > n) {
      return Status::InvalidArgument("truncated UTF-8 sequence at byte " +
                                     std::to_string(i));
    }
    for (std::size_t k = 1; k < len; ++k) {
      if ((p[i + k] & 0xC0) != 0x80) {
        return Status::InvalidArgument("invalid UTF-8 at byte " +
                                       std::to_string(i + k));
      }
      cp = (cp << 6) | (p[i + k] & 0x3F);
    }
    // Overlong forms, surrogates and values past U+10FFFF are invalid.
    static constexpr std::uint32_t kMin[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < kMin[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
      return Status::InvalidArgument("invalid UTF-8 code point at byte " +
                                     std::to_string(i));
    }
    i += len;
  }
  return Status::Ok();
}

bool HasLetterOrDigit(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    if (IsLetterOrDigit(NextCodePoint(text, &i))) return true;
  }
  return false;
}

Status CheckControlChars(std::string_view text, bool allow_spaces) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if ((c >= 0x20 && c != 0x7F) || (allow_spaces && IsSpace(c))) continue;
    static constexpr char kHex[] = "0123456789ABCDEF";
    const char code[] = {'0', 'x', kHex[c >> 4], kHex[c & 0xF], '\0'};
    return Status::InvalidArgument(std::string("control character ") + code +
                                   " at byte " + std::to_string(i));
  }
  return Status::Ok();
}

std::string_view StripSerial(std::string_view line,
                             std::optional<std::int64_t>* serial) {
  std::size_t i = 0;
  while (i < line.size() && IsSpace(static_cast<unsigned char>(line[i]))) ++i;
  std::size_t digits = i;
  std::int64_t n = 0;
  while (digits < line.size() && line[digits] >= '0' && line[digits] <= '9' &&
         digits - i < 18) {
    n = n * 10 + (line[digits] - '0');
    ++digits;
  }
  if (digits > i && digits + 1 < line.size() && line[digits] == '.' &&
      line[digits + 1] == ' ') {
    if (serial) *serial = n;
    return line.substr(digits + 2);
  }
  if (serial) serial->reset();
  return line.substr(i);
}

}  // namespace factline
