// Relation choice by the types of subject and value. A relation phrase alone
// often cannot say which relation a statement names ("lies in" a country is
// P17, a continent P30, a city P131; "comes from" is P19 for a person, P495
// for a dish; "is a physicist" is an occupation, "is a Buddhist" a
// religion), but WordNet knows what the subject and value are. The lexicon
// gives each relation the WordNet noun classes of its subject and value
// (RelationDef::subject_kinds / value_kinds); this module classifies noun
// phrases against them and refines the canonicaliser's mapping. A type
// WordNet cannot decide leaves the mapping as it was: it never guesses.
// Built once per Parser; const and thread-safe afterwards.
#ifndef FACTLINE_ATOMS_INTERNAL_RELATION_TYPES_H_
#define FACTLINE_ATOMS_INTERNAL_RELATION_TYPES_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "atoms/atoms.h"
#include "atoms/internal/canonical.h"
#include "atoms/internal/grammar.h"
#include "atoms/internal/wordforms.h"

namespace factline::internal {

// The synset a kind names: "person" is the noun's first sense,
// "country#2" its second (WordNet's sense numbers). InvalidArgument naming
// the kind when it is malformed or WordNet has no such noun or sense.
// NotSupported when WordNet is not installed (kinds cannot be checked).
Result<std::uint32_t> ResolveKind(const WordForms& wf, std::string_view kind);

// What WordNet says a noun phrase is.
struct NounClass {
  std::vector<std::uint32_t> senses;  // noun synsets, most frequent first
  bool proper = false;   // a name: its first fitting sense is its referent
  bool named = false;    // capitalised and unknown (or, at a sentence's start,
                         // known only as a common noun): maybe a name
  std::string lemma;     // the WordNet lemma or head noun that was found
  bool by_head = false;  // known by a name's common head noun only
  bool known() const { return !senses.empty(); }
};

// A relation phrase's choice after types: the key to store under, the
// value (rewritten through a WordNet pointer: "Buddhist" -> "Buddhism",
// "Australian" -> "Australia") and why.
struct TypedChoice {
  std::string key;
  std::string value;
  std::string evidence;
  // The clause's subject is the relation's value and its value the
  // relation's subject ("Narendra Modi leads the government of India").
  bool inverse = false;
};

class RelationTypes {
 public:
  RelationTypes(const Lexicon& lexicon, const WordForms& wf);
  // Holds pointers into itself.
  RelationTypes(const RelationTypes&) = delete;
  RelationTypes& operator=(const RelationTypes&) = delete;

  // "most famous novel", "best-known solo song", "signature piece": a
  // relation noun phrase whose head is a kind of one relation's values (a
  // novel is a written work) and whose modifiers hold a cue of it
  // ("famous" for notable work). That relation's key, else "" (none, or
  // more than one).
  std::string CuedByModifier(std::string_view phrase) const;

  // "the Dubai office", "our Munich plant": a place WordNet knows by name
  // and a lower-case noun for a building or workplace there. The place's
  // name, else "".
  std::string PlaceOfFacility(std::string_view value) const;

  // Of the relations whose values are of `key`'s kinds (the languages of
  // a book, a film, a person, a country), the one whose subjects a
  // `noun` is nearest to ("film" -> original language of a film), else
  // "" (no fit, or a tie).
  std::string BySubjectNoun(const std::string& key,
                            std::string_view noun) const;

  // "has a twinning arrangement with", "signed a sister-city agreement
  // with": a verb phrase around an agreement noun ("agreement", "link",
  // "partnership") whose other content words are cues of exactly one
  // relation. That relation's key, else "".
  std::string AgreementRelation(std::string_view phrase) const;

  // "best-selling hard rock" -> "hard rock", "widely used" -> "": the
  // longest run of a lower-case modifier's last words that WordNet knows
  // as a noun (a genre, a language, a sport is named by a noun, never by
  // an adjective of praise or a participle). The modifier itself when it
  // is capitalised or known whole.
  std::string NounTail(std::string_view modifier) const;

  // "the president of FIFA", "Germany's president": a role noun the
  // lexicon names only as a cue of several person-valued relations (head of
  // state, chairperson). The owner decides: a place WordNet knows takes the
  // relation said of places; an organisation (WordNet's, or an acronym
  // name) the one said of organisations. The one relation of `keys` with
  // `role` among its cues and subjects of the owner's kind, else "" (an
  // owner of unknown kind, none, or a tie).
  // A value whose head noun names a place or a body of people ("Northwind
  // Bank") holds no role: "".
  std::string RoleOfOwner(const std::vector<std::string>& keys,
                          std::string_view role, std::string_view owner,
                          std::string_view value) const;

