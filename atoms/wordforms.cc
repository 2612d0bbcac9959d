// WordNet morphy over the Debian wordnet-base data files. Linking Debian's
// libwn was the alternative, but its lookups share static buffers and are not
// thread-safe, and factline parses on many threads; the files are simple
// enough to load into hash maps once.
#include "atoms/internal/wordforms.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <string>

namespace factline::internal {

namespace {

constexpr const char* kPosName[4] = {"noun", "verb", "adj", "adv"};

// WordNet's detachment rules (morphy(7WN)): suffix -> replacement.
struct Rule {
  const char* suffix;
  const char* ending;
};
constexpr Rule kNounRules[] = {{"s", ""},      {"ses", "s"},   {"xes", "x"},
                               {"zes", "z"},   {"ches", "ch"}, {"shes", "sh"},
                               {"men", "man"}, {"ies", "y"}};
constexpr Rule kVerbRules[] = {{"s", ""},    {"ies", "y"}, {"es", "e"},
                               {"es", ""},   {"ed", "e"},  {"ed", ""},
                               {"ing", "e"}, {"ing", ""}};
constexpr Rule kAdjRules[] = {
    {"er", ""}, {"est", ""}, {"er", "e"}, {"est", "e"}};

bool EndsWith(std::string_view s, std::string_view suffix) {
  return s.size() > suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

WordForms::WordForms(const std::string& dir) : dir_(dir) {
  for (int p = 0; p < 4; ++p) {
    std::ifstream index(dir + "/index." + kPosName[p]);
    std::string line;
    while (std::getline(index, line)) {
      if (line.empty() || line[0] == ' ') continue;  // licence header
      // lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt
      // synset_offset...: offsets come last, most frequent sense first, and
      // are the only 8-digit fields.
      std::size_t sp = line.find(' ');
      if (sp == std::string::npos) continue;
      std::string lemma = line.substr(0, sp);
      for (char& c : lemma) {
        if (c == '_') c = ' ';
      }
      const auto begin = static_cast<std::uint32_t>(senses_[p].size());
      std::size_t pos = sp;
      while (pos < line.size()) {
        std::size_t start = line.find_first_not_of(' ', pos);
        if (start == std::string::npos) break;
        std::size_t end = line.find(' ', start);
        if (end == std::string::npos) end = line.size();
        if (end - start == 8 &&
            line.find_first_not_of("0123456789", start) >= end) {
          senses_[p].push_back(static_cast<std::uint32_t>(
              std::strtoul(line.c_str() + start, nullptr, 10)));
        }
        pos = end;
      }
      index_[p].emplace(
          std::move(lemma),
          std::make_pair(begin, static_cast<std::uint32_t>(senses_[p].size())));
    }
    std::ifstream exc(dir + "/" + kPosName[p] + ".exc");
    while (std::getline(exc, line)) {
      std::size_t sp = line.find(' ');
      if (sp == std::string::npos) continue;
      std::size_t end = line.find(' ', sp + 1);
      exceptions_[p].emplace(
          line.substr(0, sp),
          line.substr(sp + 1, end == std::string::npos ? std::string::npos
                                                       : end - sp - 1));
    }
  }
  loaded_ = !index_[0].empty() && !index_[1].empty();
  for (auto& file : data_) file = std::make_unique<DataFile>();
}

const WordForms& WordForms::Get() {
  static const WordForms* forms = [] {
    const char* env = std::getenv("FACTLINE_WORDNET_DIR");
    return new WordForms(env != nullptr && *env ? env : "/usr/share/wordnet");
  }();
  return *forms;
}

bool WordForms::Known(std::string_view lemma, Pos pos) const {
  return index_[static_cast<int>(pos)].count(std::string(lemma)) != 0;
}

std::string WordForms::Lemma(std::string_view word, Pos pos) const {
  const int p = static_cast<int>(pos);
  std::string w(word);
  auto exc = exceptions_[p].find(w);
  if (exc != exceptions_[p].end()) return exc->second;
  // A plural that is also a lemma of its own ("numbers", the game) is
  // read as the plural: statements name things, not titles.
  if (pos == Pos::kNoun && EndsWith(w, "s") && !EndsWith(w, "ss") &&
      !EndsWith(w, "us") && !EndsWith(w, "is")) {
    for (const Rule& r : kNounRules) {
      if (!EndsWith(w, r.suffix)) continue;
      std::string base =
          w.substr(0, w.size() - std::string_view(r.suffix).size()) + r.ending;
      if (base.size() >= 3 && Known(base, pos)) return base;
    }
  }
  if (Known(w, pos)) return w;
  const Rule* begin = nullptr;
  const Rule* end = nullptr;
  switch (pos) {
    case Pos::kNoun:
      begin = std::begin(kNounRules), end = std::end(kNounRules);
      break;
    case Pos::kVerb:
      begin = std::begin(kVerbRules), end = std::end(kVerbRules);
      break;
    case Pos::kAdj:
      begin = std::begin(kAdjRules), end = std::end(kAdjRules);
      break;
    case Pos::kAdv:
      return "";
  }
  for (const Rule* r = begin; r != end; ++r) {
    if (!EndsWith(w, r->suffix)) continue;
    std::string base =
        w.substr(0, w.size() - std::string_view(r->suffix).size()) + r->ending;
    if (Known(base, pos)) return base;
  }
  // Doubled final consonant before -ed/-ing ("planned", "running").
  for (const char* suffix : {"ed", "ing"}) {
    if (pos != Pos::kVerb || !EndsWith(w, suffix)) continue;
    std::string stem = w.substr(0, w.size() - std::string_view(suffix).size());
    if (stem.size() >= 2 && stem.back() == stem[stem.size() - 2]) {
      stem.pop_back();
      if (Known(stem, pos)) return stem;
    }
  }
  return "";
}

std::uint32_t WordForms::FirstSynset(std::string_view lemma, Pos pos) const {
  const int p = static_cast<int>(pos);
  auto it = index_[p].find(std::string(lemma));
  if (it == index_[p].end() || it->second.first == it->second.second) return 0;
  return senses_[p][it->second.first];
}

std::vector<std::uint32_t> WordForms::Senses(std::string_view lemma,
                                             Pos pos) const {
  const int p = static_cast<int>(pos);
  auto it = index_[p].find(std::string(lemma));
  if (it == index_[p].end()) return {};
  return {senses_[p].begin() + it->second.first,
          senses_[p].begin() + it->second.second};
}

}  // namespace factline::internal

// The data.* files are large (data.noun ~15 MB) and a process usually needs
// a few hundred synsets, so each is mapped read-only on first use and lines
// are found by the byte offset WordNet addresses synsets by.
namespace factline::internal {

struct WordForms::DataFile {
  std::once_flag once;
  const char* data = nullptr;
  std::size_t size = 0;

