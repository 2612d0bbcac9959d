// Relation canonicalisation: maps a relation phrase read by the grammar
// ("holds a citizenship of", "is originally from", "represents") to a
// lexicon relation when the evidence is strong, and otherwise to a
// normalised phrase key ("email address" -> "email", "is working at" ->
// "work at"). Evidence is compared by content lemmas (WordNet), so tense,
// number, auxiliaries and articles do not matter.
#ifndef FACTLINE_ATOMS_INTERNAL_CANONICAL_H_
#define FACTLINE_ATOMS_INTERNAL_CANONICAL_H_

#include <string>
#include <unordered_map>
#include <vector>

#include "atoms/atoms.h"
#include "atoms/internal/grammar.h"

namespace factline::internal {

struct Mapping {
  std::string key;      // relation key to store under
  std::string mapping;  // "lexicon", "phrase" or "weak"
  double score = 0;     // evidence strength in [0, 1]
  std::string evidence;
  std::string suggested;  // "weak": the lexicon relation it may be
  bool inverse = false;   // the phrase reads the relation backwards
};

// Scores at or above this key on the lexicon relation; a candidate below it
// (an ambiguous cue) is weak and goes to review.
inline constexpr double kStrongMapping = 0.8;

class Canonicalizer {
 public:
  explicit Canonicalizer(const Lexicon& lexicon);
  Mapping Map(const std::string& phrase, PhraseKind kind,
              bool capitalised) const;
  // Content lemmas of a relation phrase, space separated: articles,
  // auxiliaries and light adverbs dropped, verbs and plurals lemmatised,
  // spelling variants joined ("e-mail" -> "email"), a light head noun after
  // a noun dropped ("email address" -> "email").
  static std::string Signature(const std::string& phrase, PhraseKind kind);
  // True when a noun phrase maps to a lexicon relation strongly.
  bool KnowsNoun(const std::string& phrase) const;

 private:
  struct Candidate {
    std::string id;  // lexicon relation (alias_of followed)
    double score = 0;
    std::string source;  // "name 'x'", "alias 'x'", "template '...'"
  };
  // noun_ok: the evidence also holds for a noun phrase (names, aliases);
  // a verb template's or cue's lemmas do not.
  void Add(const std::string& sig, const std::string& id, double score,
           const std::string& source, bool noun_ok = true);
  static void Insert(std::vector<Candidate>* list, const std::string& id,
                     double score, const std::string& source);
  // Best candidate for a signature; *ambiguous when two relations tie.
  // noun: only evidence that holds for a noun phrase.
  const Candidate* Best(const std::string& sig, bool* ambiguous,
                        bool noun) const;

  std::unordered_map<std::string, std::vector<Candidate>> index_;  // all
  std::unordered_map<std::string, std::vector<Candidate>> noun_index_;
};

}  // namespace factline::internal

#endif  // FACTLINE_ATOMS_INTERNAL_CANONICAL_H_