  // Whether WordNet files a value under location: a place it knows by name
  // ("Europe", "Tuscany") or a name whose head is a kind of place ("Marlow
  // County"). Unknown names are not places.
  bool IsPlace(std::string_view value) const;

  // The class of a noun phrase: the whole phrase as a WordNet lemma
  // ("new zealand", "tennis player"), else a name's common head noun
  // ("Stanford University" -> university), else a capitalised unknown name.
  // `value`: the phrase is not at a sentence's start, so a capital marks a
  // name and only WordNet's capitalised (proper noun) senses count.
  NounClass Classify(std::string_view phrase, bool value = false) const;

  // Refines a grammar reading. `m` is the canonicaliser's mapping of the
  // clause's relation phrase. Returns true and fills *out when the types
  // choose another relation (or the same one with a rewritten value):
  // - "S is a N": the relation whose value kinds N's class fits nearest
  //   (an occupation, a player position, a religion's adherent);
  // - modifier forms ("S is an African country", "S is a jazz album",
  //   "S is a novel by V"): the relation whose subject kinds fit the head
  //   noun and whose value kinds fit the modifier;
  // - a phrase whose content words are cues of several relations ("lies
  //   in", "comes from"): the candidate whose kinds fit strictly nearest.
  // `sentence` is the statement's text (the grammar may have replaced an
  // adjective by its noun: "a Russian speaker" -> Russia).
  bool Refine(const Clause& clause, const Mapping& m, std::string_view sentence,
              TypedChoice* out) const;

  // For a lexicon template's match: true and *out when the template's words
  // are cues shared by several relations ("[X] lies in __") and the types
  // pick another one strictly ("lies in" a country: P17, not P131).
  bool RefineTemplate(const std::string& relation, const std::string& phrase,
                      const std::string& subject, const std::string& value,
                      TypedChoice* out) const;

  // A value that names its own type before the name ("the country of
  // France", "the city of Lyon"): the name, when WordNet knows it as that
  // type (a proper-noun sense at most 3 hypernym steps below one of the
  // noun's first three senses); "" otherwise ("the University of Leeds" stays
  // whole).
  // Also "the Auvergne-Rhône-Alpes region": after "the", a name followed
  // by one lower-case noun for a kind of place (TrailingPlaceNoun);
  // "Tromsø municipality" without the article stays (a name).
  std::string StripTypeNoun(std::string_view value) const;

  // The relations a statement of change may move a value into ("moved to
  // Republic Records", "switched to Channel 4"): one-valued, not stable
  // (RelationDef::stable), value kinds that `value` fits (a capitalised
  // name WordNet cannot place fits organisations, not people), and subject
  // kinds `subject` does not contradict. Keys, lexicon order.
  std::vector<std::string> ChangeTargets(std::string_view subject,
                                         std::string_view value) const;
  // Whether WordNet files `value` under a kind `key`'s values can be:
  // false only when it knows the value and it fits none (or `key` is no
  // relation with value kinds: then true).
  bool ValueMayFit(const std::string& key, std::string_view value) const;
  // Whether `key`'s values are kinds of person ("an architect"): classes,
  // though not among ClassValued's.
  bool PeopleClassValued(const std::string& key) const;
  // The same for the relation's subject when it is a common noun: "I build
  // furniture" read as "furniture is built by me" needs furniture to be of
  // a kind P176 is said of. A name always may.
  bool SubjectMayFit(const std::string& key, std::string_view subject) const;
  // Whether the types confirm `key` for (subject, value): WordNet files
  // the subject under one of its subject kinds, and the value under one of
  // its value kinds or it is a name that may be a person or organisation
  // of such kinds. Unknown subjects confirm nothing.
  bool Confirms(const std::string& key, std::string_view subject,
                std::string_view value) const;
  // "a swimmer" keyed as an occupation (`key`) is also named for its sport:
  // a value of the class relation `target` WordNet derives the person noun
  // from, through its verb (swimmer -> swim -> swimming). True and *out
  // then. (Only the relation asked for: a painter is named for painting,
  // which is no notable work of theirs.)
  bool NamedFor(std::string_view noun, const std::string& key,
                const std::string& target, TypedChoice* out) const;
  // "won 23 titles in tennis", "wrote in German", "played as a point
  // guard": a class noun in an adjunct of a statement about `subject`
  // (`value`, not at a sentence's start) that WordNet files under exactly
  // one class-valued relation (a sport, a language, a religion, a genre, a
  // player position) whose subject kinds `subject` may be. True and *out
  // then; false for a name's head noun ("the Tennis Club"), an unknown
  // word, or a tie (the language of a person or of a book, for a name
  // WordNet cannot type).
  bool ClassAdjunct(std::string_view subject, std::string_view value,
                    TypedChoice* out) const;
  // Whether `key`'s values are places (value kinds under location).
  bool PlaceValued(const std::string& key) const;
  // Whether `key`'s values are classes (abstract value kinds: a religion,
  // a genre, a sport), which a name WordNet does not know cannot show.
  bool ClassValued(const std::string& key) const;
  // Whether WordNet files `value` (a value, not at a sentence's start)
  // under any noun class.
  bool KnowsValue(std::string_view value) const;

