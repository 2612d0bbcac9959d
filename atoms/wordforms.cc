// WordNet morphy over the Debian wordnet-base data files. Linking Debian's
// libwn was the alternative, but its lookups share static buffers and are not
// thread-safe, and factline parses on many threads; the files are simple
// enough to load into hash maps once.
#include "atoms/internal/wordforms.h"

#include <cstdlib>
#include <fstream>
#include <sstream>
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
      // synset_offset...: the first offset is the most frequent sense.
      std::size_t sp = line.find(' ');
      if (sp == std::string::npos) continue;
      std::string lemma = line.substr(0, sp);
      for (char& c : lemma) {
        if (c == '_') c = ' ';
      }
      std::uint32_t first = 0;
      // Offsets are the only 8-digit fields; take the first one.
      std::size_t pos = sp;
      while (pos < line.size()) {
        std::size_t start = line.find_first_not_of(' ', pos);
        if (start == std::string::npos) break;
        std::size_t end = line.find(' ', start);
        if (end == std::string::npos) end = line.size();
        if (end - start == 8 &&
            line.find_first_not_of("0123456789", start) >= end) {
          first = static_cast<std::uint32_t>(
              std::strtoul(line.substr(start, 8).c_str(), nullptr, 10));
          break;
        }
        pos = end;
      }
      index_[p].emplace(std::move(lemma), first);
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
  auto it = index_[static_cast<int>(pos)].find(std::string(lemma));
  return it == index_[static_cast<int>(pos)].end() ? 0 : it->second;
}

}  // namespace factline::internal

namespace factline::internal {

namespace {

// The line of a WordNet data file at a synset offset (offsets are byte
// positions); "" when unreadable.
std::string DataLine(const std::string& path, std::uint32_t offset) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return "";
  in.seekg(offset);
  std::string line;
  std::getline(in, line);
  return line;
}

}  // namespace

std::string WordForms::Pertainym(std::string_view adjective) const {
  std::string lemma = Lemma(adjective, Pos::kAdj);
  if (lemma.empty()) return "";
  const std::uint32_t first = FirstSynset(lemma, Pos::kAdj);
  if (first == 0) return "";
  // synset_offset lex_filenum ss_type w_cnt word lex_id ... p_cnt
  // [ptr_symbol offset pos source/target]...
  std::istringstream fields(DataLine(dir_ + "/data.adj", first));
  std::string offset, lexfile, type, count_hex;
  fields >> offset >> lexfile >> type >> count_hex;
  const int words =
      static_cast<int>(std::strtol(count_hex.c_str(), nullptr, 16));
  std::string skip;
  for (int i = 0; i < words * 2; ++i) fields >> skip;
  int pointers = 0;
  fields >> pointers;
  for (int i = 0; i < pointers; ++i) {
    std::string symbol, target, pos, source_target;
    fields >> symbol >> target >> pos >> source_target;
    if (symbol != "\\" || pos != "n") continue;
    std::istringstream noun(DataLine(
        dir_ + "/data.noun",
        static_cast<std::uint32_t>(std::strtoul(target.c_str(), nullptr, 10))));
    std::string word;
    noun >> offset >> lexfile >> type >> count_hex >> word;
    for (char& c : word) {
      if (c == '_') c = ' ';
    }
    return word;
  }
  return "";
}

}  // namespace factline::internal
