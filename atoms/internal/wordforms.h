// WordNet lemmas (Debian wordnet-base, /usr/share/wordnet): the index.* files
// say which lemmas exist, the *.exc files list irregular forms, and
// WordNet's own morphy detachment rules map the rest ("holds" -> "hold",
// "born" -> "bear", "children" -> "child"). Loaded once per process on first
// use; read-only afterwards, so it is safe to share between threads.
#ifndef FACTLINE_ATOMS_INTERNAL_WORDFORMS_H_
#define FACTLINE_ATOMS_INTERNAL_WORDFORMS_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

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

 private:
  bool Known(std::string_view lemma, Pos pos) const;

  std::string dir_;
  bool loaded_ = false;
  // lemma -> first synset offset, per part of speech.
  std::unordered_map<std::string, std::uint32_t> index_[4];
  // irregular form -> lemma, per part of speech.
  std::unordered_map<std::string, std::string> exceptions_[4];
};

}  // namespace factline::internal

#endif  // FACTLINE_ATOMS_INTERNAL_WORDFORMS_H_