  ~DataFile() {
    if (data != nullptr) munmap(const_cast<char*>(data), size);
  }
  void Open(const std::string& path) {
    std::call_once(once, [&] {
      const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
      if (fd < 0) return;
      struct stat st {};
      if (fstat(fd, &st) == 0 && st.st_size > 0) {
        void* map = mmap(nullptr, static_cast<std::size_t>(st.st_size),
                         PROT_READ, MAP_PRIVATE, fd, 0);
        if (map != MAP_FAILED) {
          data = static_cast<const char*>(map);
          size = static_cast<std::size_t>(st.st_size);
        }
      }
      close(fd);
    });
  }
};

WordForms::~WordForms() = default;

namespace {

constexpr const char* kDataName[4] = {"data.noun", "data.verb", "data.adj",
                                      "data.adv"};

// One synset line split into what the accessors need.
struct Synset {
  std::vector<std::string_view> words;  // as written, '_' between words
  struct Pointer {
    std::string_view symbol;
    std::uint32_t offset;
    char pos;  // n v a s r
  };
  std::vector<Pointer> pointers;
};

// Splits off the next space-separated field of `line` at *at.
std::string_view Field(std::string_view line, std::size_t* at) {
  std::size_t start = line.find_first_not_of(' ', *at);
  if (start == std::string_view::npos) {
    *at = line.size();
    return {};
  }
  std::size_t end = line.find(' ', start);
  if (end == std::string_view::npos) end = line.size();
  *at = end;
  return line.substr(start, end - start);
}

// synset_offset lex_filenum ss_type w_cnt(hex) [word lex_id(hex)]... p_cnt
// [ptr_symbol offset pos source/target]... (wndb(5WN)). A malformed line
// yields what was read before the fault.
Synset ParseSynset(std::string_view line) {
  Synset s;
  std::size_t at = 0;
  Field(line, &at);  // offset
  Field(line, &at);  // lex_filenum
  Field(line, &at);  // ss_type
  std::string count(Field(line, &at));
  const long words = std::strtol(count.c_str(), nullptr, 16);
  for (long i = 0; i < words && at < line.size(); ++i) {
    std::string_view word = Field(line, &at);
    // Adjectives carry a syntactic marker: "galore(ip)".
    std::size_t paren = word.find('(');
    if (paren != std::string_view::npos) word = word.substr(0, paren);
    s.words.push_back(word);
    Field(line, &at);  // lex_id
  }
  std::string pcount(Field(line, &at));
  const long pointers = std::strtol(pcount.c_str(), nullptr, 10);
  for (long i = 0; i < pointers && at < line.size(); ++i) {
    std::string_view symbol = Field(line, &at);
    std::string target(Field(line, &at));
    std::string_view pos = Field(line, &at);
    Field(line, &at);  // source/target word numbers
    if (pos.empty()) break;
    s.pointers.push_back(
        {symbol,
         static_cast<std::uint32_t>(std::strtoul(target.c_str(), nullptr, 10)),
         pos[0]});
  }
  return s;
}

std::string Spaced(std::string_view word, bool lower) {
  std::string out(word);
  for (char& c : out) {
    if (c == '_') c = ' ';
    if (lower)
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

}  // namespace

std::string_view WordForms::DataLine(std::uint32_t offset, Pos pos) const {
  const int p = static_cast<int>(pos);
  if (!data_[p]) return {};
  data_[p]->Open(dir_ + "/" + kDataName[p]);
  const char* data = data_[p]->data;
  const std::size_t size = data_[p]->size;
  if (data == nullptr || offset >= size) return {};
  if (offset > 0 && data[offset - 1] != '\n') return {};
  std::string_view rest(data + offset, size - offset);
  rest = rest.substr(0, rest.find('\n'));
  // The line must be the synset it claims to be (8-digit offset first).
  char expect[16];
  std::snprintf(expect, sizeof expect, "%08u ", static_cast<unsigned>(offset));
  if (rest.substr(0, 9) != expect) return {};
  return rest;
}

std::vector<std::string> WordForms::SynsetLemmas(std::uint32_t offset, Pos pos,
                                                 bool as_written) const {
  std::vector<std::string> out;
  for (std::string_view w : ParseSynset(DataLine(offset, pos)).words) {
    out.push_back(Spaced(w, !as_written));
  }
  return out;
}

std::vector<std::pair<Pos, std::uint32_t>> WordForms::Pointers(
    std::uint32_t offset, Pos pos, std::string_view symbol) const {
  std::vector<std::pair<Pos, std::uint32_t>> out;
  for (const Synset::Pointer& ptr :
       ParseSynset(DataLine(offset, pos)).pointers) {
    if (ptr.symbol != symbol) continue;
    Pos target = Pos::kNoun;
    switch (ptr.pos) {
      case 'n':
        target = Pos::kNoun;
        break;
      case 'v':
        target = Pos::kVerb;
        break;
      case 'a':
      case 's':
        target = Pos::kAdj;
        break;
      case 'r':
        target = Pos::kAdv;
        break;
      default:
        continue;
    }
    out.emplace_back(target, ptr.offset);
  }
  return out;
}

std::string WordForms::Gloss(std::uint32_t offset, Pos pos) const {
  std::string_view line = DataLine(offset, pos);
  const std::size_t bar = line.find(" | ");
  if (bar == std::string_view::npos) return "";
  std::string_view gloss = line.substr(bar + 3);
  while (!gloss.empty() && gloss.back() == ' ') gloss.remove_suffix(1);
  return std::string(gloss);
}

std::string WordForms::SpelledVerb(std::string_view noun,
                                   std::size_t senses) const {
  const std::vector<std::uint32_t> all = Senses(noun, Pos::kNoun);
  for (std::size_t i = 0; i < all.size() && i < senses; ++i) {
    for (const auto& [pos, target] : Pointers(all[i], Pos::kNoun, "+")) {
      if (pos != Pos::kVerb) continue;
      for (const std::string& l : SynsetLemmas(target, Pos::kVerb)) {
        if (l.find(' ') == std::string::npos && l.size() >= 3 &&
            noun.starts_with(std::string_view(l).substr(0, l.size() - 1))) {
          return l;
        }
      }
    }
  }
  return "";
}

int WordForms::LexFile(std::uint32_t offset, Pos pos) const {
  // "offset lex_filenum ss_type ...": two decimal digits.
  std::string_view line = DataLine(offset, pos);
  const std::size_t sp = line.find(' ');
  if (sp == std::string_view::npos || sp + 3 > line.size()) return -1;
  const char a = line[sp + 1];
  const char b = line[sp + 2];
  if (!std::isdigit(static_cast<unsigned char>(a)) ||
      !std::isdigit(static_cast<unsigned char>(b))) {
    return -1;
  }
  return (a - '0') * 10 + (b - '0');
}

std::string WordForms::Pertainym(std::string_view adjective) const {
  std::string lemma = Lemma(adjective, Pos::kAdj);
  if (lemma.empty()) return "";
  const std::uint32_t first = FirstSynset(lemma, Pos::kAdj);
  if (first == 0) return "";
  for (const auto& [pos, target] : Pointers(first, Pos::kAdj, "\\")) {
    if (pos != Pos::kNoun) continue;
    Synset noun = ParseSynset(DataLine(target, Pos::kNoun));
    if (noun.words.empty()) continue;
    return Spaced(noun.words.front(), false);  // as written: "Italy"
  }
  return "";
}

}  // namespace factline::internal

namespace factline {

bool EndsInPluralNoun(std::string_view name) {
  const std::size_t space = name.rfind(' ');
  std::string last(space == std::string_view::npos ? name
                                                   : name.substr(space + 1));
  for (char& c : last) {
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  const std::string lemma =
      internal::WordForms::Get().Lemma(last, internal::Pos::kNoun);
  return !lemma.empty() && lemma != last;
}

}  // namespace factline
