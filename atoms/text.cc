// Key normalisation, display cleaning and UTF-8 validation.
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
