// Relation canonicalisation: maps a relation phrase read by the grammar
// ("holds a citizenship of", "is originally from", "represents") to a
// lexicon relation when the evidence is strong, and otherwise to a
// normalised phrase key ("email address" -> "email", "is working at" ->
// "work at"). Evidence is compared by content lemmas (WordNet), so tense,
// number, auxiliaries and articles do not matter. When no lexicon phrasing
// has the phrase's lemmas, WordNet widens the evidence: a content word's
// synonyms in its first senses ("wed" -> "marry", "perish" -> "die"), the
// verb of an agent noun the lexicon names ("chair" of "chairperson": the
// subject of "S chairs O" is O's chairperson), and the converse of a role
// noun ("mother" of "child": "S's mother is V" is V's child S). A widened
// match scores below the exact one; two relations at par stay weak.
#ifndef FACTLINE_ATOMS_INTERNAL_CANONICAL_H_
#define FACTLINE_ATOMS_INTERNAL_CANONICAL_H_

#include <cstdint>
#include <mutex>
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
  // Every lexicon relation the evidence pointed at, best first (the mapped
  // one first when it is a lexicon relation), including relations a single
  // cue word names: for a later choice by the types of subject and value.
  std::vector<std::string> alternatives;
  // The evidence score of each alternative (parallel); 0 for a relation only
  // a single cue word names (loose: "position" is a cue of P1308 and P106).
  std::vector<double> alternative_scores;
};

// Scores at or above this key on the lexicon relation; a candidate below it
// (an ambiguous cue) is weak and goes to review.
inline constexpr double kStrongMapping = 0.8;
// Scores below this come from WordNet's widening (a synonym or hypernym of
// the phrase's words), not from a lexicon name, alias or template.
inline constexpr double kSynonymOrHypernymBelow = 0.9;

class Canonicalizer {
 public:
  explicit Canonicalizer(const Lexicon& lexicon);
  // Thread-safe: results are memoised (WordNet widening costs tens of
  // microseconds and the same phrases recur in bulk ingest).
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
    // The evidence is a noun naming the value's role ("child", "founder"):
    // "S is a child of V" then reads it backwards. False for verb
    // templates, cues and "S is a N of V" templates ("citizen").
    bool role = false;
    // Agent verbs: the verb synset the agent noun derives from (a synonym
    // must share it: "use" is a sense of "employ", not the one "employer"
    // names); kAnySense for a lexicon word's own entries.
    std::uint32_t synset = 0;
    bool stative = false;  // the active of a "be + participle + prep" template
  };
  static constexpr std::uint32_t kAnySense = 0;
  // A candidate found through a try: its score after the try's factor and
  // whether it reads subject and value backwards.
  struct Found {
    const Candidate* c = nullptr;
    double score = 0;
    bool inverse = false;
    std::string how;        // evidence text
    bool converse = false;  // through a converse role noun
  };
  // noun_ok: the evidence also holds for a noun phrase (names, aliases);
  // a verb template's or cue's lemmas do not.
  void Add(const std::string& sig, const std::string& id, double score,
           const std::string& source, bool noun_ok = true, bool role = false);
  static void Insert(std::vector<Candidate>* list, const std::string& id,
                     double score, const std::string& source,
                     bool role = false);
  // Verbs whose subject is the value of a relation: the verbs WordNet
  // derives from an agent noun among the names and aliases ("chair" from
  // "chairperson", "found" from "founder"), and the active verb of a
  // passive template with a preposition other than "by" ("[X] is signed
  // to __" -> "sign"). Filled by the constructor into agent_index_.
  void AddAgentVerbs(const std::string& noun_sig, const std::string& id,
                     double score, const std::string& noun);
  // One way of reading a phrase's signature against the lexicon.
  struct Try {
    std::string sig;
    double factor = 1;
    bool inverse = false;       // subject and value swap
    std::string how;            // evidence text prefix
    bool noun = false;          // look up noun evidence only
    bool role_inverts = false;  // "S is a N of V": a role noun swaps
    // Agent verbs: 1 active ("S chairs O"), 2 passive ("by"), 3 the active
    // of a stative template ("S signed O" of "[X] is signed to __").
    int agent = 0;
    bool verb_only = false;  // templates and cues only, no role nouns
    // Only relations whose verb phrasings end in this preposition
    // ("got his education at": "educated at").
    std::string prep = "";
  };
  // Candidates of one signature under a try, appended to *out. `converse`:
  // the signature names the converse role ("parent" for "child"), so only
  // role evidence counts and it reads backwards. `sense`: the synset a
  // synonym was reached through (kAnySense for the phrase's own words).
  void Lookup(const Try& t, const std::string& sig, double factor,
              const std::string& how, bool converse, std::uint32_t sense,
              std::vector<Found>* out) const;
  // Candidates WordNet's synonyms, hypernyms and converse nouns of the
  // try's content words give when its exact lemmas found nothing.
  void Widen(const Try& t, std::vector<Found>* out) const;
  // Drops converse candidates of a relation also reached directly.
  static void DropConverses(std::vector<Found>* found);
  // Best candidate for a signature; *ambiguous when two relations tie.
  // noun: only evidence that holds for a noun phrase.
  const Candidate* Best(const std::string& sig, bool* ambiguous,
                        bool noun) const;

  std::unordered_map<std::string, std::vector<Candidate>> index_;  // all
  std::unordered_map<std::string, std::vector<Candidate>> noun_index_;
  // Active verb lemma -> relations its subject is the value of.
  std::unordered_map<std::string, std::vector<Candidate>> agent_index_;
  // Relation -> the prepositions its verb phrasings end in.
  std::unordered_map<std::string, std::vector<std::string>> preps_;
  // Single-word cue lemma -> relations (never mapped on; alternatives only).
  std::unordered_map<std::string, std::vector<std::string>> cue_words_;
  Mapping MapUncached(const std::string& phrase, PhraseKind kind,
                      bool capitalised) const;
  mutable std::mutex cache_mu_;
  mutable std::unordered_map<std::string, Mapping> cache_;  // by cache_mu_
};

}  // namespace factline::internal

#endif  // FACTLINE_ATOMS_INTERNAL_CANONICAL_H_