 private:
  struct Kinds {
    std::string key;  // the relation facts are keyed on (alias_of followed)
    std::vector<std::uint32_t> subject;
    std::vector<std::uint32_t> value;
    std::unordered_set<std::string> cue_words;   // for definitions
    std::vector<std::vector<std::string>> cues;  // words, verbs as lemmas
    // Every value kind a kind of person below person itself (an
    // occupation: worker, scientist): values are classes ("a physicist"),
    // never a name ("Siemens" is filed under physicist, but works for
    // Siemens names an employer).
    bool people_classes = false;
    // One-valued and not stable: what a statement of change may change.
    bool changeable = false;
    bool stable = false;  // RelationDef::stable
  };
  // How near a phrase's class is to a set of kinds: the fewest hypernym
  // steps from a sense to a kind; kUnknown when WordNet cannot say,
  // kNoFit when it says no.
  static constexpr int kUnknown = 1000;
  static constexpr int kNoFit = 2000;
  // A sentence-initial common noun that may be a name: not excluded, but
  // ranked like a class WordNet cannot place.
  static constexpr int kNamedGuess = kUnknown - 1;
  int Distance(const NounClass& c, const std::vector<std::uint32_t>& kinds,
               bool person_or_org_named) const;
  // Distance over the noun senses alone.
  int CommonDistance(const NounClass& c,
                     const std::vector<std::uint32_t>& kinds) const;
  // A synset and its hypernym ancestors with their distances, nearest
  // first; cached process-wide for WordForms::Get() (thread-safe): values
  // repeat.
  std::shared_ptr<const std::vector<std::pair<std::uint32_t, int>>> Ancestors(
      std::uint32_t sense) const;
  // Relations whose cue phrases cover every content word of `phrase`
  // (adjectives WordNet knows only as adjectives aside).
  std::vector<const Kinds*> CueCandidates(std::string_view phrase) const;
  // Each word's verb lemma, or the word (cues hold verbs as lemmas:
  // "celebrated" -> "celebrate").
  std::vector<std::string> VerbLemmas(
      const std::vector<std::string>& words) const;
  // Whether `cue` matches words[i, i + cue.size()) word for word or by
  // verb lemma.
  static bool CueAt(const std::vector<std::string>& cue,
                    const std::vector<std::string>& words,
                    const std::vector<std::string>& lemmas, std::size_t i);
  bool OnlyAdjective(const std::string& word) const;
  // A candidate's fit. Rank: a head noun naming one of its cues first,
  // then the nearest value, a subject that fits over one WordNet cannot
  // place, the nearer subject.
  struct Pick {
    const Kinds* k = nullptr;
    int affinity = 0;  // 1: the head noun's words name a cue
    int dv = kNoFit, ds = kNoFit;
    std::string cue;  // the cue the head named
    std::string tie;  // non-empty: these relations rank alike
    std::tuple<int, int, int, int> Rank() const {
      return {-affinity, dv, ds >= kNamedGuess ? 1 : 0, ds};
    }
  };
  // The best of `candidates` for (subject, value); k == nullptr when none
  // fits. `head_words`: a head noun's words for affinity (may be null).
  Pick Choose(const std::vector<const Kinds*>& candidates,
              const NounClass& subject, const NounClass& value,
              bool subject_must_fit,
              const std::unordered_set<std::string>* head_words) const;
  // A head noun's lemma, definition words and derived verbs, lower case.
  std::unordered_set<std::string> HeadWords(const NounClass& head) const;
  // "a science fiction novel", "a fantasy novel": a lower-case modifier
  // that is a kind of work beside the head (one of its first three senses
  // at most three steps, the head's first sense at most two steps below a
  // common class; the modifier not above the head) names the work's genre.
  // The genre-valued relation whose subjects the head fits, else null.
  const Kinds* SiblingKind(const NounClass& modifier,
                           const NounClass& head) const;
  // The value of k's kinds a person noun is named for ("golfer" -> golf),
  // directly or through its verb; "" when none.
  std::string DerivedThroughVerb(const NounClass& n, const Kinds& k) const;
  // The one relation of `classes` (not `except`) whose value `n` is named
  // for; false when none or several.
  bool NamedForClass(const NounClass& n, const NounClass& subject,
                     const std::vector<const Kinds*>& classes,
                     const Kinds* except, TypedChoice* out) const;
  const Kinds* ByKey(std::string_view key) const;
  // "Auvergne-Rhône-Alpes region" -> "Auvergne-Rhône-Alpes"; "" when the
  // value is no name followed by a place noun.
  std::string TrailingPlaceNoun(std::string_view value) const;
  // A verb phrase no lexicon phrasing reads ("converted to", "is sung
  // in") whose value WordNet files under a class kind (a language, a
  // religion, a sport, a genre): the class-valued relation whose value
  // kinds the value fits and whose subject kinds the subject (or, in a
  // passive with an unknown subject, the verb's patient noun) fits, when
  // exactly one ranks best.
  bool ClassValue(const Clause& clause, const NounClass& subject,
                  TypedChoice* out) const;
  // The non-agent nouns WordNet derives from a verb's first senses ("sing"
  // -> song, "film" -> film): what the subject of its passive is.
  NounClass PatientNouns(const std::string& verb) const;
  // An active verb cued by relations whose value is a person ("leads",
  // "runs"): the clause's subject holds the role in its object ("Jensen
  // Huang runs Nvidia" -> Nvidia's CEO). Fills *out with inverse set.
  bool Inverse(const Clause& clause, const NounClass& subject,
               const std::vector<const Kinds*>& cands, TypedChoice* out) const;
  // A noun related to `c`'s senses by WordNet's derivation pointer that
  // fits `kinds` ("Buddhist" -> "Buddhism"), as written; "" when none.
  std::string Derived(const NounClass& c,
                      const std::vector<std::uint32_t>& kinds) const;

