// The clause grammar: finds subject, relation phrase and value in one
// statement by general clause shapes (copula with possessive or of-phrase,
// compound noun, verb phrase with particles and prepositions, passive,
// has/holds-phrases, adjectival compounds, value-first clefts and relative
// clauses "V is where S R" / "V is the N that S R", type nouns before a
// value "the continent of V" / "its capital V", "S is a N prep V", verb
// idioms "took place in V" / "makes his living as V", names spanning "of"
// or a possessive), and resolves speaker, addressee and pronouns to
// entities. A type noun joins the relation phrase as evidence for the
// canonicaliser ("belongs to continent"); negation stays in it ("not
// like"). Text in, raw phrases out: mapping the relation
// phrase to a key is the canonicaliser's job (atoms/internal/canonical.h).
#ifndef FACTLINE_ATOMS_INTERNAL_GRAMMAR_H_
#define FACTLINE_ATOMS_INTERNAL_GRAMMAR_H_

#include <functional>
#include <string>
#include <string_view>

#include "atoms/atoms.h"

namespace factline::internal {

// What kind of phrase names the relation; the canonicaliser compares like
// with like.
enum class PhraseKind {
  kNoun,     // "S's R is V", "The R of S is V", "S holds a R of V"
  kVerb,     // "S works at V", "S is originally from V" (copula + particle)
  kPassive,  // "S is represented by V", "S was founded by V"
};

struct Clause {
  std::string subject;   // display form, referents resolved
  std::string relation;  // the relation phrase as written, lower case
  std::string value;     // display form
  PhraseKind kind = PhraseKind::kNoun;
  std::string shape;        // which clause shape read it, e.g. "S's R is V"
  std::string subject_ref;  // how the subject was resolved ("speaker", ...)
  bool relation_capitalised = false;  // a title ("Prime Minister")
  // "V is the town where S was born": the type noun the relation phrase
  // ends in ("born in town"); empty when none.
  std::string type_noun;
};

// Reads one clause. NotFound with the reason when no shape yields a
// non-empty subject, relation and value. `context` supplies the user entity,
// the speaker and the chunk's earlier subjects (for pronouns).
// `known` says whether a noun phrase names a lexicon relation; it picks the
// split of "the country of citizenship of S" (may be empty).
using KnownRelation = std::function<bool(const std::string& noun_phrase)>;
Result<Clause> ReadClause(std::string_view text, const ParseContext& context,
                          const KnownRelation& known = {});

// Reads a sentence that may hold several clauses ("I just switched teams,
// I'm now on the payments team."): a trailing correction (", not Dev") is
// dropped; when two or more comma-separated parts read as clauses the last
// one wins (the later statement is the current one).
Result<Clause> ReadSentence(std::string_view text, const ParseContext& context,
                            const KnownRelation& known = {});

// A lexicon template's subject capture is whatever precedes the template's
// words, so a verb group leaks into it: "Kenji has" (moved to), "I've",
// "Seinfeld first" (aired on), "Marie Curie actually" (attended). Drops
// auxiliaries, contractions and light adverbs at its end and discourse
// openers at its start. Returns false when the capture is no noun phrase
// the template may key (negation "never", a modal, "previously", a
// coordination "S left X and"): the clause grammar reads the sentence
// instead.
bool CleanTemplateSubject(std::string* subject);

}  // namespace factline::internal

#endif  // FACTLINE_ATOMS_INTERNAL_GRAMMAR_H_
