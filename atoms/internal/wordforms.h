// WordNet lemmas (Debian wordnet-base, /usr/share/wordnet): the index.* files
// say which lemmas exist, the *.exc files list irregular forms, and
// WordNet's own morphy detachment rules map the rest ("holds" -> "hold",
// "born" -> "bear", "children" -> "child"). Loaded once per process on first
// use; read-only afterwards, so it is safe to share between threads. The
// data.* files (synsets and their pointers) are mapped on first need and
// read at the byte offset WordNet addresses a synset by, never parsed whole.
#ifndef FACTLINE_ATOMS_INTERNAL_WORDFORMS_H_
#define FACTLINE_ATOMS_INTERNAL_WORDFORMS_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace factline::internal {

enum class Pos { kNoun = 0, kVerb = 1, kAdj = 2, kAdv = 3 };

class WordForms {
 public:
  // The process-wide instance. Reads $FACTLINE_WORDNET_DIR, else
  // /usr/share/wordnet. Without WordNet every lookup finds nothing and
  // Lemma returns the word unchanged (loaded() says which).
  static const WordForms& Get();
  // Loads from `dir`; missing files leave that part empty.
  explicit WordForms(const std::string& dir);

  bool loaded() const { return loaded_; }
  // The WordNet lemma of a lower-case word for `pos` (morphy: exception
  // list, the word itself, then the detachment rules), or "" when WordNet
  // has no such word for that part of speech.
  std::string Lemma(std::string_view word, Pos pos) const;
  // True when `word` is a known form of some lemma of `pos`.
  bool Is(std::string_view word, Pos pos) const {
    return !Lemma(word, pos).empty();
  }
  // The first (most frequent) synset of a lemma; 0 when unknown. Lemmas that
  // share it are spellings of one word ("e-mail", "email").
  std::uint32_t FirstSynset(std::string_view lemma, Pos pos) const;
  // The noun an adjective pertains to, as WordNet writes it ("italian" ->
  // "Italy", "french" -> "France"): the pertainym pointer of the
  // adjective's first sense. "" when none.
  std::string Pertainym(std::string_view adjective) const;

  // Every sense of a lemma (lower case, ' ' between words: "new zealand"),
  // most frequent first; empty when unknown.
  std::vector<std::uint32_t> Senses(std::string_view lemma, Pos pos) const;
  // The lemmas of one synset, lower case, '_' as ' ' ("pass away"); empty
  // when the offset names no synset of `pos`. `as_written` keeps WordNet's
  // case ("Austria": a proper noun).
  std::vector<std::string> SynsetLemmas(std::uint32_t offset, Pos pos,
                                        bool as_written = false) const;
  // Synsets a synset points to with pointer symbol `symbol` ("@" hypernym,
  // "@i" instance hypernym, "+" derivationally related, "\\" pertainym,
  // "~" hyponym, "=" attribute), as (pos, offset) pairs in file order. An
  // adjective satellite target ("s") is reported as Pos::kAdj.
  std::vector<std::pair<Pos, std::uint32_t>> Pointers(
      std::uint32_t offset, Pos pos, std::string_view symbol) const;

  // The verb a noun is spelled from, by WordNet's derivation pointers
  // ("develop" of "development", "create" of "creation"), looking at the
  // noun's first `senses` senses; "" when none.
  std::string SpelledVerb(std::string_view noun, std::size_t senses) const;
  // WordNet's lexicographer file of a synset (its second field: 31
  // verb.cognition, 32 verb.communication, 39 verb.perception, ...); -1
  // when unknown.
  int LexFile(std::uint32_t offset, Pos pos) const;
  // The gloss (definition and examples) of a synset, "" when unknown.
  std::string Gloss(std::uint32_t offset, Pos pos) const;

  ~WordForms();
  WordForms(const WordForms&) = delete;
  WordForms& operator=(const WordForms&) = delete;

 private:
  struct DataFile;  // one mapped data.* file
  bool Known(std::string_view lemma, Pos pos) const;
  // The synset line at `offset` of data.<pos> (without the newline), or
  // an empty view when the file is missing or the offset is not a line
  // start. The view lives as long as this object.
  std::string_view DataLine(std::uint32_t offset, Pos pos) const;

  std::string dir_;
  bool loaded_ = false;
  // lemma -> [begin, end) into senses_[pos]: its synset offsets, most
  // frequent first; per part of speech.
  std::unordered_map<std::string, std::pair<std::uint32_t, std::uint32_t>>
      index_[4];
  std::vector<std::uint32_t> senses_[4];
  std::unique_ptr<DataFile> data_[4];
  // irregular form -> lemma, per part of speech.
  std::unordered_map<std::string, std::string> exceptions_[4];
};

}  // namespace factline::internal

#endif  // FACTLINE_ATOMS_INTERNAL_WORDFORMS_H_