  const WordForms& wf_;
  std::vector<Kinds> relations_;
  // Sentence template -> relations its words cue, when two or more.
  std::unordered_map<std::string, std::vector<const Kinds*>> template_cands_;
  // Relations with value kinds that are abstractions other than groups
  // (languages, religions, sports, genres, positions), with those kinds
  // only: their values are classes, not individuals or places.
  std::vector<Kinds> class_kinds_;
  std::vector<const Kinds*> class_valued_;  // into class_kinds_
  // Those of them whose values are no works: what ClassAdjunct reads.
  std::vector<const Kinds*> adjunct_classes_;
  // Those of them that are not stable: what a name is now ("a drama").
  std::vector<const Kinds*> class_valued_now_;
  std::uint32_t location_ = 0;                 // location#1: PlaceValued
  std::uint32_t continent_ = 0;                // continent#1: IsPlace
  std::vector<std::uint32_t> facility_kinds_;  // PlaceOfFacility
  std::uint32_t person_ = 0;                   // person#1
  std::uint32_t organization_ = 0;             // organization#1
  std::uint32_t genre_ = 0;                    // genre#1: SiblingKind
  // The classes a name's head noun gives a place or a body of people
  // ("Harbor Street Bridge", "Northwind Bank"): location, organization,
  // structure, group. A head noun of none of them may end a person's name.
  std::vector<std::uint32_t> name_classes_;
  // Relations whose values are locations and whose subjects are not
  // people (country, continent, administrative area, headquarters): what a
  // bare locative ("X is in Y", "X lies in Y") may state, chosen by type.
  std::vector<const Kinds*> locative_;
  std::vector<std::uint32_t> broad_places_;  // country#1, #2, continent
};

}  // namespace factline::internal

#endif  // FACTLINE_ATOMS_INTERNAL_RELATION_TYPES_H_
